import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import type { MessageKey } from "../../../../contract/message-keys.ts";
import { useHost } from "../../../host/host-context.tsx";
import { type ApiError, isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { useModifyPassword } from "../api/modify-password.ts";
import { useSendEmailCode } from "../api/send-email-code.ts";
import {
  type AuthField,
  collectErrors,
  fieldErrorsFromApi,
  hasErrors,
  validateEmail,
  validateHumanCheck,
  validateNewPassword,
  validatePassword2,
  validateVerifyCode,
} from "../auth-fields.ts";
import { mailLanguage, resendSeconds } from "../email-code.ts";
import { useAuthForm } from "../use-auth-form.ts";
import { useCountdown } from "../use-countdown.ts";
import { useHumanGate } from "../use-human-gate.ts";
import {
  CodeStepActions,
  EmailField,
  HumanCheckFirst,
  PasswordField,
  SendCodeButton,
  VerificationCodeField,
} from "./AuthFields.tsx";
import { HumanCheckField } from "./HumanCheckField.tsx";

const step1Fields: readonly AuthField[] = ["email", "humanCheck"];
const step2Fields: readonly AuthField[] = ["verifyCode", "password", "password2"];

/** codeError2 (spec §8): a wrong code in a reset says how many tries are left when the server tells. */
function wrongCodeText(error: ApiError): (key: MessageKey) => MessageDescriptor {
  return (key) => {
    if (key !== "codeError" && key !== "codeError2") return messageForKey(key);
    const remaining = error.remaining;
    if (remaining === undefined) return messageKeyText.codeError2;
    return remaining > 0
      ? msg`Wrong verification code. ${remaining} tries left before a 15-minute lock.`
      : msg`This code no longer works. Please ask for a new one.`;
  };
}

export interface ResetPasswordFormProps {
  /** the password was reset: back to sign-in with this email filled in */
  onReset: (email: string) => void;
  /** the email typed on the sign-in form, if any */
  initialEmail: string;
}

/**
 * Forgot password (spec §2/§4): the human check first, then (2 s later) the email; "Send code" emails a code;
 * step 2 takes it with the new password twice. Success returns to sign-in; a locked code returns to step 1.
 */
export function ResetPasswordForm({ onReset, initialEmail }: ResetPasswordFormProps) {
  const { t, i18n } = useLingui();
  const host = useHost();
  const toast = useToast();
  const gate = useHumanGate();
  const countdown = useCountdown();
  const sendCode = useSendEmailCode();
  const modifyPassword = useModifyPassword();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState(initialEmail);
  const [verifyCode, setVerifyCode] = useState("");
  const [password, setPassword] = useState("");
  const [password2, setPassword2] = useState("");
  const form1 = useAuthForm(step1Fields);
  const form2 = useAuthForm(step2Fields);
  const remaining = countdown.remaining;
  const busy = sendCode.isMutating || modifyPassword.isMutating;

  const fail = (
    error: unknown,
    form: typeof form1,
    shown: readonly AuthField[],
    describe?: (key: MessageKey) => MessageDescriptor,
  ) => {
    host.haptics.notification("error");
    const fieldErrors = isApiError(error) ? fieldErrorsFromApi(error, shown, describe) : undefined;
    if (fieldErrors) form.show(fieldErrors);
    else toast.show(messageForKey(isApiError(error) ? error.key : "Serverbusy"), "error");
  };

  const onSendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const errors = collectErrors({ email: validateEmail(email), humanCheck: validateHumanCheck(gate.token) });
    if (hasErrors(errors) || !gate.token) {
      host.haptics.notification("error");
      form1.show(errors);
      return;
    }
    form1.reset();
    try {
      const answer = await sendCode.trigger({
        email,
        token: gate.token,
        language: mailLanguage(i18n),
        scene: "FORGET_PASSWORD",
      });
      toast.show(messageKeyText.sendSuccess, "success");
      countdown.start(resendSeconds(answer));
      setVerifyCode("");
      form2.reset();
      setStep(2);
    } catch (error) {
      fail(error, form1, step1Fields);
    } finally {
      gate.consume();
    }
  };

  const onResetPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const errors = collectErrors({
      verifyCode: validateVerifyCode(verifyCode),
      password: validateNewPassword(password),
      password2: validatePassword2(password, password2),
    });
    if (hasErrors(errors)) {
      host.haptics.notification("error");
      form2.show(errors);
      return;
    }
    try {
      await modifyPassword.trigger({ email, verifyCode: verifyCode.trim(), password });
    } catch (error) {
      // Spec §4: a failed reset (too many wrong codes, no such account) starts again from step 1.
      if (isApiError(error) && (error.key === "verifyLimitError" || error.key === "accountError")) {
        host.haptics.notification("error");
        setStep(1);
        if (error.key === "accountError") form1.show({ email: messageKeyText.accountError });
        else toast.show(messageKeyText.verifyLimitError, "error");
        return;
      }
      fail(error, form2, step2Fields, isApiError(error) ? wrongCodeText(error) : undefined);
      return;
    }
    host.haptics.notification("success");
    toast.show(messageKeyText.resetSuccess, "success");
    onReset(email);
  };

  if (step === 2) {
    return (
      <form className="form auth-form" noValidate onSubmit={onResetPassword}>
        <p className="auth-form__lead">
          <Trans>We sent a six-digit code to {email}. Enter it with your new password.</Trans>
        </p>
        <VerificationCodeField
          form={form2}
          value={verifyCode}
          onChange={setVerifyCode}
          remaining={remaining}
          onResend={() => setStep(1)}
        />
        <PasswordField
          form={form2}
          field="password"
          label={t`New password`}
          value={password}
          onChange={setPassword}
          hint={t`6 to 20 characters`}
          autoComplete="new-password"
        />
        <PasswordField
          form={form2}
          field="password2"
          label={t`Confirm new password`}
          value={password2}
          onChange={setPassword2}
          autoComplete="new-password"
        />
        <CodeStepActions onBack={() => setStep(1)} busy={busy} submitting={modifyPassword.isMutating}>
          <Trans>Reset password</Trans>
        </CodeStepActions>
      </form>
    );
  }

  if (!gate.formShown) {
    return (
      <HumanCheckFirst
        form={form1}
        gate={gate}
        lead={<Trans>First, confirm that you are human. Then we email you a code to set a new password.</Trans>}
      />
    );
  }

  return (
    <form className="form auth-form" noValidate onSubmit={onSendCode}>
      <EmailField form={form1} value={email} onChange={setEmail} />
      {gate.token ? null : <HumanCheckField form={form1} gate={gate} />}
      <SendCodeButton busy={busy} sending={sendCode.isMutating} remaining={remaining} />
    </form>
  );
}
