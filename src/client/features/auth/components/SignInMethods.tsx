import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue, useStore } from "jotai";
import { type ReactNode, useId, useState } from "react";
import type { LoginMethod } from "../../../host/host.ts";
import { useHost } from "../../../host/host-context.tsx";
import { useAppConfig } from "../../../shared/api/app-config.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { googleAuthUrl } from "../google-oauth.ts";
import { loginMethodLabels } from "../login-method-labels.ts";
import { signInWithTelegram, telegramSignInAtom } from "../session/telegram-sign-in.ts";
import { EmailSignInForm } from "./EmailSignInForm.tsx";
import { TonConnectOption } from "./TonConnectOption.tsx";
import { WalletConnectOption } from "./WalletConnectOption.tsx";
import { WalletOptions } from "./WalletOptions.tsx";
import { WalletTabs } from "./WalletTabs.tsx";

export interface SignInMethodsProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSignUp: () => void;
  onForgotPassword: () => void;
}

interface MethodButtonProps {
  children: ReactNode;
  note?: ReactNode;
  disabled?: boolean;
  busy?: boolean;
  expanded?: boolean;
  controls?: string;
  onClick?: () => void;
}

/** One row of the list: the method's name is the button's name; its state is the description. */
function MethodButton({ children, note, disabled, busy, expanded, controls, onClick }: MethodButtonProps) {
  const noteId = useId();
  return (
    <button
      type="button"
      className="sign-in__method"
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-expanded={expanded}
      aria-controls={controls}
      aria-describedby={note ? noteId : undefined}
      onClick={onClick}
    >
      <span className="sign-in__method-name">{children}</span>
      {note ? (
        <span id={noteId} className="sign-in__method-note" aria-hidden="true">
          {note}
        </span>
      ) : null}
      {expanded !== undefined ? (
        <span className="sign-in__chevron" aria-hidden="true">
          {expanded ? "▴" : "▾"}
        </span>
      ) : null}
    </button>
  );
}

/**
 * The ways to sign in that this host offers (spec §2; Telegram hides Google and browser wallets), in the
 * host's order. Email and browser wallets open in place; the others act at once or say why they cannot.
 */
export function SignInMethods({ email, onEmailChange, onSignUp, onForgotPassword }: SignInMethodsProps) {
  const { t, i18n } = useLingui();
  const host = useHost();
  const store = useStore();
  const config = useAppConfig();
  const telegramState = useAtomValue(telegramSignInAtom);
  const status = useAtomValue(loginStatusAtom);
  // "Signed in with Telegram" holds only while that session lasts; after a logout Telegram is offered again.
  const telegram = telegramState.state === "signedIn" && status !== "loggedIn" ? { state: "idle" } : telegramState;
  const [emailOpen, setEmailOpen] = useState(host.loginMethods[0] === "email");
  const [walletsOpen, setWalletsOpen] = useState(false);
  const emailPanelId = useId();
  const walletsPanelId = useId();
  const notConfigured = t`Not configured on this server`;
  const configLoading = config.data === undefined && config.error === undefined;

  const renderMethod = (method: LoginMethod) => {
    const label = i18n._(loginMethodLabels[method]);
    switch (method) {
      case "email":
        return (
          <>
            <MethodButton expanded={emailOpen} controls={emailPanelId} onClick={() => setEmailOpen((open) => !open)}>
              {label}
            </MethodButton>
            {emailOpen ? (
              <div id={emailPanelId} className="sign-in__panel">
                <EmailSignInForm email={email} onEmailChange={onEmailChange} />
                <p className="sign-in__links">
                  <button type="button" className="link-button" onClick={onForgotPassword}>
                    <Trans>Forgot password?</Trans>
                  </button>
                  <button type="button" className="link-button" onClick={onSignUp}>
                    <Trans>No account? Sign up</Trans>
                  </button>
                </p>
              </div>
            ) : null}
          </>
        );
      case "google": {
        const clientId = config.data?.googleClientId;
        return (
          <MethodButton
            disabled={!clientId}
            busy={configLoading}
            note={clientId || configLoading ? undefined : notConfigured}
            onClick={() => {
              if (clientId) window.location.assign(googleAuthUrl(clientId, window.location.origin));
            }}
          >
            {label}
          </MethodButton>
        );
      }
      case "injectedWallet":
        return (
          <>
            <MethodButton
              expanded={walletsOpen}
              controls={walletsPanelId}
              onClick={() => setWalletsOpen((open) => !open)}
            >
              {label}
            </MethodButton>
            {walletsOpen ? (
              <div id={walletsPanelId} className="sign-in__panel">
                <WalletTabs evm={<WalletOptions />} />
              </div>
            ) : null}
          </>
        );
      case "walletConnect": {
        const projectId = config.data?.walletConnectProjectId;
        if (!projectId) {
          return (
            <MethodButton disabled busy={configLoading} note={configLoading ? undefined : notConfigured}>
              {label}
            </MethodButton>
          );
        }
        return (
          <WalletConnectOption
            projectId={projectId}
            renderButton={({ busy, note, onClick }) => (
              <MethodButton disabled={busy} busy={busy} note={note} onClick={onClick}>
                {label}
              </MethodButton>
            )}
          />
        );
      }
      case "tonConnect":
        // TON Connect needs no key: only a manifest, the app's own unless the config names another.
        return (
          <TonConnectOption
            manifestUrl={config.data?.tonConnectManifestUrl ?? null}
            renderButton={({ busy, note, onClick }) => (
              <MethodButton disabled={busy || configLoading} busy={busy || configLoading} note={note} onClick={onClick}>
                {label}
              </MethodButton>
            )}
          />
        );
      case "telegram": {
        const initData = host.rawInitData();
        const note =
          telegram.state === "pending"
            ? t`Signing in…`
            : telegram.state === "signedIn"
              ? t`Signed in with Telegram`
              : telegram.state === "failed"
                ? t`Sign-in failed. Tap to try again.`
                : undefined;
        return (
          <MethodButton
            disabled={!initData || telegram.state === "pending" || telegram.state === "signedIn"}
            busy={telegram.state === "pending"}
            note={note}
            onClick={() => {
              if (initData) void signInWithTelegram(store, initData);
            }}
          >
            {label}
          </MethodButton>
        );
      }
    }
  };

  return (
    <ul className="sign-in__methods" aria-label={t`Sign-in methods`}>
      {host.loginMethods.map((method) => (
        <li key={method}>{renderMethod(method)}</li>
      ))}
    </ul>
  );
}
