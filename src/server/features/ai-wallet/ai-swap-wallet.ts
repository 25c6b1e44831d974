import type { Hex } from "viem";
import { chainNotSupported } from "../swap/swap-validation.ts";
import { aiWalletMissing, aiWalletUnavailable } from "./ai-wallet-errors.ts";
import type { AiWalletSigner } from "./ai-wallet-ports.ts";

/**
 * The AI wallet a trade is made from: the account's wallet address, or why there is none (aiWalletUnavailable
 * without a master key, aiWalletMissing before the user created theirs), and the chains it works on.
 */
export interface AiTradeWallet {
  readonly signer: AiWalletSigner;
  /** the account's AI wallet address; throws aiWalletUnavailable / aiWalletMissing */
  addressOf(userId: number): Promise<Hex>;
  /** 1001 chainNotSupported on `field` unless the AI wallet works on the chain (AI_WALLET_CHAIN_IDS) */
  checkChain(chainId: number, field?: string): void;
}

export function createAiTradeWallet(deps: {
  signer: AiWalletSigner;
  /** false: no master key is configured */
  available: boolean;
  chainIds: readonly number[];
}): AiTradeWallet {
  const { signer, available, chainIds } = deps;
  return {
    signer,
    async addressOf(userId) {
      if (!available) throw aiWalletUnavailable();
      const address = await signer.addressOf(userId);
      if (!address) throw aiWalletMissing();
      return address;
    },
    checkChain(chainId, field = "chainId") {
      if (!chainIds.includes(chainId)) throw chainNotSupported(field);
    },
  };
}
