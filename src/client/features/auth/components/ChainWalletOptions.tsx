import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useAtomValue, useStore } from "jotai";
import { useId, useState } from "react";
import { useHost } from "../../../host/host-context.tsx";
import { shortenAddress } from "../../../shared/format/address.ts";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { applyWallet } from "../../../shared/session/session.ts";
import {
  connectWalletAddressAtom,
  connectWalletChainIdAtom,
  connectWalletNameAtom,
} from "../../../shared/settings/settings.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";
import {
  type ChainWallet,
  type ChainWalletType,
  chainWalletsOf,
  WalletLockedError,
  WalletMissingError,
  WalletRejectedError,
} from "../wallet/chain-wallets.ts";
import "./wallet-tabs.css";

// The same words as the browser wallets' (spec §5 notInstallMetamask, with the wallet's name).
const notInstalled = (name: string) => msg`Please install ${name} first.`;
const notConnected = msg`The wallet could not be connected. Please try again.`;
const connectedMessage = msg`Wallet connected.`;

/**
 * The TRON or BTC wallets of the spec's catalogue (TronLink; OKX Wallet (BTC), UniSat), each a button. They are
 * not sign-in wallets: connecting one keeps its address and chain id (9999 TRON, 1994 BTC) as the connected
 * wallet for balances and deposits, and shows it; the login does not change.
 */
export function ChainWalletOptions({ type }: { type: ChainWalletType }) {
  const { t } = useLingui();
  const host = useHost();
  const toast = useToast();
  const store = useStore();
  const [pending, setPending] = useState<string | undefined>(undefined);
  const noteId = useId();
  const address = useAtomValue(connectWalletAddressAtom);
  const chainId = useAtomValue(connectWalletChainIdAtom);
  const walletName = useAtomValue(connectWalletNameAtom);
  const wallets = chainWalletsOf(type);
  const connected =
    address !== "" && wallets.find((wallet) => wallet.name === walletName && wallet.chainId === chainId);

  const connectedName = connected ? connected.name : "";
  const shortAddress = shortenAddress(address);

  const connect = async (wallet: ChainWallet) => {
    if (pending) return;
    if (!wallet.detect(window)) {
      toast.show(notInstalled(wallet.name), "error");
      return;
    }
    setPending(wallet.name);
    try {
      const account = await wallet.connect(window);
      applyWallet(store, { address: account, chainId: wallet.chainId, name: wallet.name });
      host.haptics.notification("success");
      toast.show(connectedMessage, "success");
    } catch (error) {
      if (error instanceof WalletRejectedError) return;
      host.haptics.notification("error");
      if (error instanceof WalletMissingError) toast.show(notInstalled(error.walletName), "error");
      else if (error instanceof WalletLockedError) toast.show(messageKeyText.loginTronLink, "error");
      else {
        console.error("Wallet connection failed", error);
        toast.show(notConnected, "error");
      }
    } finally {
      setPending(undefined);
    }
  };

  const noteOf = (wallet: ChainWallet) => {
    if (pending === wallet.name) return t`Check your wallet…`;
    if (!wallet.detect(window)) return t`Not installed`;
    if (connected === wallet) return t`Connected`;
    return wallet.sendsBtc || wallet.type !== "BTC" ? t`Detected` : t`Detected · cannot send BTC`;
  };

  return (
    <div className="chain-wallets">
      <ul className="wallet-options" aria-label={type === "TRON" ? t`TRON wallets` : t`BTC wallets`}>
        {wallets.map((wallet, index) => (
          <li key={wallet.name}>
            <button
              type="button"
              className="sign-in__method sign-in__method--wallet"
              disabled={pending !== undefined}
              aria-busy={pending === wallet.name || undefined}
              aria-describedby={`${noteId}-${index}`}
              onClick={() => void connect(wallet)}
            >
              <span className="sign-in__wallet-icon sign-in__wallet-icon--blank" aria-hidden="true" />
              <span className="sign-in__method-name">{wallet.name}</span>
              <span id={`${noteId}-${index}`} className="sign-in__method-note" aria-hidden="true">
                {noteOf(wallet)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {connected ? <p className="chain-wallets__connected">{t`Connected ${connectedName}: ${shortAddress}`}</p> : null}
      <p className="chain-wallets__note">
        {type === "BTC"
          ? t`BTC wallets show balances and receive deposits; they do not sign you in. UniSat cannot send BTC here.`
          : t`TRON wallets show balances and receive deposits; they do not sign you in.`}
      </p>
    </div>
  );
}
