import type { Hex } from "viem";
import type { WalletBalances } from "../swap/ports.ts";
import { chainNotSupported } from "../swap/swap-validation.ts";
import { aiWalletMissing, aiWalletUnavailable } from "./ai-wallet-errors.ts";
import type { AiWalletSigner } from "./ai-wallet-ports.ts";
import type { FrozenFunds } from "./frozen.repository.ts";
import { checkTradeFunds } from "./frozen-funds.ts";

/**
 * The AI wallet a trade is made from: the account's wallet address, or why there is none (aiWalletUnavailable
 * without a master key, aiWalletMissing before the user created theirs), the chains it works on, and what of its
 * coins a trade may spend (not the coins frozen because a sanctioned address sent them).
 */
export interface AiTradeWallet {
  readonly signer: AiWalletSigner;
  /** the account's AI wallet address; throws aiWalletUnavailable / aiWalletMissing */
  addressOf(userId: number): Promise<Hex>;
  /** 1001 chainNotSupported on `field` unless the AI wallet works on the chain (AI_WALLET_CHAIN_IDS) */
  checkChain(chainId: number, field?: string): void;
  /**
   * 3001 fundsFrozen on the amount when selling `amount` of the token (and paying `gasNative` of the chain's coin,
   * when known) would take frozen coins; 502 balancesUnavailable when the balance cannot be read to tell
   */
  checkUnfrozen(trade: {
    userId: number;
    owner: Hex;
    chainId: number;
    token: { address: string; decimals: number };
    amount: string;
    gasNative: string | null;
  }): Promise<void>;
}

export function createAiTradeWallet(deps: {
  signer: AiWalletSigner;
  /** false: no master key is configured */
  available: boolean;
  chainIds: readonly number[];
  /** the frozen coins and the balances they are kept out of */
  funds: { frozen: FrozenFunds; balances: WalletBalances };
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
    checkUnfrozen: (trade) => checkTradeFunds(deps.funds, trade),
  };
}
