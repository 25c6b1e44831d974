import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useStore } from "jotai";
import { useEffect, useId, useState } from "react";
import { useHost } from "../../../host/host-context.tsx";
import { useAppConfig } from "../../../shared/api/app-config.ts";
import { applyLogin, applyWallet } from "../../../shared/session/session.ts";
import { invitationCodeAtom } from "../../../shared/settings/settings.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";
import type { AnnouncedWallet } from "../../../shared/wallet/injected-wallet.ts";
import { getWalletNonce } from "../api/get-wallet-nonce.ts";
import { userLogin } from "../api/user-login.ts";
import { discoverWallets, findWalletProvider } from "../wallet/discover-wallets.ts";
import { type LoginWallet, loginWallets } from "../wallet/wallet-catalogue.ts";
import { storedWalletFollower, walletFailure } from "../wallet/wallet-outcome.ts";
import { signedInMessage } from "./EmailSignInForm.tsx";
import "../../../shared/ui/form.css";

const notInstalled = (name: string) => msg`Please install ${name} first.`;

// viem (for the Sign-In with Ethereum message) loads with the first click on a wallet.
const loadWalletSignIn = () => import("../wallet/wallet-sign-in.ts");

/**
 * The browser wallets of the spec's catalogue (MetaMask, OKX Wallet, TokenPocket, Bitget), each a button.
 * Wallets announce themselves by EIP-6963; older ones are found on window.ethereum and friends.
 */
export function WalletOptions() {
  const { t } = useLingui();
  const host = useHost();
  const toast = useToast();
  const store = useStore();
  const signInChainIds = useAppConfig().data?.signInChainIds;
  const [announced, setAnnounced] = useState<readonly AnnouncedWallet[]>([]);
  const [pending, setPending] = useState<string | undefined>(undefined);
  /** the wallet stayed on a chain sign-in does not take (the switch to Ethereum was refused or failed) */
  const [needsEthereum, setNeedsEthereum] = useState(false);
  const noteId = useId();

  useEffect(() => discoverWallets(window, setAnnounced), []);

  const signIn = async (wallet: LoginWallet) => {
    if (pending) return;
    const provider = findWalletProvider(wallet, announced, window);
    if (!provider) {
      toast.show(notInstalled(wallet.name), "error");
      return;
    }
    setPending(wallet.name);
    setNeedsEthereum(false);
    try {
      const { signInWithWallet, followWallet, ChainNotAllowedError, isSignInChain, ETHEREUM } =
        await loadWalletSignIn();
      try {
        // a wallet on a chain the server does not take a sign-in on is asked to switch to Ethereum first
        const result = await signInWithWallet(provider, {
          getNonce: getWalletNonce,
          login: userLogin,
          location: { host: window.location.host, origin: window.location.origin },
          // the server's own list (SIWE_CHAIN_IDS) once the app config is in, else its default
          allowChain: (chainId) => signInChainIds?.includes(chainId) ?? isSignInChain(chainId),
          switchTo: ETHEREUM,
          inviter: store.get(invitationCodeAtom),
        });
        applyWallet(store, { address: result.address, chainId: result.chainId, name: wallet.name });
        followWallet(provider, storedWalletFollower(store));
        host.haptics.notification("success");
        applyLogin(store, result.login);
        toast.show(signedInMessage, "success");
      } catch (error) {
        if (!(error instanceof ChainNotAllowedError)) throw error;
        host.haptics.notification("error");
        setNeedsEthereum(true);
      }
    } catch (error) {
      const failure = walletFailure(error);
      if (!failure) return;
      if (failure.unexpected) console.error("Wallet sign-in failed", error);
      host.haptics.notification("error");
      toast.show(failure.message, "error");
    } finally {
      setPending(undefined);
    }
  };

  return (
    <>
      <ul className="wallet-options" aria-label={t`Browser wallets`}>
        {loginWallets.map((wallet, index) => {
          const detected = findWalletProvider(wallet, announced, window) !== undefined;
          const icon = announced.find((item) => wallet.rdns.includes(item.rdns))?.icon;
          const busy = pending === wallet.name;
          return (
            <li key={wallet.name}>
              <button
                type="button"
                className="sign-in__method sign-in__method--wallet"
                disabled={pending !== undefined}
                aria-busy={busy || undefined}
                aria-describedby={`${noteId}-${index}`}
                onClick={() => void signIn(wallet)}
              >
                {icon?.startsWith("data:image/") ? (
                  <img className="sign-in__wallet-icon" src={icon} alt="" width={24} height={24} />
                ) : (
                  <span className="sign-in__wallet-icon sign-in__wallet-icon--blank" aria-hidden="true" />
                )}
                <span className="sign-in__method-name">{wallet.name}</span>
                {/* the button's description, not part of its name */}
                <span id={`${noteId}-${index}`} className="sign-in__method-note" aria-hidden="true">
                  {busy ? t`Check your wallet…` : detected ? t`Detected` : t`Not installed`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {needsEthereum ? (
        <p className="field-error" role="alert">
          {t`Wallet sign-in needs your wallet on Ethereum. Switch your wallet to Ethereum, then sign in again.`}
        </p>
      ) : null}
    </>
  );
}
