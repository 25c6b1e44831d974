import { useLingui } from "@lingui/react/macro";
import { TextField } from "../../../shared/ui/TextField.tsx";

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
