import useSWR from "swr";
import type { z } from "zod";
import { getShareMessagesDataSchema } from "../../../../contract/chat.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { chatPaths } from "./chat-paths.ts";

export type SharedChatData = z.infer<typeof getShareMessagesDataSchema>;
export type SharedChatKey = readonly [typeof chatPaths.getShareMessages, string];

/** GET getShareMessages?code: the public snapshot behind /chatDetail/{code}. */
export function getShareMessages([, code]: SharedChatKey): Promise<SharedChatData> {
  return http.get(chatPaths.getShareMessages, {
    parse: (data) => getShareMessagesDataSchema.parse(data),
    searchParams: { code },
  });
}

export function useSharedChat(code: string) {
  const key: SharedChatKey = [chatPaths.getShareMessages, code];
  return useSWR<SharedChatData, ApiError>(key, getShareMessages, swrOptions);
}
