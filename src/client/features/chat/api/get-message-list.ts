import useSWR from "swr";
import type { z } from "zod";
import { messageListDataSchema } from "../../../../contract/chat.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { chatPaths } from "./chat-paths.ts";

export type MessageList = z.infer<typeof messageListDataSchema>;
export type MessageListKey = readonly [typeof chatPaths.messageList, string];

/** GET getMessageList?msggroup: a chat's questions and answers in order. */
export function getMessageList([, msggroup]: MessageListKey): Promise<MessageList> {
  return http.get(chatPaths.messageList, {
    parse: (data) => messageListDataSchema.parse(data),
    searchParams: { msggroup },
  });
}

/** A new chat has nothing stored yet: no request (null key). */
export function useMessageList(msggroup: string, enabled: boolean) {
  const key: MessageListKey | null = enabled ? [chatPaths.messageList, msggroup] : null;
  return useSWR<MessageList, ApiError>(key, getMessageList, { ...swrOptions, revalidateIfStale: false });
}
