import { WalletConnectModal } from "@walletconnect/modal";
import UniversalProvider from "@walletconnect/universal-provider";
import { Swap } from "../../../contract/constants.ts";
import type { Eip1193Provider } from "./eip1193.ts";

/**
 * A WalletConnect v2 session that can send transactions (the sign-in's session only signs a message). Load this
 * module on the first click: the SDK and its modal stay out of the page's first load.
 */

export const WALLETCONNECT_TX_METHODS = [
  "eth_sendTransaction",
  "eth_chainId",
  "eth_accounts",
  "eth_requestAccounts",
  "eth_call",
  "eth_getTransactionReceipt",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
] as const;
const EVENTS = ["chainChanged", "accountsChanged"] as const;

/** Spec §5: the chains WalletConnect may use; any other shows noUseNetwork. */
export function isWalletConnectChain(chainId: number): boolean {
  return (Swap.walletConnectChainIds as readonly number[]).includes(chainId);
}

const caipChains = Swap.walletConnectChainIds.map((id) => `eip155:${id}`);

export class WalletConnectCancelled extends Error {
  override name = "WalletConnectCancelled";
}

export interface WalletConnectSessionOptions {
  projectId: string;
  metadata: { name: string; description: string; url: string; icons: string[] };
  /** opens a wallet's https link through the host (Telegram opens it outside the mini app) */
  openLink: (url: string) => void;
  openTelegram: (url: string) => void;
}

export interface WalletConnectSession {
  provider: Eip1193Provider;
  disconnect(): Promise<void>;
}

/** While the modal is open, https wallet links go through the host; returns the function that puts window.open back. */
function routeWalletLinks(win: Window, options: Pick<WalletConnectSessionOptions, "openLink" | "openTelegram">) {
  const original = win.open;
  let inHost = false;
  const routed: typeof win.open = (url, target, features) => {
    const href = url === undefined ? "" : String(url);
    if (inHost || !/^https?:\/\//i.test(href)) return original.call(win, url, target, features);
    inHost = true;
    try {
      if (/^https:\/\/t\.me\//i.test(href)) options.openTelegram(href);
      else options.openLink(href);
    } finally {
      inHost = false;
    }
    return null;
  };
  win.open = routed;
  return () => {
    if (win.open === routed) win.open = original;
  };
}

/**
 * Connects a wallet over WalletConnect v2 for transactions on the spec's chains. Closing the modal rejects with
 * WalletConnectCancelled; a wallet's refusal rejects with its error (4001 ...).
 */
export async function connectWalletConnectSession(options: WalletConnectSessionOptions): Promise<WalletConnectSession> {
  const provider = await UniversalProvider.init({ projectId: options.projectId, metadata: options.metadata });
  const modal = new WalletConnectModal({
    projectId: options.projectId,
    chains: [...caipChains],
    themeMode: document.documentElement.classList.contains("theme-light") ? "light" : "dark",
  });
  const restoreOpen = routeWalletLinks(window, options);
  let unsubscribe: (() => void) | undefined;
  const onUri = (uri: string) => void modal.openModal({ uri });
  provider.on("display_uri", onUri);
  try {
    const closed = new Promise<never>((_resolve, reject) => {
      unsubscribe = modal.subscribeModal((state) => {
        if (!state.open) reject(new WalletConnectCancelled("the WalletConnect modal was closed"));
      });
    });
    const connected = provider.connect({
      optionalNamespaces: {
        eip155: { methods: [...WALLETCONNECT_TX_METHODS], chains: [...caipChains], events: [...EVENTS] },
      },
    });
    await Promise.race([connected, closed]);
  } catch (error) {
    if (error instanceof WalletConnectCancelled) provider.abortPairingAttempt();
    throw error;
  } finally {
    unsubscribe?.();
    provider.removeListener("display_uri", onUri);
    modal.closeModal();
    restoreOpen();
  }
  return {
    provider: {
      request: (args) => provider.request({ method: args.method, params: args.params ? [...args.params] : [] }),
      on: (event, listener) => provider.on(event, listener),
      removeListener: (event, listener) => provider.removeListener(event, listener),
    },
    disconnect: () => provider.disconnect(),
  };
}
