import { type Eip1193Provider, isEip1193Provider } from "./eip1193.ts";

export interface FoundWallet {
  provider: Eip1193Provider;
  /** the wallet's own name where it announced one (EIP-6963); the top-up reports it as usedPlugin */
  name: string;
}

/** A wallet that announced itself by EIP-6963: its provider and its info's fields ("" where one is missing). */
export interface AnnouncedWallet {
  uuid: string;
  name: string;
  rdns: string;
  icon: string;
  provider: Eip1193Provider;
}

/** The wallet an `eip6963:announceProvider` event announces; undefined for anything else. */
export function readAnnouncement(event: Event): AnnouncedWallet | undefined {
  if (!(event instanceof CustomEvent)) return undefined;
  const detail: unknown = event.detail;
  if (typeof detail !== "object" || detail === null || !("info" in detail) || !("provider" in detail)) return undefined;
  const { info, provider } = detail;
  if (typeof info !== "object" || info === null || !isEip1193Provider(provider)) return undefined;
  const text = (key: string) => {
    const value: unknown = Reflect.get(info, key);
    return typeof value === "string" ? value : "";
  };
  return { uuid: text("uuid"), name: text("name"), rdns: text("rdns"), icon: text("icon"), provider };
}

/** Wallets that answer an EIP-6963 request while it is dispatched (they answer synchronously). */
function announcedWallets(win: Window): FoundWallet[] {
  const found: FoundWallet[] = [];
  const listener = (event: Event) => {
    const wallet = readAnnouncement(event);
    if (wallet) found.push({ provider: wallet.provider, name: wallet.name });
  };
  win.addEventListener("eip6963:announceProvider", listener);
  win.dispatchEvent(new Event("eip6963:requestProvider"));
  win.removeEventListener("eip6963:announceProvider", listener);
  return found;
}

/**
 * The browser wallet to sign or pay with: the announced wallet the user signed in with (by name), else the first one
 * announced (EIP-6963), else the legacy injected `window.ethereum`; undefined when there is none (no wallet installed).
 */
export function findBrowserWallet(preferredName: string, win: Window = window): FoundWallet | undefined {
  const announced = announcedWallets(win);
  const preferred = preferredName.trim().toLowerCase();
  const match = announced.find((wallet) => preferred !== "" && wallet.name.trim().toLowerCase() === preferred);
  if (match) return match;
  if (announced[0]) return announced[0];
  const injected: unknown = Reflect.get(win, "ethereum");
  return isEip1193Provider(injected) ? { provider: injected, name: preferredName || "Browser wallet" } : undefined;
}
