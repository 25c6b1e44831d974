import { useLingui } from "@lingui/react/macro";
import { Button } from "../../../shared/ui/Button.tsx";

/** Spec §4: after a code is sent, a new one may be asked for only when the 60 s countdown is over. */
export function ResendCode({ remaining, onResend }: { remaining: number; onResend: () => void }) {
  const { t } = useLingui();
  return (
    <Button variant="ghost" className="resend-code" disabled={remaining > 0} onClick={onResend}>
      {remaining > 0 ? t`Resend code in ${remaining} s` : t`Resend code`}
    </Button>
  );
}
