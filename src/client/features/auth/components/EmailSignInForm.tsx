import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useStore } from "jotai";
import { type FormEvent, useState } from "react";
import { useHost } from "../../../host/host-context.tsx";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { applyLogin } from "../../../shared/session/session.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { useUserLogin } from "../api/user-login.ts";
import {
  type AuthField,
  collectErrors,
  fieldErrorsFromApi,
  hasErrors,
  validateEmail,
  validateSignInPassword,
} from "../auth-fields.ts";
import { useAuthForm } from "../use-auth-form.ts";
import { EmailField, PasswordField } from "./AuthFields.tsx";

const fields: readonly AuthField[] = ["email", "password"];
export const signedInMessage = msg`You are signed in.`;

export interface EmailSignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
}

/** Sign-in by email and password (POST userLogin). The email is kept by the dialog for the other modes. */
export function EmailSignInForm({ email, onEmailChange }: EmailSignInFormProps) {
  const { t } = useLingui();
  const host = useHost();
  const toast = useToast();
  const store = useStore();
  const login = useUserLogin();
  const [password, setPassword] = useState("");
  const form = useAuthForm(fields);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isMutating) return;
    const errors = collectErrors({ email: validateEmail(email), password: validateSignInPassword(password) });
    if (hasErrors(errors)) {
      host.haptics.notification("error");
      form.show(errors);
      return;
    }
    form.reset();
    try {
      const data = await login.trigger({ email, password });
      host.haptics.notification("success");
      applyLogin(store, data);
      toast.show(signedInMessage, "success");
    } catch (error) {
      host.haptics.notification("error");
      const fieldErrors = isApiError(error) ? fieldErrorsFromApi(error, fields) : undefined;
      if (fieldErrors) form.show(fieldErrors);
      else toast.show(messageForKey(isApiError(error) ? error.key : "Serverbusy"), "error");
    }
  };

  return (
    <form className="form auth-form" noValidate onSubmit={onSubmit}>
      <EmailField form={form} value={email} onChange={onEmailChange} />
      <PasswordField
        form={form}
        field="password"
        label={t`Password`}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <Button
        type="submit"
        variant="primary"
        className="auth-form__submit"
        disabled={login.isMutating}
        aria-busy={login.isMutating || undefined}
      >
        {t`Sign in`}
      </Button>
    </form>
  );
}
