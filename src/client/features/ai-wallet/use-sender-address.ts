import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { connectWalletAddressAtom, connectWalletNameAtom } from "../../shared/settings/settings.ts";
import { ADDRESS_PATTERN } from "../../shared/wallet/eip1193.ts";
import { findBrowserWallet } from "../../shared/wallet/injected-wallet.ts";

/**
 * The browser wallet the user would fund the AI wallet from, when one is connected: the wallet they signed in
 * with, else an account the browser wallet already gave this site (eth_accounts never asks the user). Null when
 * none is known. The deposit address is asked with it, so a sender on the sanctions list is refused there.
 */
export function useSenderAddress(): string | null {
  const signedInWith = useAtomValue(connectWalletAddressAtom);
  const walletName = useAtomValue(connectWalletNameAtom);
  const [given, setGiven] = useState<string | null>(null);
  const known = ADDRESS_PATTERN.test(signedInWith) ? signedInWith : null;

  useEffect(() => {
    if (known) return;
    const wallet = typeof window === "undefined" ? undefined : findBrowserWallet(walletName);
    if (!wallet) return;
    let live = true;
    wallet.provider
      .request({ method: "eth_accounts" })
      .then((accounts) => {
        const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
        if (live && typeof first === "string" && ADDRESS_PATTERN.test(first)) setGiven(first);
      })
      .catch((error: unknown) => console.warn("The browser wallet did not say its accounts", error));
    return () => {
      live = false;
    };
  }, [known, walletName]);

  return known ?? given;
}
