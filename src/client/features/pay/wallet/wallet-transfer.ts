import { ChainSwitchError, type ChainSwitchFailure, switchToChain } from "../../../shared/wallet/chain-switch.ts";
import {
  ADDRESS_PATTERN,
  type Eip1193Provider,
  HASH_PATTERN,
  providerErrorCode,
  USER_REJECTED,
} from "../../../shared/wallet/eip1193.ts";
import { WalletFailure } from "../../../shared/wallet/wallet-failure.ts";

/** Why a wallet payment stopped before a transaction was sent (each has its own words in the dialog). */
export type WalletPayFailure =
  | "noAccount"
  | "chainNotAdded"
  | "wrongChain"
  | "insufficientBalance"
  | "rejected"
  | "failed";

export class WalletPayError extends WalletFailure<WalletPayFailure> {
  override name = "WalletPayError";
}

export interface WalletTransfer {
  /** the chain the deposit is taken on */
  chainId: number;
  /** the USDT contract */
  tokenAddress: string;
  /** transfer(depositAddress, amount) as 0x-hex */
  callData: string;
  /** the amount in the token's smallest units */
  amountUnits: string;
}

export interface WalletPayment {
  hash: string;
  from: string;
}

const BALANCE_OF = "0x70a08231";

async function ask(provider: Eip1193Provider, method: string, params?: readonly unknown[]): Promise<unknown> {
  try {
    return await provider.request(params ? { method, params } : { method });
  } catch (error) {
    if (providerErrorCode(error) === USER_REJECTED) throw new WalletPayError("rejected", { cause: error });
    throw error;
  }
}

const SWITCH_FAILURE: Record<ChainSwitchFailure, WalletPayFailure> = {
  rejected: "rejected",
  unknownChain: "chainNotAdded",
  wrongNetwork: "wrongChain",
};

/** The deposit's chain is known by id only: a wallet that does not know it is told to add it (chainNotAdded). */
async function onChain(provider: Eip1193Provider, chainId: number): Promise<void> {
  try {
    await switchToChain(provider, { chainId });
  } catch (error) {
    if (error instanceof ChainSwitchError) throw new WalletPayError(SWITCH_FAILURE[error.failure], { cause: error });
    if (providerErrorCode(error) === USER_REJECTED) throw new WalletPayError("rejected", { cause: error });
    throw error;
  }
}

async function tokenBalance(provider: Eip1193Provider, token: string, owner: string): Promise<bigint> {
  const data = `${BALANCE_OF}${owner.slice(2).toLowerCase().padStart(64, "0")}`;
  const answer = await ask(provider, "eth_call", [{ to: token, data }, "latest"]);
  if (typeof answer !== "string" || !/^0x[0-9a-fA-F]*$/.test(answer)) throw new WalletPayError("failed");
  return answer === "0x" ? 0n : BigInt(answer);
}

/**
 * Spec §4/§5 wallet top-up: the connected wallet's account, on the deposit's chain (asked to switch when it is
 * on another), holding at least the amount of USDT (else Insufficientbalance), sends the ERC-20 transfer the
 * server prepared. Answers the transaction hash; nothing is sent when a check fails.
 */
export async function payWithWallet(provider: Eip1193Provider, transfer: WalletTransfer): Promise<WalletPayment> {
  const accounts = await ask(provider, "eth_requestAccounts");
  const from: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof from !== "string" || !ADDRESS_PATTERN.test(from)) throw new WalletPayError("noAccount");
  await onChain(provider, transfer.chainId);
  if ((await tokenBalance(provider, transfer.tokenAddress, from)) < BigInt(transfer.amountUnits)) {
    throw new WalletPayError("insufficientBalance");
  }
  const hash = await ask(provider, "eth_sendTransaction", [
    { from, to: transfer.tokenAddress, data: transfer.callData, value: "0x0" },
  ]);
  if (typeof hash !== "string" || !HASH_PATTERN.test(hash)) throw new WalletPayError("failed");
  return { hash, from };
}
