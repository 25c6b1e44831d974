import { Trans, useLingui } from "@lingui/react/macro";
import type { AttachmentDraft } from "../hooks/use-attachments.ts";
import { formatFileSize } from "../model/attachment-rules.ts";

/** The picked files before sending: image thumbnails, a PDF's name and size; each removable. */
export function AttachmentList({
  drafts,
  progress,
  onRemove,
}: {
  drafts: readonly AttachmentDraft[];
  progress: number | null;
  onRemove: (id: string) => void;
}) {
  const { t } = useLingui();
  if (drafts.length === 0 && progress === null) return null;
  return (
    <div className="attachments">
      {progress !== null ? (
        <div className="attachments__progress">
          <progress max={100} value={progress} aria-label={t`Upload progress`} />
          <span aria-hidden="true">{progress}%</span>
        </div>
      ) : null}
      <ul className="attachments__list" aria-label={t`Attached files`}>
        {drafts.map((draft) => {
          const name = draft.name;
          return (
            <li key={draft.id} className={`attachment attachment--${draft.kind}`} aria-busy={!draft.attachment}>
              {draft.kind === "image" ? (
                draft.previewUrl ? (
                  <img className="attachment__thumb" src={draft.previewUrl} alt={name} />
                ) : (
                  <span className="attachment__name">{name}</span>
                )
              ) : (
                <span className="attachment__file">
                  <span className="attachment__badge" aria-hidden="true">
                    PDF
                  </span>
                  <span className="attachment__name">{name}</span>
                  <span className="attachment__size">{formatFileSize(draft.size)}</span>
                </span>
              )}
              {draft.attachment ? null : (
                <span className="attachment__state">
                  <Trans>Uploading…</Trans>
                </span>
              )}
              <button
                type="button"
                className="attachment__remove"
                aria-label={t`Remove ${name}`}
                onClick={() => onRemove(draft.id)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
