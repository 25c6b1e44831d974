import { useLingui } from "@lingui/react/macro";
import type { MouseEvent, ReactNode } from "react";
import { useHost } from "../../../host/host-context.tsx";
import { shortenAddress } from "../../../shared/format/address.ts";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { copyText } from "../../../shared/ui/copy-text.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";
import type { FormFailure, FormField, Tone } from "../ai-wallet-text.ts";

/** A value with its label and a Copy button named for it; "Copied." on success, silence on failure (spec §8). */
export function CopyRow({ label, value, shown = value }: { label: string; value: string; shown?: ReactNode }) {
  const { t } = useLingui();
  const toast = useToast();
  return (
    <div className="aiw-copy">
      <span className="aiw-copy__label">{label}</span>
      <code className="aiw-copy__value" title={value}>
        {shown}
      </code>
      <Button
        variant="ghost"
        aria-label={t`Copy ${label}`}
        onClick={async () => {
          if (await copyText(value)) toast.show(messageKeyText.copySuccess, "success");
        }}
      >
        {t`Copy`}
      </Button>
    </div>
  );
}

/**
 * A transaction hash shortened to its first 4 and last 4 characters (spec §5); with an explorer link it opens
 * through the host (outside the web view in Telegram). Its accessible name is the label and the short hash.
 */
export function TxLink({ label, hash, url }: { label: string; hash: string; url: string | null }) {
  const host = useHost();
  const short = shortenAddress(hash);
  if (!url) {
    return (
      <span className="aiw-tx" title={hash}>
        {label}: <code>{short}</code>
      </span>
    );
  }
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    host.links.open(url);
  };
  return (
    <a
      className="aiw-tx aiw-tx--link"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} ${short}`}
      title={hash}
      onClick={open}
    >
      {short}
    </a>
  );
}

export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`aiw-status aiw-status--${tone}`}>{children}</span>;
}

/**
 * A failed call's message, announced. A failure of one field names the field (the text is also shown under the
 * field, which is marked invalid); any other shows as it is, with the identity check named above the daily limit.
 */
export function FailureNote({
  failure,
  fieldLabels,
}: {
  failure: FormFailure | null;
  fieldLabels: Partial<Record<FormField, string>>;
}) {
  const { i18n } = useLingui();
  if (!failure) return null;
  const text = i18n._(failure.text);
  const label = failure.field === "form" ? undefined : fieldLabels[failure.field];
  if (label) {
    return (
      <p className="visually-hidden" role="alert">
        {label}: {text}
      </p>
    );
  }
  return (
    <p className="field-error" role="alert">
      {text}
      {failure.kyc ? ` ${i18n._(messageKeyText.kycNeeded)}` : null}
    </p>
  );
}
