/** Spec §5: the chains a WalletConnect session may sign in on; any other shows noUseNetwork. */
export const WALLETCONNECT_CHAIN_IDS = [1, 10, 56, 100, 137, 324, 42161, 42220, 43114] as const;

export function isWalletConnectChain(chainId: number): boolean {
  return (WALLETCONNECT_CHAIN_IDS as readonly number[]).includes(chainId);
}

/** The CAIP-2 ids (`eip155:56`) of the allowed chains, for the session proposal. */
export const walletConnectCaipChains: readonly string[] = WALLETCONNECT_CHAIN_IDS.map((id) => `eip155:${id}`);
