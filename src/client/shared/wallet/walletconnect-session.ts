import { WalletConnectModal } from "@walletconnect/modal";
import UniversalProvider from "@walletconnect/universal-provider";
import type { Eip1193Provider } from "./eip1193.ts";
import { walletConnectCaipChains } from "./walletconnect-chains.ts";

/**
 * A WalletConnect v2 session on the spec's chains: the swap's sends transactions and switches chains (the
 * default methods), the sign-in's only signs (it asks for its own methods). Load this module on the first click:
 * the SDK and its modal stay out of the page's first load.
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

export { isWalletConnectChain } from "./walletconnect-chains.ts";

/** The user closed the QR / wallet list before a wallet connected: nothing to say. */
export class WalletConnectCancelled extends Error {
  override name = "WalletConnectCancelled";
}

export interface WalletConnectMetadata {
  name: string;
  description: string;
  url: string;
  icons: string[];
}

/** How the app introduces itself to a wallet when it runs at `origin`. */
export function walletConnectMetadata(origin: string): WalletConnectMetadata {
  return {
    name: "MountainLion",
    description: "AI assistant for crypto investors",
    url: origin,
    icons: [`${origin}/tonconnect-icon.png`],
  };
}

export interface WalletConnectSessionOptions {
  projectId: string;
  /** how the app introduces itself to the wallet; walletConnectMetadata of this page's origin when absent */
  metadata?: WalletConnectMetadata;
  /** opens a wallet's https link through the host (Telegram opens it outside the mini app) */
  openLink: (url: string) => void;
  /** opens a t.me link (Telegram wallets) inside Telegram */
  openTelegram: (url: string) => void;
  /** the EIP-1193 methods the session asks for; WALLETCONNECT_TX_METHODS when absent */
  methods?: readonly string[];
}

export interface WalletConnectSession {
  provider: Eip1193Provider;
  disconnect(): Promise<void>;
}

/**
 * While the modal is open, the wallet links it opens (it calls window.open) go through the host, so that
 * inside Telegram they leave the mini app's web view. Custom schemes (wc:, metamask:) stay with the browser.
 * Returns the function that puts window.open back.
 */
export function routeWalletLinks(win: Window, options: Pick<WalletConnectSessionOptions, "openLink" | "openTelegram">) {
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
 * Connects a wallet over WalletConnect v2 (namespace eip155, the spec's chains, `options.methods`): shows the QR
 * code / wallet list, resolves with the session's EIP-1193 provider once a wallet approves. Closing the modal
 * first rejects with WalletConnectCancelled; a wallet's refusal rejects with its error (4001 ...).
 */
export async function connectWalletConnectSession(options: WalletConnectSessionOptions): Promise<WalletConnectSession> {
  const metadata = options.metadata ?? walletConnectMetadata(window.location.origin);
  const provider = await UniversalProvider.init({ projectId: options.projectId, metadata });
  const modal = new WalletConnectModal({
    projectId: options.projectId,
    chains: [...walletConnectCaipChains],
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
    // Optional namespaces only (required ones are deprecated and make wallets refuse whole sessions);
    // a wallet that approves another chain is told noUseNetwork by the caller.
    const methods = options.methods ?? WALLETCONNECT_TX_METHODS;
    const connected = provider.connect({
      optionalNamespaces: {
        eip155: { methods: [...methods], chains: [...walletConnectCaipChains], events: [...EVENTS] },
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
