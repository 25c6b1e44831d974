import { useLingui } from "@lingui/react/macro";
import { useStore } from "jotai";
import { type ReactNode, useState } from "react";
import { useHost } from "../../../host/host-context.tsx";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { applyLogin } from "../../../shared/session/session.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { getTonProofPayload, tonLogin } from "../api/ton-login.ts";
import { signedInMessage } from "./EmailSignInForm.tsx";

// TON Connect's SDK and modal load with the first click.
const loadTonConnect = () => Promise.all([import("../ton/ton-connect-ui.ts"), import("../ton/ton-proof-sign-in.ts")]);

export interface TonConnectOptionProps {
  /** the manifest's absolute URL from the app config; the app's own /tonconnect-manifest.json when null */
  manifestUrl: string | null;
  renderButton: (props: { busy: boolean; note: ReactNode; onClick: () => void }) => ReactNode;
}

/** The manifest wallets fetch: TON Connect wants an absolute URL, so the app's own is made from its origin. */
export function resolveManifestUrl(configured: string | null, origin: string): string {
  return configured ?? new URL("/tonconnect-manifest.json", origin).href;
}

/**
 * TON Connect: the wallet connects and signs our payload into a ton_proof, which the server verifies.
 * Inside Telegram, TON Connect's own Telegram-wallet flow applies. A closed modal says nothing.
 */
export function TonConnectOption({ manifestUrl, renderButton }: TonConnectOptionProps) {
  const { t } = useLingui();
  const host = useHost();
  const toast = useToast();
  const store = useStore();
  const [pending, setPending] = useState(false);

  const signIn = async () => {
    if (pending) return;
    setPending(true);
    try {
      const [{ tonConnectUi }, { signInWithTonConnect, TonConnectCancelled, TonProofMissing }] = await loadTonConnect();
      const ui = tonConnectUi({ manifestUrl: resolveManifestUrl(manifestUrl, window.location.origin) });
      try {
        const result = await signInWithTonConnect(ui, { getPayload: getTonProofPayload, login: tonLogin });
        host.haptics.notification("success");
        applyLogin(store, result.login);
        toast.show(signedInMessage, "success");
      } catch (error) {
        if (error instanceof TonConnectCancelled) return;
        // the wallet declined to sign the proof: like a rejected signature, nothing to say
        if (error instanceof TonProofMissing) {
          void ui.disconnect().catch(() => undefined);
          return;
        }
        throw error;
      }
    } catch (error) {
      host.haptics.notification("error");
      if (isApiError(error)) toast.show(messageForKey(error.key), "error");
      else {
        console.error("TON Connect sign-in failed", error);
        toast.show(messageKeyText.loginFailed, "error");
      }
    } finally {
      setPending(false);
    }
  };

  return renderButton({
    busy: pending,
    note: pending ? t`Check your wallet…` : undefined,
    onClick: () => void signIn(),
  });
}
