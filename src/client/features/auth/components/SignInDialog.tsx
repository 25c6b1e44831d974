import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Quotas } from "../../../../contract/constants.ts";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import type { LazyDialogProps } from "../../../shared/ui/lazy-load.tsx";
import { ResetPasswordForm } from "./ResetPasswordForm.tsx";
import { SignInMethods } from "./SignInMethods.tsx";
import { SignUpForm } from "./SignUpForm.tsx";
import "./sign-in.css";

type Mode = "signIn" | "signUp" | "resetPassword";

const visitorChats = Quotas.visitorDailyChats;
const userChats = Quotas.userDailyChats;

/**
 * The login dialog (spec §2/§4): sign-in, sign-up and forgot-password, switched by links. Switching mounts
 * the new mode's form afresh, so its fields and human-check token start empty; sign-up and reset success
 * come back to sign-in with the email filled in.
 */
export function SignInDialog({ open, onClose }: LazyDialogProps) {
  const { t } = useLingui();
  const [mode, setMode] = useState<Mode>("signIn");
  const [email, setEmail] = useState("");
  // A new form instance per switch, even back to the same mode.
  const [generation, setGeneration] = useState(0);

  const switchTo = (next: Mode, filledEmail = "") => {
    setMode(next);
    setEmail(filledEmail);
    setGeneration((value) => value + 1);
  };

  const title = mode === "signIn" ? t`Sign in` : mode === "signUp" ? t`Sign up` : t`Reset password`;

  return (
    <Dialog open={open} onClose={onClose} title={title} className="sign-in-dialog">
      {mode === "signIn" ? (
        <>
          <SignInMethods
            key={generation}
            email={email}
            onEmailChange={setEmail}
            onSignUp={() => switchTo("signUp")}
            onForgotPassword={() => switchTo("resetPassword")}
          />
          <p className="sign-in__note">
            <Trans>
              Visitors get {visitorChats} free chat a day; signed-in users get {userChats}.
            </Trans>
          </p>
        </>
      ) : (
        <>
          {mode === "signUp" ? (
            <SignUpForm key={generation} onRegistered={(registered) => switchTo("signIn", registered)} />
          ) : (
            <ResetPasswordForm key={generation} initialEmail="" onReset={(reset) => switchTo("signIn", reset)} />
          )}
          <p className="sign-in__links">
            <button type="button" className="link-button" onClick={() => switchTo("signIn")}>
              {mode === "signUp" ? t`Already have an account? Sign in` : t`Back to sign in`}
            </button>
          </p>
        </>
      )}
    </Dialog>
  );
}
