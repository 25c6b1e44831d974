import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import type { z } from "zod";
import { msgGroupListDataSchema } from "../../../../contract/chat.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { chatPaths } from "./chat-paths.ts";

export type MsgGroupList = z.infer<typeof msgGroupListDataSchema>;

/** Keyed by the owner (user id or device), so signing in or out shows that owner's chats. */
export type ChatGroupsKey = readonly [typeof chatPaths.msgGroupList, string];

/** GET getMsgGroupList: the owner's chats, most recent activity first. */
export function getMsgGroupList(): Promise<MsgGroupList> {
  return http.get(chatPaths.msgGroupList, {
    parse: (data) => msgGroupListDataSchema.parse(data),
    searchParams: { page: 1, pageSize: 100 },
  });
}

export function useChatGroups(owner: string) {
  const key: ChatGroupsKey = [chatPaths.msgGroupList, owner];
  return useSWR<MsgGroupList, ApiError>(key, getMsgGroupList, swrOptions);
}

const isChatGroupsKey = (key: unknown) => Array.isArray(key) && key[0] === chatPaths.msgGroupList;

/**
 * Reloads the history list wherever it shows (a chat started, was renamed by its first answer or deleted);
 * settles when the reload has.
 */
export function useRevalidateChatGroups(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isChatGroupsKey), [mutate]);
}
