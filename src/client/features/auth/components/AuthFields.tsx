import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Button } from "../../../shared/ui/Button.tsx";
import { TextField } from "../../../shared/ui/TextField.tsx";
import { stripSpaces } from "../auth-fields.ts";
import type { useAuthForm } from "../use-auth-form.ts";
import type { useHumanGate } from "../use-human-gate.ts";
import { HumanCheckField } from "./HumanCheckField.tsx";
import { ResendCode } from "./ResendCode.tsx";

/** The fields the sign-in, sign-up and reset forms share, each wired to its form's errors and focus. */

type AuthForm = ReturnType<typeof useAuthForm>;

export function EmailField({
  form,
  value,
  onChange,
}: {
  form: AuthForm;
  value: string;
  onChange: (email: string) => void;
}) {
  const { t } = useLingui();
  return (
    <TextField
      ref={form.ref("email")}
      label={t`Email`}
      type="email"
      value={value}
      onValueChange={(next) => {
        onChange(stripSpaces(next));
        form.clear("email");
      }}
      error={form.text("email")}
      autoComplete="email"
      required
    />
  );
}

export function PasswordField({
  form,
  field,
  label,
  value,
  onChange,
  hint,
  autoComplete,
}: {
  form: AuthForm;
  field: "password" | "password2";
  label: string;
  value: string;
  onChange: (password: string) => void;
  hint?: string;
  autoComplete: "new-password" | "current-password";
}) {
  return (
    <TextField
      ref={form.ref(field)}
      label={label}
      type="password"
      value={value}
      onValueChange={(next) => {
        onChange(next);
        form.clear(field);
      }}
      error={form.text(field)}
      hint={hint}
      autoComplete={autoComplete}
      required
    />
  );
}

/** The six-digit emailed code, with the resend countdown (resending goes back to the first step). */
export function VerificationCodeField({
  form,
  value,
  onChange,
  remaining,
  onResend,
}: {
  form: AuthForm;
  value: string;
  onChange: (code: string) => void;
  remaining: number;
  onResend: () => void;
}) {
  const { t } = useLingui();
  return (
    <TextField
      ref={form.ref("verifyCode")}
      label={t`Verification code`}
      value={value}
      onValueChange={(next) => {
        onChange(next.trim());
        form.clear("verifyCode");
      }}
      error={form.text("verifyCode")}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      addon={<ResendCode remaining={remaining} onResend={onResend} />}
    />
  );
}

/** Before the form shows: the lead, the human check, and a note once it passed. */
export function HumanCheckFirst({
  form,
  gate,
  lead,
}: {
  form: AuthForm;
  gate: ReturnType<typeof useHumanGate>;
  lead: ReactNode;
}) {
  return (
    <div className="form auth-form">
      <p className="auth-form__lead">{lead}</p>
      <HumanCheckField form={form} gate={gate} />
      {gate.token ? (
        <p className="field__hint" role="status">
          <Trans>Verified. The form appears in a moment…</Trans>
        </p>
      ) : null}
    </div>
  );
}

/** The send-code button, counting down until a new code may be asked for. */
export function SendCodeButton({ busy, sending, remaining }: { busy: boolean; sending: boolean; remaining: number }) {
  const { t } = useLingui();
  return (
    <div className="form__actions">
      <Button type="submit" variant="primary" disabled={busy || remaining > 0} aria-busy={sending || undefined}>
        {remaining > 0 ? t`Send code (${remaining} s)` : t`Send code`}
      </Button>
    </div>
  );
}

/** The code step's Back and submit buttons. */
export function CodeStepActions({
  onBack,
  busy,
  submitting,
  children,
}: {
  onBack: () => void;
  busy: boolean;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <div className="form__actions">
      <Button variant="ghost" onClick={onBack}>
        <Trans>Back</Trans>
      </Button>
      <Button type="submit" variant="primary" disabled={busy} aria-busy={submitting || undefined}>
        {children}
      </Button>
    </div>
  );
}
