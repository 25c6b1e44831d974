import type { Eip1193Provider } from "../../../shared/wallet/eip1193.ts";
import { type AnnouncedWallet, readAnnouncement } from "../../../shared/wallet/injected-wallet.ts";
import type { InjectedWindow, LoginWallet } from "./wallet-catalogue.ts";

/**
 * EIP-6963 discovery: listens for `eip6963:announceProvider` and asks every wallet to announce itself.
 * `onChange` gets the list so far each time a wallet answers. Returns the function that stops listening.
 */
export function discoverWallets(win: Window, onChange: (wallets: readonly AnnouncedWallet[]) => void): () => void {
  const byId = new Map<string, AnnouncedWallet>();
  const listener = (event: Event) => {
    const wallet = readAnnouncement(event);
    if (!wallet) return;
    byId.set(wallet.uuid || wallet.rdns || wallet.name, wallet);
    onChange([...byId.values()]);
  };
  win.addEventListener("eip6963:announceProvider", listener);
  win.dispatchEvent(new Event("eip6963:requestProvider"));
  return () => win.removeEventListener("eip6963:announceProvider", listener);
}

/** The provider of a catalogue wallet: announced (by rdns, else by name), else the legacy injected global. */
export function findWalletProvider(
  wallet: LoginWallet,
  announcedWallets: readonly AnnouncedWallet[],
  win: InjectedWindow,
): Eip1193Provider | undefined {
  const byRdns = announcedWallets.find((item) => wallet.rdns.includes(item.rdns));
  const byName = announcedWallets.find((item) => item.name.trim().toLowerCase() === wallet.name.toLowerCase());
  return (byRdns ?? byName)?.provider ?? wallet.injected(win);
}
