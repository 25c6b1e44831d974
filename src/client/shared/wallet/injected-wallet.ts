import { type Eip1193Provider, isEip1193Provider } from "./eip1193.ts";

export interface FoundWallet {
  provider: Eip1193Provider;
  /** the wallet's own name where it announced one (EIP-6963) */
  name: string;
}

function text(holder: object, key: string): string {
  const value: unknown = Reflect.get(holder, key);
  return typeof value === "string" ? value : "";
}

/** Wallets that answer an EIP-6963 request while it is dispatched (they answer synchronously). */
function announcedWallets(win: Window): FoundWallet[] {
  const found: FoundWallet[] = [];
  const listener = (event: Event) => {
    if (!(event instanceof CustomEvent)) return;
    const detail: unknown = event.detail;
    if (typeof detail !== "object" || detail === null || !("info" in detail) || !("provider" in detail)) return;
    const { info, provider } = detail;
    if (typeof info !== "object" || info === null || !isEip1193Provider(provider)) return;
    found.push({ provider, name: text(info, "name") });
  };
  win.addEventListener("eip6963:announceProvider", listener);
  win.dispatchEvent(new Event("eip6963:requestProvider"));
  win.removeEventListener("eip6963:announceProvider", listener);
  return found;
}

/**
 * The browser wallet to sign with: the announced wallet the user signed in with (by name), else the first one
 * announced (EIP-6963), else the legacy injected `window.ethereum`; undefined when there is none.
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
