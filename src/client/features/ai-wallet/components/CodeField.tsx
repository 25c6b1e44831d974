import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { TextField } from "../../../shared/ui/TextField.tsx";
import type { FormFailure } from "../ai-wallet-text.ts";
import { FailureNote, PanelForm } from "./parts.tsx";

/** The six-digit code emailed for a withdrawal or an export: digits only, the code's field error beside it. */
export function CodeField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange(code: string): void;
}) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Verification code`}
      hint={t`Six digits`}
      value={value}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      error={error}
      onValueChange={(next) => onChange(next.replace(/\D/g, "").slice(0, 6))}
    />
  );
}

/** The code as typed is not six digits: the failure shown at the code field, before anything is asked of the server. */
export function codeFailure(code: string): FormFailure | null {
  return /^\d{6}$/.test(code) ? null : { field: "code", text: messageKeyText.VerificationCode, kyc: false };
}

export interface CodeFormProps {
  /** what the code confirms, above its field */
  children: ReactNode;
  code: string;
  onCodeChange(code: string): void;
  failure: FormFailure | null;
  busy: boolean;
  /** the submit button's text; submitting sends the code */
  submitLabel: string;
  onSubmit(): void;
  /** the other way out beside it (a new code, another withdrawal) */
  other: { label: string; onClick(): void };
}

/** The step that asks for the emailed code: what it confirms, the code, the failure named, and the two buttons. */
export function CodeForm({ children, code, onCodeChange, failure, busy, submitLabel, onSubmit, other }: CodeFormProps) {
  const { t, i18n } = useLingui();
  return (
    <PanelForm onSubmit={onSubmit}>
      {children}
      <CodeField
        value={code}
        error={failure?.field === "code" ? i18n._(failure.text) : undefined}
        onChange={onCodeChange}
      />
      <FailureNote failure={failure} fieldLabels={{ code: t`Verification code` }} />
      <div className="aiw-actions">
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={other.onClick}>
          {other.label}
        </Button>
      </div>
    </PanelForm>
  );
}
