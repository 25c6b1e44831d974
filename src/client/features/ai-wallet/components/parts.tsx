import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { TxLink as SharedTxLink, type TxLinkProps } from "../../../shared/ui/TxLink.tsx";
import type { FormFailure, FormField } from "../ai-wallet-text.ts";

/**
 * A transaction hash (spec §5): a link to the explorer named by the label and the short hash, or, where the chain
 * has no explorer, the label written before the short hash ("Withdrawal transaction: 0xc3...c3c3").
 */
export function TxLink(props: TxLinkProps) {
  if (props.url) return <SharedTxLink {...props} />;
  return (
    <span>
      {props.label}: <SharedTxLink {...props} />
    </span>
  );
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

/** A panel's form: the browser's own checks off (each field says what is wrong), the submit handled here. */
export function PanelForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="aiw-panel"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
