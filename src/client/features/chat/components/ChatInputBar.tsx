import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { ChatAttachment } from "../../../../contract/chat.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { searchTabAtom } from "../../../shared/settings/settings.ts";
import { Icon } from "../../../shared/ui/Icon.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { polishInstruction } from "../api/chat-mutations.ts";
import { chatLanguage } from "../api/chat-paths.ts";
import { type AttachmentsDeps, useAttachments } from "../hooks/use-attachments.ts";
import { useMobileKeyboard } from "../hooks/use-mobile-keyboard.ts";
import { enterAction, QUESTION_MAX, questionState } from "../model/input-rules.ts";
import { AttachmentList } from "./AttachmentList.tsx";
import { ModeTabs } from "./ModeTabs.tsx";
import { problemText } from "./problem-text.ts";
import { SwapQuestions } from "./SwapQuestions.tsx";
import { UploadMenu } from "./UploadMenu.tsx";

export interface ChatInput {
  question: string;
  attachments: ChatAttachment[];
}

export interface ChatInputBarProps {
  /** true when the question was taken (the box empties); false keeps it (e.g. another answer streams) */
  onSend: (input: ChatInput) => boolean | Promise<boolean>;
  streaming?: boolean;
  stopping?: boolean;
  onStop?: () => void;
  /** shows the voice button */
  onVoice?: () => void;
  voiceActive?: boolean;
  /** text to put in the box (voice transcript); replaces what is there */
  fill?: { text: string; at: number } | undefined;
  autoFocus?: boolean;
  /** extra controls in the tool row (e.g. a model picker the app composes in) */
  extraTools?: ReactNode;
  attachmentsDeps?: AttachmentsDeps;
}

type Notice = "waitUploading" | "uploadLengthTip" | "updataError";

/**
 * The chat input bar (spec §2, §4, §5): a multi-line question of up to 5000 characters, the mode tabs, the
 * upload menu with previews, voice, polish (undoable) and send/stop.
 */
export function ChatInputBar({
  onSend,
  streaming = false,
  stopping = false,
  onStop,
  onVoice,
  voiceActive = false,
  fill,
  autoFocus = false,
  extraTools,
  attachmentsDeps,
}: ChatInputBarProps) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const mode = useAtomValue(searchTabAtom);
  const mobileKeyboard = useMobileKeyboard();
  const [text, setText] = useState("");
  const [beforePolish, setBeforePolish] = useState<string | null>(null);
  const [polishing, setPolishing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const attachments = useAttachments(attachmentsDeps);
  const box = useRef<HTMLTextAreaElement>(null);
  const state = questionState(text);
  const hasAttachments = attachments.drafts.length > 0;
  const canSend = !streaming && !state.over && (!state.blank || hasAttachments);

  useEffect(() => {
    if (fill) {
      setText(fill.text);
      setBeforePolish(null);
    }
  }, [fill]);

  // the chat page's one text box: focus goes where the user types next (not on phones: the keyboard would jump up)
  useEffect(() => {
    if (autoFocus && !mobileKeyboard) box.current?.focus();
  }, [autoFocus, mobileKeyboard]);

  useEffect(() => {
    if (attachments.uploadFailed) setNotice("updataError");
  }, [attachments.uploadFailed]);

  const send = async (question: string = text) => {
    if (streaming) return;
    if (attachments.uploading) {
      setNotice("waitUploading");
      return;
    }
    if (question.length > QUESTION_MAX) {
      setNotice("uploadLengthTip");
      return;
    }
    const trimmed = question.trim();
    if (!trimmed && attachments.ready.length === 0) return;
    setNotice(null);
    const taken = await onSend({ question: trimmed, attachments: attachments.ready });
    if (taken && question === text) {
      setText("");
      setBeforePolish(null);
      attachments.clear();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = enterAction(
      {
        key: event.key,
        shiftKey: event.shiftKey,
        isComposing: event.nativeEvent.isComposing,
        keyCode: event.keyCode,
      },
      { mobileKeyboard },
    );
    if (action !== "send") return;
    event.preventDefault();
    void send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const polish = async () => {
    if (state.blank || state.over || polishing) return;
    setPolishing(true);
    try {
      const revised = await polishInstruction(text.trim(), chatLanguage(i18n.locale));
      if (revised.trim()) {
        setBeforePolish(text);
        setText(revised);
      }
    } catch (error) {
      toast.show(messageForKey(isApiError(error) ? error.key : "Serverbusy"), "error");
    } finally {
      setPolishing(false);
    }
  };

  const length = state.length;
  const max = QUESTION_MAX;
  return (
    <form className="chat-input" aria-label={t`Ask MountainLion`} onSubmit={onSubmit}>
      <ModeTabs />
      {mode === "aiSwap" ? <SwapQuestions disabled={streaming} onAsk={(question) => void send(question)} /> : null}
      <AttachmentList drafts={attachments.drafts} progress={attachments.progress} onRemove={attachments.remove} />
      {attachments.problems.length > 0 || notice ? (
        <div className="chat-input__notices" role="alert">
          {attachments.problems.map((problem) => (
            <p key={`${problem.kind}:${problem.name}`}>{problemText(i18n, problem)}</p>
          ))}
          {notice ? <p>{i18n._(messageForKey(notice))}</p> : null}
        </div>
      ) : null}
      <div className="chat-input__box" data-over={state.over || undefined}>
        <textarea
          ref={box}
          className="chat-input__text"
          aria-label={t`Question`}
          aria-invalid={state.over || undefined}
          placeholder={
            mobileKeyboard
              ? t`Ask about any token…`
              : t`Ask about any token… (Enter to send, Shift+Enter for a new line)`
          }
          value={text}
          rows={1}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setBeforePolish(null);
            if (notice === "uploadLengthTip" || notice === "waitUploading") setNotice(null);
          }}
          onKeyDown={onKeyDown}
        />
        {state.showCounter ? (
          <span className="chat-input__counter" data-over={state.over || undefined}>
            {t`${length} / ${max} characters`}
          </span>
        ) : null}
      </div>
      <div className="chat-input__tools">
        <UploadMenu
          disabled={streaming}
          onImages={(files) => void attachments.addImages(files)}
          onPdf={(file) => void attachments.addPdf(file)}
        />
        {onVoice ? (
          <button
            type="button"
            className="icon-button button button--ghost"
            aria-label={t`Voice input`}
            aria-pressed={voiceActive}
            onClick={onVoice}
          >
            <Icon name="mic" size={18} />
          </button>
        ) : null}
        {beforePolish !== null ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setText(beforePolish);
              setBeforePolish(null);
            }}
          >
            {t`Undo polish`}
          </button>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            disabled={state.blank || state.over || polishing}
            aria-busy={polishing || undefined}
            onClick={() => void polish()}
          >
            {polishing ? t`Polishing…` : t`Polish`}
          </button>
        )}
        {extraTools}
        <span className="chat-input__spacer" />
        {streaming ? (
          <button type="button" className="button button--secondary" disabled={stopping} onClick={onStop}>
            {t`Stop`}
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={!canSend}>
            {t`Send`}
          </button>
        )}
      </div>
    </form>
  );
}
