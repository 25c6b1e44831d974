import { TonConnectUI } from "@tonconnect/ui-react";
import type { TonConnectLike } from "./ton-proof-sign-in.ts";

/** Loaded on the first TON Connect click: the SDK and its modal stay out of the first load. */

let instance: TonConnectUI | undefined;

export interface TonConnectUiOptions {
  /** absolute URL of the manifest wallets fetch (its url's host is the ton_proof's domain) */
  manifestUrl: string;
  /** inside Telegram: where a Telegram wallet returns to (the mini app's t.me link), when known */
  twaReturnUrl?: `${string}://${string}` | undefined;
}

/** The page's one TonConnectUI (it registers custom elements and a session: create it once). */
export function tonConnectUi(options: TonConnectUiOptions): TonConnectLike {
  instance ??= new TonConnectUI({
    manifestUrl: options.manifestUrl,
    // no restored session: every sign-in asks for a fresh proof
    restoreConnection: false,
    ...(options.twaReturnUrl ? { actionsConfiguration: { twaReturnUrl: options.twaReturnUrl } } : {}),
  });
  const ui = instance;
  return {
    get connected() {
      return ui.connected;
    },
    setConnectRequestParameters: (parameters) => ui.setConnectRequestParameters(parameters),
    openModal: () => ui.openModal(),
    closeModal: () => ui.closeModal(),
    disconnect: () => ui.disconnect(),
    onStatusChange: (callback, errors) =>
      ui.onStatusChange(
        (wallet) =>
          callback(
            wallet
              ? {
                  account: {
                    address: wallet.account.address,
                    chain: wallet.account.chain,
                    walletStateInit: wallet.account.walletStateInit,
                    ...(wallet.account.publicKey ? { publicKey: wallet.account.publicKey } : {}),
                  },
                  ...(wallet.connectItems ? { connectItems: wallet.connectItems } : {}),
                }
              : null,
          ),
        errors,
      ),
    onModalStateChange: (onChange) =>
      ui.onModalStateChange((state) =>
        onChange({ status: state.status, closeReason: state.status === "closed" ? state.closeReason : null }),
      ),
  };
}
