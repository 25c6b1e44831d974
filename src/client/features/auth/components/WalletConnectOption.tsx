import { useLingui } from "@lingui/react/macro";
import { useStore } from "jotai";
import { type ReactNode, useState } from "react";
import { useHost } from "../../../host/host-context.tsx";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { applyLogin, applyWallet } from "../../../shared/session/session.ts";
import { invitationCodeAtom } from "../../../shared/settings/settings.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { getWalletNonce } from "../api/get-wallet-nonce.ts";
import { userLogin } from "../api/user-login.ts";
import { storedWalletFollower, walletFailure } from "../wallet/wallet-outcome.ts";
import { signedInMessage } from "./EmailSignInForm.tsx";

// The WalletConnect SDK and its modal (~200 KB gzip) and viem load with the first click.
const loadWalletConnect = () =>
  Promise.all([import("../wallet/walletconnect-provider.ts"), import("../wallet/wallet-sign-in.ts")]);
const loadChainRule = () => import("../../../shared/wallet/walletconnect-chains.ts");

export interface WalletConnectOptionProps {
  projectId: string;
  /** renders the method's button with the given state */
  renderButton: (props: { busy: boolean; note: ReactNode; onClick: () => void }) => ReactNode;
}

/**
 * WalletConnect v2: QR code or wallet links, then the same Sign-In with Ethereum as browser wallets, on the
 * spec's chains only (§5 noUseNetwork otherwise). A rejection in the wallet or a closed modal says nothing.
 */
export function WalletConnectOption({ projectId, renderButton }: WalletConnectOptionProps) {
  const { t } = useLingui();
  const host = useHost();
  const toast = useToast();
  const store = useStore();
  const [pending, setPending] = useState(false);

  const signIn = async () => {
    if (pending) return;
    setPending(true);
    let disconnect: (() => Promise<void>) | undefined;
    try {
      const [
        { connectWalletConnect, WalletConnectCancelled },
        { signInWithWallet, followWallet, ChainNotAllowedError },
      ] = await loadWalletConnect();
      const { isWalletConnectChain } = await loadChainRule();
      try {
        const origin = window.location.origin;
        const session = await connectWalletConnect({
          projectId,
          openLink: (url) => host.links.open(url),
          openTelegram: (url) => host.links.openTelegram(url),
        });
        disconnect = session.disconnect;
        const result = await signInWithWallet(session.provider, {
          getNonce: getWalletNonce,
          login: userLogin,
          location: { host: window.location.host, origin },
          allowChain: isWalletConnectChain,
          inviter: store.get(invitationCodeAtom),
        });
        disconnect = undefined;
        applyWallet(store, { address: result.address, chainId: result.chainId, name: "WalletConnect" });
        followWallet(session.provider, storedWalletFollower(store));
        host.haptics.notification("success");
        applyLogin(store, result.login);
        toast.show(signedInMessage, "success");
      } catch (error) {
        if (error instanceof WalletConnectCancelled) return;
        if (error instanceof ChainNotAllowedError) {
          host.haptics.notification("error");
          toast.show(messageKeyText.noUseNetwork, "error");
          return;
        }
        throw error;
      }
    } catch (error) {
      const failure = walletFailure(error);
      if (!failure) return;
      if (failure.unexpected) console.error("WalletConnect sign-in failed", error);
      host.haptics.notification("error");
      toast.show(failure.message, "error");
    } finally {
      // a session that did not sign in is not kept open in the wallet
      void disconnect?.().catch(() => undefined);
      setPending(false);
    }
  };

  return renderButton({
    busy: pending,
    note: pending ? t`Check your wallet…` : undefined,
    onClick: () => void signIn(),
  });
}
