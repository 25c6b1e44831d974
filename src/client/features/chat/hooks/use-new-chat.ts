import { atom, useAtomValue, useSetAtom } from "jotai";
import { useCallback } from "react";
import { useLocation } from "wouter";
import type { ChatAttachment } from "../../../../contract/chat.ts";
import { Timing } from "../../../../contract/constants.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { getDeviceNo } from "../../../shared/storage/device-no.ts";
import { newChatId, newChatPath } from "../model/chat-id.ts";
import { useLockedAction } from "./use-locked-action.ts";

/** Whose chats these are: the signed-in user's id, else this device's visitor id (the device number). */
export function useChatOwner(): string {
  const userId = useAtomValue(userIdAtom);
  return userId || getDeviceNo();
}

/** What a page other than the chat asked to send: the chat page picks it up and sends it 500 ms after opening. */
export interface PendingSend {
  msggroup: string;
  question: string;
  attachments: readonly ChatAttachment[];
}

export const pendingSendAtom = atom<PendingSend | null>(null);

/** The path of a fresh chat, for links ("Ask your own question"). */
export function useNewChatHref(): (message?: string) => string {
  const owner = useChatOwner();
  return useCallback((message) => newChatPath(newChatId(owner), message ? { message } : {}), [owner]);
}

export interface StartChatOptions {
  question?: string;
  attachments?: readonly ChatAttachment[];
  /** replaces the current history entry (the menu drawer does, so back returns where it was opened) */
  replace?: boolean;
}

/** Opens a new chat (spec §4), at most once a second; with a question it is sent once the chat opens. */
export function useStartNewChat(): (options?: StartChatOptions) => void {
  const owner = useChatOwner();
  const [, navigate] = useLocation();
  const setPending = useSetAtom(pendingSendAtom);
  const [start] = useLockedAction((options: StartChatOptions = {}) => {
    const id = newChatId(owner);
    const question = options.question?.trim() ?? "";
    const attachments = options.attachments ?? [];
    setPending(question || attachments.length > 0 ? { msggroup: id, question, attachments } : null);
    navigate(newChatPath(id, question ? { message: question } : {}), { replace: options.replace ?? false });
  }, Timing.debounceMs);
  return start;
}
