import {
  connectWalletConnectSession,
  type WalletConnectSession,
  type WalletConnectSessionOptions,
} from "../../../shared/wallet/walletconnect-session.ts";

export { WalletConnectCancelled } from "../../../shared/wallet/walletconnect-session.ts";

/** Loaded on the first WalletConnect click: the SDK and its modal stay out of the first load. */

/** The sign-in's session only signs (Sign-In with Ethereum): it asks for no transaction methods. */
export const WALLETCONNECT_SIGN_METHODS = ["personal_sign", "eth_chainId", "eth_accounts"] as const;

/** Connects a wallet over WalletConnect v2 for the sign-in (spec §4, §5's chains, personal_sign). */
export function connectWalletConnect(
  options: Omit<WalletConnectSessionOptions, "methods">,
): Promise<WalletConnectSession> {
  return connectWalletConnectSession({ ...options, methods: WALLETCONNECT_SIGN_METHODS });
}
