import type { MessageDescriptor } from "@lingui/core";
import type { useStore } from "jotai";
import { ErrorCode } from "../../../../contract/errors.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { connectWalletAddressAtom, connectWalletChainIdAtom } from "../../../shared/settings/settings.ts";
import { providerErrorCode, USER_REJECTED } from "../../../shared/wallet/eip1193.ts";
import { isChainWalletChain } from "./chain-wallets.ts";

type Store = ReturnType<typeof useStore>;

/**
 * followWallet's handlers that keep the stored address and chain in step with the wallet, until logout or until a
 * TRON or BTC wallet is connected in its place (chain 9999 or 1994: an EVM wallet's events must not overwrite it).
 */
export const storedWalletFollower = (store: Store) => ({
  isConnected: () =>
    store.get(connectWalletAddressAtom) !== "" && !isChainWalletChain(store.get(connectWalletChainIdAtom)),
  onAccount: (address: string) => store.set(connectWalletAddressAtom, address),
  onChain: (chainId: number) => store.set(connectWalletChainIdAtom, chainId),
});

/**
 * What a failed wallet sign-in says: nothing for the user's own rejection in the wallet (spec §4), cancleSign for
 * a cancelled signature, the server's message, or loginFailed for anything unexpected (`unexpected`: log it).
 */
export function walletFailure(error: unknown): { message: MessageDescriptor; unexpected: boolean } | undefined {
  const code = providerErrorCode(error);
  if (code === USER_REJECTED) return undefined;
  if (code === ErrorCode.SignCancelled) return { message: messageKeyText.cancleSign, unexpected: false };
  if (isApiError(error)) return { message: messageForKey(error.key), unexpected: false };
  return { message: messageKeyText.loginFailed, unexpected: true };
}
