import type { Eip1193Provider } from "./injected-provider.ts";

/** Why a wallet payment stopped before a transaction was sent (each has its own words in the dialog). */
export type WalletPayFailure =
  | "noAccount"
  | "chainNotAdded"
  | "wrongChain"
  | "insufficientBalance"
  | "rejected"
  | "failed";

export class WalletPayError extends Error {
  override name = "WalletPayError";
  constructor(
    readonly failure: WalletPayFailure,
    options?: { cause?: unknown },
  ) {
    super(failure, options);
  }
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

/** EIP-1193 "user rejected"; EIP-3326 "unrecognised chain" (and -32601, which some wallets answer instead). */
const USER_REJECTED = 4001;
const UNRECOGNISED_CHAIN = [4902, -32601];
const HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
const BALANCE_OF = "0x70a08231";

function errorCode(error: unknown): number | undefined {
  for (let current: unknown = error, depth = 0; depth < 3; depth++) {
    if (typeof current !== "object" || current === null) return undefined;
    if ("code" in current && typeof current.code === "number") return current.code;
    current = "cause" in current ? current.cause : "data" in current ? current.data : undefined;
  }
  return undefined;
}

function toChainId(value: unknown): number {
  if (typeof value === "string") return Number.parseInt(value, value.startsWith("0x") ? 16 : 10);
  return typeof value === "number" ? value : Number.NaN;
}

async function ask(provider: Eip1193Provider, method: string, params?: readonly unknown[]): Promise<unknown> {
  try {
    return await provider.request(params ? { method, params } : { method });
  } catch (error) {
    if (errorCode(error) === USER_REJECTED) throw new WalletPayError("rejected", { cause: error });
    throw error;
  }
}

async function onChain(provider: Eip1193Provider, chainId: number): Promise<void> {
  if (toChainId(await ask(provider, "eth_chainId")) === chainId) return;
  try {
    await ask(provider, "wallet_switchEthereumChain", [{ chainId: `0x${chainId.toString(16)}` }]);
  } catch (error) {
    if (error instanceof WalletPayError) throw error;
    const code = errorCode(error);
    if (code !== undefined && UNRECOGNISED_CHAIN.includes(code)) {
      throw new WalletPayError("chainNotAdded", { cause: error });
    }
    throw new WalletPayError("wrongChain", { cause: error });
  }
  if (toChainId(await ask(provider, "eth_chainId")) !== chainId) throw new WalletPayError("wrongChain");
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
