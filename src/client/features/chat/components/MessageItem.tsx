import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { ChatAttachment } from "../../../../contract/chat.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { Icon } from "../../../shared/ui/Icon.tsx";
import type { ChatItem } from "../model/chat-item.ts";
import { Citations, ToolLines } from "./AnswerNotes.tsx";
import { CopyActions, type CopyFormat } from "./CopyActions.tsx";
import { MarkdownText } from "./MarkdownText.tsx";

export type SelectionMode = "share" | "delete";

export interface MessageActions {
  onRate(item: ChatItem, rate: -1 | 0 | 1): void;
  /** plain text (what the reader sees) or the markdown as written */
  onCopy(item: ChatItem, format: CopyFormat): void;
  onSelectMode(mode: SelectionMode, item: ChatItem): void;
  onToggleSelect(item: ChatItem): void;
  /** a related question, or the same question again after a failed answer */
  onAsk(question: string): void;
  onRefresh(): void;
  /**
   * spec §8 20006: redeem one more chat with points for this refused answer (the app composes the redeem dialog);
   * without it "Redeem with points" links to the points center
   */
  onRedeem?(item: ChatItem): void;
}

export interface MessageItemProps extends MessageActions {
  item: ChatItem;
  /** the question this answer answers (to ask it again) */
  question: string | undefined;
  selecting: SelectionMode | null;
  selected: boolean;
  /** related questions show under the last answer only */
  last: boolean;
  /** another answer is streaming: nothing new may be asked */
  busy: boolean;
}

function Attachments({ attachments }: { attachments: readonly ChatAttachment[] }) {
  const { t } = useLingui();
  if (attachments.length === 0) return null;
  return (
    <ul className="message__attachments" aria-label={t`Attachments`}>
      {attachments.map((attachment) =>
        attachment.type === "image" ? (
          <li key={attachment.url}>
            <a href={attachment.url} target="_blank" rel="noopener noreferrer">
              <img className="message__image" src={attachment.url} alt={t`Attachment`} loading="lazy" />
            </a>
          </li>
        ) : (
          <li key={attachment.fileId} className="message__pdf">
            <span aria-hidden="true">PDF</span> {attachment.name}
          </li>
        ),
      )}
    </ul>
  );
}

function AnswerProblem({
  item,
  question,
  busy,
  onAsk,
  onRefresh,
  onRedeem,
}: Omit<
  MessageItemProps,
  "selecting" | "selected" | "last" | "onRate" | "onCopy" | "onSelectMode" | "onToggleSelect"
>) {
  const { t, i18n } = useLingui();
  const error = item.error;
  if (!error) return null;
  if (error.kind === "stream") {
    return (
      <div className="answer__problem" role="alert">
        <p>{t`The answer stream was interrupted. Refresh to see what was saved.`}</p>
        <button type="button" className="button button--secondary" onClick={onRefresh}>
          {t`Refresh`}
        </button>
      </div>
    );
  }
  const quota = error.code === 5004 || error.code === 20006;
  const text =
    error.kind === "rejected" || quota ? i18n._(messageForKey(error.key)) : t`The answer could not be completed.`;
  return (
    <div className="answer__problem" role="alert">
      <p>{text}</p>
      {error.code === 20006 ? (
        onRedeem ? (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => onRedeem(item)}>
            {t`Redeem with points`}
          </button>
        ) : (
          <Link href="/pointsCenter/" className="button button--secondary">
            {t`Redeem with points`}
          </Link>
        )
      ) : null}
      {!quota && question !== undefined && error.key !== "loginFirst" ? (
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => onAsk(question)}>
          {t`Ask again`}
        </button>
      ) : null}
    </div>
  );
}

/** The server writing the answer went down mid-answer: the text above is what was kept. */
function Interrupted({ question, busy, onAsk }: Pick<MessageItemProps, "question" | "busy" | "onAsk">) {
  const { t } = useLingui();
  return (
    <div className="answer__problem">
      <p className="answer__note">{t`Answer interrupted`}</p>
      {question !== undefined ? (
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => onAsk(question)}>
          {t`Ask again`}
        </button>
      ) : null}
    </div>
  );
}

function AnswerActions({
  item,
  onRate,
  onCopy,
  onSelectMode,
}: Pick<MessageItemProps, "item" | "onRate" | "onCopy" | "onSelectMode">) {
  const { t } = useLingui();
  if (!item.code || item.status === "streaming") return null;
  return (
    <div className="answer__actions">
      <CopyActions onCopy={(format) => onCopy(item, format)} />
      <button
        type="button"
        className="chip-button"
        aria-pressed={item.rate === 1}
        aria-label={t`Good answer`}
        onClick={() => onRate(item, item.rate === 1 ? 0 : 1)}
      >
        <Icon name="thumbUp" size={16} />
      </button>
      <button
        type="button"
        className="chip-button"
        aria-pressed={item.rate === -1}
        aria-label={t`Bad answer`}
        onClick={() => onRate(item, item.rate === -1 ? 0 : -1)}
      >
        <Icon name="thumbDown" size={16} />
      </button>
      <button type="button" className="chip-button" onClick={() => onSelectMode("share", item)}>
        {t`Share`}
      </button>
      <button type="button" className="chip-button" onClick={() => onSelectMode("delete", item)}>
        {t`Delete`}
      </button>
    </div>
  );
}

/** One question (plain text, as typed) or answer (markdown, tools, sources, actions, related questions). */
export function MessageItem(props: MessageItemProps) {
  const { t } = useLingui();
  const { item, selecting, selected, last, busy, onToggleSelect, onAsk } = props;
  const isAnswer = item.role === "assistant";
  const selectable = selecting !== null && item.code !== null && item.status !== "streaming";
  return (
    <li className={`message message--${isAnswer ? "answer" : "question"}`} data-selected={selected || undefined}>
      <article
        className="message__body"
        aria-label={isAnswer ? t`Answer` : t`Your question`}
        aria-busy={item.status === "streaming"}
      >
        {selectable ? (
          <input
            type="checkbox"
            className="message__select"
            aria-label={isAnswer ? t`Select this answer` : t`Select this question`}
            checked={selected}
            onChange={() => onToggleSelect(item)}
          />
        ) : null}
        {isAnswer ? (
          <>
            <ToolLines tools={item.tools} />
            {item.content ? (
              <MarkdownText text={item.content} />
            ) : item.status === "streaming" ? (
              <p className="answer__thinking">
                <span className="spinner" aria-hidden="true" />
                <Trans>Thinking…</Trans>
              </p>
            ) : null}
            {item.status === "stopped" ? <p className="answer__note">{t`Stopped`}</p> : null}
            {item.status === "interrupted" ? <Interrupted question={props.question} busy={busy} onAsk={onAsk} /> : null}
            <AnswerProblem
              item={item}
              question={props.question}
              busy={busy}
              onAsk={onAsk}
              onRefresh={props.onRefresh}
              onRedeem={props.onRedeem}
            />
            {item.status !== "streaming" && item.tools.length === 0 ? <Citations citations={item.citations} /> : null}
            {selecting === null ? <AnswerActions {...props} /> : null}
          </>
        ) : (
          <>
            <Attachments attachments={item.attachments} />
            {item.content ? <p className="question__text">{item.content}</p> : null}
          </>
        )}
      </article>
      {isAnswer && last && item.related.length > 0 && selecting === null ? (
        <ul className="related" aria-label={t`Related questions`}>
          {item.related.map((question) => (
            <li key={question}>
              <button type="button" className="related__question" disabled={busy} onClick={() => onAsk(question)}>
                {question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
