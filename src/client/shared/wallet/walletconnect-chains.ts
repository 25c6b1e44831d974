import { Swap } from "../../../contract/constants.ts";

/** Spec §5: the chains a WalletConnect session may sign in or swap on; any other shows noUseNetwork. */
export function isWalletConnectChain(chainId: number): boolean {
  return (Swap.walletConnectChainIds as readonly number[]).includes(chainId);
}

/** The CAIP-2 ids (`eip155:56`) of the allowed chains, for the session proposal. */
export const walletConnectCaipChains: readonly string[] = Swap.walletConnectChainIds.map((id) => `eip155:${id}`);
