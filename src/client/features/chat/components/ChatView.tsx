import { Trans, useLingui } from "@lingui/react/macro";
import { useAtom, useSetAtom } from "jotai";
import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { ChatAttachment } from "../../../../contract/chat.ts";
import { Timing } from "../../../../contract/constants.ts";
import { useHost } from "../../../host/host-context.tsx";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { deleteMessages, type SharedLink, shareMessages } from "../api/chat-mutations.ts";
import { type SendResult, useChatSession } from "../hooks/use-chat-session.ts";
import { useLockedAction } from "../hooks/use-locked-action.ts";
import { type PendingSend, pendingSendAtom, useStartNewChat } from "../hooks/use-new-chat.ts";
import { basicEditionTip, useVoiceChat } from "../hooks/use-voice-chat.ts";
import { type ChatItem, quotaCode } from "../model/chat-item.ts";
import { copyText } from "../model/copy-text.ts";
import { canShare, SHARE_MAX, toggleSelection } from "../model/share-rules.ts";
import { ChatInputBar } from "./ChatInputBar.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import type { CopyFormat } from "./CopyActions.tsx";
import { usePreloadMarkdown } from "./MarkdownText.tsx";
import { MessageItem, type SelectionMode } from "./MessageItem.tsx";
import { QuotaDialog } from "./QuotaDialog.tsx";
import { RecommendedQuestions } from "./RecommendedQuestions.tsx";
import { SelectionBar } from "./SelectionBar.tsx";
import { ShareDialog } from "./ShareDialog.tsx";
import { VoicePanel } from "./VoicePanel.tsx";
import "./chat.css";

export interface ChatViewProps {
  msggroup: string;
  /** opened as a new chat (type=newChat): nothing stored to load */
  isNew: boolean;
  /** the question of ?message=…, sent 500 ms after opening (spec §4) */
  initialQuestion?: string | undefined;
  /** the initial question was sent: the page drops it from the address so a reload does not ask again */
  onInitialSent?: () => void;
  /** controls the app composes into the input bar */
  inputTools?: ReactNode;
  /** the agent the chat is with (spec §3 agent_id): every question sent carries it */
  agentId?: string;
  /** the agent's opening, shown first in place of the empty chat's greeting (the app composes it) */
  opening?: (chat: ChatOpeningProps) => ReactNode;
  /**
   * Asked before the input bar sends (the app composes the strategy-diagram unlock of spec §4): false keeps the
   * question and its attachments in the input, unsent.
   */
  beforeSend?: (send: {
    msggroup: string;
    question: string;
    attachments: readonly ChatAttachment[];
  }) => Promise<boolean>;
  /**
   * spec §8 20006: redeems one more chat with points for a refused answer (the app composes the redeem dialog);
   * true when redeemed, and the question is asked again
   */
  redeemChat?: (refused: { msggroup: string; msgid: string }) => Promise<boolean>;
}

/** What the chat gives an agent's opening: a way to ask, and whether it may. */
export interface ChatOpeningProps {
  ask: (question: string) => void;
  /** an answer is streaming */
  busy: boolean;
  /** the chat has (or is about to send) its first question */
  started: boolean;
}

function nearBottom(): boolean {
  const doc = document.documentElement;
  return window.innerHeight + window.scrollY >= doc.scrollHeight - 160;
}

