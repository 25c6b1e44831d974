import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { RESET } from "jotai/utils";
import { type FormEvent, useId, useState } from "react";
import { useHost } from "../../../host/host-context.tsx";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { invitationCodeAtom } from "../../../shared/settings/settings.ts";
import { TextField } from "../../../shared/ui/TextField.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { useCaptcha } from "../api/get-captcha.ts";
import { useRegister } from "../api/register.ts";
import { useSendEmailCode } from "../api/send-email-code.ts";
import {
  type AuthField,
  collectErrors,
  fieldErrorsFromApi,
  filterInviter,
  hasErrors,
  validateCaptcha,
  validateEmail,
  validateHumanCheck,
  validateInviter,
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
import { CaptchaField } from "./CaptchaField.tsx";
import { HumanCheckField } from "./HumanCheckField.tsx";

const step1Fields: readonly AuthField[] = ["email", "password", "password2", "captchaCode", "inviter", "humanCheck"];
const step2Fields: readonly AuthField[] = ["verifyCode"];
const accountCreated = msg`Your account was created. Please sign in.`;

export interface SignUpFormProps {
  /** the account exists: back to sign-in with this email filled in */
  onRegistered: (email: string) => void;
}

/**
 * Sign-up (spec §2/§4): the human check first, then (2 s later) email, password twice, the image code and an
 * optional invitation code (filled in with the one a referral link brought); "Send code" emails a six-digit
 * code; step 2 takes it and creates the account, which uses the referral's code up.
 */
export function SignUpForm({ onRegistered }: SignUpFormProps) {
  const { t, i18n } = useLingui();
  const host = useHost();
  const toast = useToast();
  const formId = useId();
  const gate = useHumanGate();
  const countdown = useCountdown();
  const sendCode = useSendEmailCode();
  const register = useRegister();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [password2, setPassword2] = useState("");
  const [captchaCode, setCaptchaCode] = useState("");
  const [referralCode, setReferralCode] = useAtom(invitationCodeAtom);
  const [inviter, setInviter] = useState(referralCode);
  const [verifyCode, setVerifyCode] = useState("");
  const form1 = useAuthForm(step1Fields);
  const form2 = useAuthForm(step2Fields);
  // The captcha is drawn once the form shows, and again after every send (each answers once).
  const captcha = useCaptcha(gate.formShown ? formId : null);
  const remaining = countdown.remaining;
  const busy = sendCode.isMutating || register.isMutating;

  const fail = (error: unknown, form: typeof form1, shown: readonly AuthField[]) => {
    host.haptics.notification("error");
    const fieldErrors = isApiError(error) ? fieldErrorsFromApi(error, shown) : undefined;
    if (fieldErrors) form.show(fieldErrors);
    else toast.show(messageForKey(isApiError(error) ? error.key : "Serverbusy"), "error");
  };

  const onSendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const errors = collectErrors({
      email: validateEmail(email),
      password: validateNewPassword(password),
      password2: validatePassword2(password, password2),
      captchaCode: validateCaptcha(captchaCode),
      inviter: validateInviter(inviter),
      humanCheck: validateHumanCheck(gate.token),
    });
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
        scene: "REGISTER",
        captchaId: captcha.data?.captchaId,
        captchaCode: captchaCode.trim(),
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
      setCaptchaCode("");
      void captcha.mutate();
    }
  };

  const onRegister = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const codeError = validateVerifyCode(verifyCode);
    if (codeError) {
      host.haptics.notification("error");
      form2.show({ verifyCode: codeError });
      return;
    }
    try {
      await register.trigger({ email, verifyCode: verifyCode.trim(), password, inviter: inviter || undefined });
    } catch (error) {
      if (isApiError(error) && error.key === "emailRegistered") {
        setStep(1);
        form1.show({ email: messageKeyText.emailRegistered });
        return;
      }
      fail(error, form2, step2Fields);
      return;
    }
    if (referralCode) setReferralCode(RESET);
    host.haptics.notification("success");
    toast.show(accountCreated, "success");
    onRegistered(email);
  };

  if (step === 2) {
    return (
      <form className="form auth-form" noValidate onSubmit={onRegister}>
        <p className="auth-form__lead">
          <Trans>We sent a six-digit code to {email}. It may take a minute to arrive.</Trans>
        </p>
        <VerificationCodeField
          form={form2}
          value={verifyCode}
          onChange={setVerifyCode}
          remaining={remaining}
          onResend={() => setStep(1)}
        />
        <CodeStepActions onBack={() => setStep(1)} busy={busy} submitting={register.isMutating}>
          <Trans>Create account</Trans>
        </CodeStepActions>
      </form>
    );
  }

  if (!gate.formShown) {
    return (
      <HumanCheckFirst
        form={form1}
        gate={gate}
        lead={<Trans>First, confirm that you are human. The sign-up form appears right after.</Trans>}
      />
    );
  }

  return (
    <form className="form auth-form" noValidate onSubmit={onSendCode}>
      <EmailField form={form1} value={email} onChange={setEmail} />
      <PasswordField
        form={form1}
        field="password"
        label={t`Password`}
        value={password}
        onChange={setPassword}
        hint={t`6 to 20 characters`}
        autoComplete="new-password"
      />
      <PasswordField
        form={form1}
        field="password2"
        label={t`Confirm password`}
        value={password2}
        onChange={setPassword2}
        autoComplete="new-password"
      />
      <CaptchaField
        ref={form1.ref("captchaCode")}
        captcha={captcha.data}
        loading={captcha.isLoading || captcha.isValidating}
        failed={captcha.error !== undefined}
        onRefresh={() => {
          setCaptchaCode("");
          void captcha.mutate();
        }}
        value={captchaCode}
        onValueChange={(value) => {
          setCaptchaCode(value);
          form1.clear("captchaCode");
        }}
        error={form1.text("captchaCode")}
      />
      <TextField
        ref={form1.ref("inviter")}
        label={t`Invitation code (optional)`}
        value={inviter}
        onValueChange={(value) => {
          setInviter(filterInviter(value));
          form1.clear("inviter");
        }}
        error={form1.text("inviter")}
        hint={t`Uppercase letters and digits`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      {gate.token ? null : <HumanCheckField form={form1} gate={gate} />}
      <SendCodeButton busy={busy} sending={sendCode.isMutating} remaining={remaining} />
    </form>
  );
}
