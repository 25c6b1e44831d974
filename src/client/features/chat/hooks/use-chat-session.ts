import { useLingui } from "@lingui/react";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatAttachment } from "../../../../contract/chat.ts";
import { useHost } from "../../../host/host-context.tsx";
import { answerModelAtom, searchTabAtom } from "../../../shared/settings/settings.ts";
import { rateAnswer, stopChat } from "../api/chat-mutations.ts";
import { chatLanguage } from "../api/chat-paths.ts";
import { type ChatStreamHandle, type ChatStreamOutcome, startChatStream } from "../api/chat-stream.ts";
import { useMessageList } from "../api/get-message-list.ts";
import { useRevalidateChatGroups } from "../api/get-msg-group-list.ts";
import {
  applyChatEvent,
  applyOutcome,
  type ChatItem,
  itemFromMessage,
  newAnswer,
  newQuestion,
  stopAnswer,
} from "../model/chat-item.ts";

export interface SendInput {
  question: string;
  attachments?: readonly ChatAttachment[];
}

export interface SendResult {
  outcome: ChatStreamOutcome;
  /** the answer as it ended */
  answer: ChatItem;
}

export interface ChatSession {
  items: readonly ChatItem[];
  /** the stored messages are loading (an existing chat opened) */
  loading: boolean;
  loadError: boolean;
  streaming: boolean;
  stopping: boolean;
  /** null when an answer is already streaming (nothing is sent) */
  send(input: SendInput): Promise<SendResult> | null;
  stop(): Promise<void>;
  /** reloads the stored messages (after a broken stream: the server kept what was written) */
  refresh(): void;
  rate(item: ChatItem, rate: -1 | 0 | 1): Promise<boolean>;
  remove(codes: readonly string[]): void;
}

/**
 * One chat: its stored messages, and the answer being streamed. Sending appends the question and an empty
 * answer at once; stream events fill the answer in; leaving the page aborts the stream (the server keeps
 * the partial answer). A chat with an agent sends the agent's id with every question.
 */
export function useChatSession(msggroup: string, isNew: boolean, agentId = ""): ChatSession {
  const { i18n } = useLingui();
  const host = useHost();
  const model = useAtomValue(answerModelAtom);
  const mode = useAtomValue(searchTabAtom);
  const revalidateGroups = useRevalidateChatGroups();
  const [fetchEnabled, setFetchEnabled] = useState(!isNew);
  const list = useMessageList(msggroup, fetchEnabled);
  const [items, setItems] = useState<readonly ChatItem[]>([]);
  const [streaming, setStreaming] = useState(false);
  const [stopping, setStopping] = useState(false);
  const handle = useRef<ChatStreamHandle | null>(null);
  /** ends the streaming answer on screen where it is (Stop), before the server has confirmed */
  const freeze = useRef<(() => void) | null>(null);

  // The stored list replaces the local one, except while an answer streams into it.
  useEffect(() => {
    if (list.data && !handle.current) setItems(list.data.list.map(itemFromMessage));
  }, [list.data]);

  useEffect(
    () => () => {
      handle.current?.abort();
      handle.current = null;
      host.setClosingConfirmation(false);
    },
    [host],
  );

  const send = useCallback(
    ({ question, attachments = [] }: SendInput): Promise<SendResult> | null => {
      if (handle.current) return null;
      const asked = newQuestion(question, attachments);
      let answer = newAnswer();
      const answerId = answer.id;
      const update = (id: string, change: (item: ChatItem) => ChatItem) =>
        setItems((current) => current.map((item) => (item.id === id ? change(item) : item)));
      const advance = (change: (item: ChatItem) => ChatItem) => {
        answer = change(answer);
        const next = answer;
        update(answerId, (item) => ({ ...next, rate: item.rate }));
      };
      let startRefresh: Promise<unknown> = Promise.resolve();
      setItems((current) => [...current, asked, answer]);
      setStreaming(true);
      host.setClosingConfirmation(true);
      const started = startChatStream(
        {
          msggroup,
          question,
          model,
          mode,
          language: chatLanguage(i18n.locale),
          attachments: [...attachments],
          agentId,
        },
        {
          onEvent(event) {
            if (event.type === "start") {
              update(asked.id, (item) => ({ ...item, code: event.data.questionCode }));
              startRefresh = revalidateGroups().catch(() => undefined);
            }
            advance((item) => applyChatEvent(item, event));
          },
        },
      );
      handle.current = started;
      freeze.current = () => advance(stopAnswer);
      return started.result.then((outcome) => {
        if (handle.current !== started) return { outcome, answer };
        handle.current = null;
        freeze.current = null;
        advance((item) => applyOutcome(item, outcome));
        setStreaming(false);
        setStopping(false);
        host.setClosingConfirmation(false);
        // once the start's reload has settled: identical reads in flight are shared, and that one may have
        // been answered before the chat was stored
        void startRefresh.then(() => revalidateGroups()).catch(() => undefined);
        return { outcome, answer };
      });
    },
    [agentId, host, i18n, model, mode, msggroup, revalidateGroups],
  );

  const stop = useCallback(async () => {
    const current = handle.current;
    if (!current) return;
    // nothing more appears on screen from here, even while chunks still arrive before the stop takes effect
    freeze.current?.();
    setStopping(true);
    try {
      await stopChat(msggroup);
    } catch {
      // aborting below is enough: the server ends the model call when the client goes away
    }
    current.abort();
  }, [msggroup]);

  const refresh = useCallback(() => {
    if (handle.current) return;
    if (!fetchEnabled) {
      setFetchEnabled(true);
      return;
    }
    // the same stored list as before keeps its identity in swr, so the local items are replaced here
    void list.mutate().then((data) => {
      if (data && !handle.current) setItems(data.list.map(itemFromMessage));
    });
  }, [fetchEnabled, list]);

  const rate = useCallback(async (item: ChatItem, value: -1 | 0 | 1) => {
    if (!item.code) return false;
    const previous = item.rate;
    const set = (rate: number) =>
      setItems((current) =>
        current.map((candidate) => (candidate.id === item.id ? { ...candidate, rate } : candidate)),
      );
    set(value);
    try {
      await rateAnswer(item.code, value);
      return true;
    } catch {
      set(previous);
      return false;
    }
  }, []);

  const remove = useCallback((codes: readonly string[]) => {
    setItems((current) => current.filter((item) => !item.code || !codes.includes(item.code)));
  }, []);

  return {
    items,
    loading: fetchEnabled && !list.data && !list.error,
    loadError: Boolean(list.error) && !list.data,
    streaming,
    stopping,
    send,
    stop,
    refresh,
    rate,
    remove,
  };
}