/** The chat page's body: the conversation, the input bar or the selection bar, and their dialogs. */
export function ChatView({
  msggroup,
  isNew,
  initialQuestion,
  onInitialSent,
  inputTools,
  agentId = "",
  opening,
  beforeSend,
  redeemChat,
}: ChatViewProps) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const host = useHost();
  const session = useChatSession(msggroup, isNew, agentId);
  usePreloadMarkdown();
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  const startNewChat = useStartNewChat();
  const [pending, setPending] = useAtom(pendingSendAtom);
  const [quotaOpen, setQuotaOpen] = useState(false);
  const [selecting, setSelecting] = useState<SelectionMode | null>(null);
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [shared, setShared] = useState<SharedLink | null>(null);
  const titleId = useId();

  const ask = useCallback(
    (question: string, attachments: readonly ChatAttachment[] = []): Promise<SendResult> | null => {
      const sent = session.send({ question, attachments });
      void sent?.then(({ outcome }) => {
        const code =
          outcome.kind === "error" ? outcome.event.code : outcome.kind === "rejected" ? outcome.error.code : undefined;
        if (code !== undefined && quotaCode(code) === 5004) setQuotaOpen(true);
        if (outcome.kind === "rejected" && outcome.error.key === "loginFirst") {
          toast.show(messageKeyText.loginFirst, "info");
          openSignIn(true);
        }
      });
      return sent;
    },
    [openSignIn, session, toast],
  );
  const voice = useVoiceChat(ask);
  /** a question the user sent (typed, or a related question tapped): a light tap in Telegram */
  const askByUser = (question: string, attachments?: readonly ChatAttachment[]) => {
    const sent = ask(question, attachments);
    if (sent) host.haptics.impact("light");
    return sent;
  };

  /** A question from the input bar (or asked again after a chat was redeemed), once the app's check lets it go. */
  const sendChecked = async (question: string, attachments: readonly ChatAttachment[]): Promise<boolean> => {
    if (beforeSend && !(await beforeSend({ msggroup, question, attachments }))) return false;
    return askByUser(question, attachments) !== null;
  };

  // The question a new chat was opened with: from the home page (with its attachments) or ?message=.
  const initial = useRef<PendingSend | null | undefined>(undefined);
  if (initial.current === undefined) {
    initial.current =
      pending?.msggroup === msggroup
        ? pending
        : initialQuestion
          ? { msggroup, question: initialQuestion, attachments: [] }
          : null;
  }
  const latest = useRef({ ask, onInitialSent, setPending });
  latest.current = { ask, onInitialSent, setPending };
  useEffect(() => {
    const first = initial.current;
    if (!first) return;
    const timer = setTimeout(() => {
      initial.current = null;
      latest.current.setPending(null);
      latest.current.onInitialSent?.();
      latest.current.ask(first.question, first.attachments);
    }, Timing.newChatSendDelayMs);
    return () => clearTimeout(timer);
  }, []);

  // Follow the answer as it grows, unless the user scrolled up to read.
  const follow = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      follow.current = nearBottom();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  // to the page's foot, not the list's: the input bar sticks over the last lines otherwise
  useLayoutEffect(() => {
    if (follow.current && session.items.length > 0 && typeof window.scrollTo === "function") {
      window.scrollTo({ top: document.documentElement.scrollHeight });
    }
  }, [session.items]);

  const exitSelection = () => {
    setSelecting(null);
    setSelected([]);
  };

  const onSelectMode = (mode: SelectionMode, item: ChatItem) => {
    setSelecting(mode);
    if (!item.code) {
      setSelected([]);
      return;
    }
    // sharing an answer takes its question along
    const index = session.items.findIndex((candidate) => candidate.id === item.id);
    const question = session.items[index - 1];
    setSelected(
      mode === "share" && item.role === "assistant" && question?.role === "user" && question.code
        ? [question.code, item.code]
        : [item.code],
    );
  };
  const onToggleSelect = (item: ChatItem) => {
    if (!item.code) return;
    const next = toggleSelection(selected, item.code, selecting === "share" ? SHARE_MAX : Number.POSITIVE_INFINITY);
    if (next.refused) toast.show(messageKeyText.chooseChat, "error");
    setSelected(next.selection);
  };
  const inOrder = (codes: readonly string[]) =>
    session.items.flatMap((item) => (item.code && codes.includes(item.code) ? [item.code] : []));

  const [share, shareLocked] = useLockedAction(() => {
    if (!canShare(selected)) {
      host.haptics.notification("error");
      toast.show(messageKeyText.chooseChat, "error");
      return;
    }
    host.haptics.impact("medium");
    setShared(null);
    setShareOpen(true);
    shareMessages(msggroup, inOrder(selected))
      .then(setShared)
      .catch((error: unknown) => {
        setShareOpen(false);
        toast.show(messageForKey(isApiError(error) ? error.key : "Serverbusy"), "error");
      });
  }, Timing.shareLockMs);

  const [askDelete, deleteLocked] = useLockedAction(() => {
    if (selected.length === 0) {
      toast.show(messageKeyText.required, "error");
      return;
    }
    setConfirmDelete(true);
  }, Timing.debounceMs);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteMessages(selected);
      session.remove(selected);
      toast.show(messageKeyText.delSuccess, "success");
      setConfirmDelete(false);
      exitSelection();
    } catch (error) {
      toast.show(messageForKey(isApiError(error) ? error.key : "Serverbusy"), "error");
    } finally {
      setDeleting(false);
    }
  };

  const copy = async (item: ChatItem, format: CopyFormat) => {
    try {
      await navigator.clipboard.writeText(format === "markdown" ? item.content : copyText(item.content));
      host.haptics.notification("success");
      toast.show(messageKeyText.copySuccess, "success");
    } catch {
      // spec §8: copy failures are ignored
    }
  };
  const rate = async (item: ChatItem, value: -1 | 0 | 1) => {
    host.haptics.impact("light");
    if (!(await session.rate(item, value))) {
      host.haptics.notification("error");
      toast.show(messageKeyText.Serverbusy, "error");
    }
  };

  const items = session.items;
  const firstQuestion = items.find((item) => item.role === "user")?.content;
  const waiting = Boolean(initial.current);
  const sharedMessages = items
    .filter((item) => item.code && selected.includes(item.code))
    .map((item) => ({ role: item.role, content: item.content }));

  return (
    <section className="chat" aria-labelledby={titleId}>
      <h1 id={titleId} className="visually-hidden">
        {firstQuestion ? firstQuestion.slice(0, 80) : t`New chat`}
      </h1>
      <div className="chat__messages">
        {opening?.({
          ask: (question) => void askByUser(question),
          busy: session.streaming,
          started: items.length > 0 || waiting || session.loading,
        })}
        {session.loadError ? (
          <LoadError onRetry={session.refresh}>
            <Trans>This chat could not be loaded.</Trans>
          </LoadError>
        ) : null}
        {session.loading && items.length === 0 ? (
          <p className="chat__loading" aria-busy="true">
            <span className="spinner" aria-hidden="true" />
            <Trans>Loading the chat…</Trans>
          </p>
        ) : null}
        {!opening && items.length === 0 && !session.loading && !session.loadError && !waiting ? (
          <div className="chat__empty">
            <p className="chat__greeting">
              <Trans>What would you like to know about crypto today?</Trans>
            </p>
            <RecommendedQuestions disabled={session.streaming} onAsk={(question) => askByUser(question)} />
          </div>
        ) : null}
        {items.length > 0 ? (
          <ol className="chat__list" aria-label={t`Messages`}>
            {items.map((item, index) => {
              const previous = items[index - 1];
              return (
                <MessageItem
                  key={item.id}
                  item={item}
                  question={item.role === "assistant" && previous?.role === "user" ? previous.content : undefined}
                  selecting={selecting}
                  selected={item.code !== null && selected.includes(item.code)}
                  last={index === items.length - 1}
                  busy={session.streaming}
                  onRate={(target, value) => void rate(target, value)}
                  onCopy={(target, format) => void copy(target, format)}
                  onSelectMode={onSelectMode}
                  onToggleSelect={onToggleSelect}
                  onAsk={(question) => askByUser(question)}
                  onRefresh={session.refresh}
                  onRedeem={
                    redeemChat
                      ? (refused) => {
                          const question = previous?.role === "user" ? previous : undefined;
                          void redeemChat({ msggroup, msgid: refused.id }).then((redeemed) => {
                            if (redeemed && question) void sendChecked(question.content, question.attachments);
                          });
                        }
                      : undefined
                  }
                />
              );
            })}
          </ol>
        ) : null}
      </div>
      <div className="chat__footer">
        {voice.tip ? (
          <p className="chat__tip" role="status">
            {i18n._(basicEditionTip)}
          </p>
        ) : null}
        {voice.active ? (
          <VoicePanel
            input={voice.input.state}
            transcript={voice.input.transcript}
            speaker={voice.speaker.state}
            answering={voice.answering}
            onSend={voice.input.sendNow}
            onSayAgain={voice.sayAgain}
            onNewChat={() => {
              voice.end();
              startNewChat();
            }}
            onPause={voice.speaker.pause}
            onPlay={voice.speaker.resume}
            onClose={voice.end}
          />
        ) : null}
        {selecting ? (
          <SelectionBar
            mode={selecting}
            count={selected.length}
            locked={selecting === "share" ? shareLocked : deleteLocked}
            onConfirm={selecting === "share" ? share : askDelete}
            onCancel={exitSelection}
          />
        ) : (
          <ChatInputBar
            autoFocus
            streaming={session.streaming}
            stopping={session.stopping}
            onStop={() => void session.stop()}
            onVoice={voice.toggle}
            voiceActive={voice.active}
            extraTools={inputTools}
            onSend={({ question, attachments }) => sendChecked(question, attachments)}
          />
        )}
      </div>
      <QuotaDialog open={quotaOpen} onClose={() => setQuotaOpen(false)} />
      <ConfirmDialog
        open={confirmDelete}
        title={t`Delete messages?`}
        confirmLabel={t`Delete`}
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      >
        <p>{t`The selected messages will be deleted. This cannot be undone.`}</p>
      </ConfirmDialog>
      <ShareDialog
        open={shareOpen}
        link={shared}
        messages={sharedMessages}
        onClose={() => {
          setShareOpen(false);
          exitSelection();
        }}
      />
    </section>
  );
}
