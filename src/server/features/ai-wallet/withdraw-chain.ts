import {
  BaseError,
  Eip1559FeesNotSupportedError,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  HttpRequestError,
  type PublicClient,
  TimeoutError,
  type TransactionSerializable,
} from "viem";
import { isNativeToken } from "../../../contract/swap.ts";
import { isNodeFailure, nodeUnavailable } from "../swap/chains/chain-errors.ts";
import { fieldError } from "./ai-wallet-errors.ts";

/**
 * The chain side of a withdrawal: the transfer's call (the native coin, or an ERC-20 transfer), its gas and fees,
 * the transaction to sign, its broadcast and its receipt. The node's failures answer balancesUnavailable.
 */

export type Fees =
  | { type: "eip1559"; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  | { type: "legacy"; gasPrice: bigint };

export interface TransferPlan {
  call: { to: `0x${string}`; data: Hex | undefined; value: bigint };
  gas: bigint;
  fees: Fees;
  /** the most the gas can cost (gas × the fee cap), in the chain's coin */
  gasCost: bigint;
}

/** Gas of a plain transfer of the chain's coin to an account without code. */
const NATIVE_TRANSFER_GAS = 21_000n;

export function transferCall(token: string, to: `0x${string}`, amount: bigint): TransferPlan["call"] {
  if (isNativeToken(token)) return { to, data: undefined, value: amount };
  return {
    to: token as `0x${string}`,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
    value: 0n,
  };
}

/** runs a node call; a failure of the node itself answers balancesUnavailable, anything else is thrown as it is */
async function onNode<T>(netWork: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isNodeFailure(error)) throw nodeUnavailable(netWork, error);
    throw error;
  }
}

async function feesOf(client: PublicClient, netWork: string): Promise<Fees> {
  return onNode(netWork, async () => {
    try {
      const fees = await client.estimateFeesPerGas();
      return { type: "eip1559", maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
    } catch (error) {
      if (!(error instanceof BaseError && error.walk((e) => e instanceof Eip1559FeesNotSupportedError))) throw error;
      return { type: "legacy", gasPrice: await client.getGasPrice() };
    }
  });
}

const feeCap = (fees: Fees) => (fees.type === "eip1559" ? fees.maxFeePerGas : fees.gasPrice);

/** The transfer's gas and fees; a transfer the chain refuses (a token that reverts) answers invalidValue. */
export async function planTransfer(
  client: PublicClient,
  netWork: string,
  from: `0x${string}`,
  call: TransferPlan["call"],
): Promise<TransferPlan> {
  const fees = await feesOf(client, netWork);
  let gas: bigint;
  try {
    gas = await onNode(netWork, () =>
      client.estimateGas({ account: from, to: call.to, data: call.data, value: call.value }),
    );
  } catch (error) {
    if (error instanceof BaseError) {
      throw fieldError("amount", "invalidValue", `the chain refuses this transfer: ${error.shortMessage}`);
    }
    throw error;
  }
  return { call, gas, fees, gasCost: gas * feeCap(fees) };
}

/** The gas a transfer of the chain's coin keeps back, before the destination is known. */
export async function nativeGasCost(client: PublicClient, netWork: string): Promise<bigint> {
  return NATIVE_TRANSFER_GAS * feeCap(await feesOf(client, netWork));
}

/** The transaction to sign: the plan at the account's next nonce (pending transactions counted). */
export async function transactionOf(
  client: PublicClient,
  netWork: string,
  chainId: number,
  from: `0x${string}`,
  plan: TransferPlan,
): Promise<TransactionSerializable> {
  const nonce = await onNode(netWork, () => client.getTransactionCount({ address: from, blockTag: "pending" }));
  const base = { chainId, nonce, to: plan.call.to, data: plan.call.data, value: plan.call.value, gas: plan.gas };
  return plan.fees.type === "eip1559"
    ? {
        ...base,
        type: "eip1559",
        maxFeePerGas: plan.fees.maxFeePerGas,
        maxPriorityFeePerGas: plan.fees.maxPriorityFeePerGas,
      }
    : { ...base, type: "legacy", gasPrice: plan.fees.gasPrice };
}

/** Answers of a node that already holds the transaction (or mined it): sending it again is done, not failed. */
const ALREADY_KNOWN = /already known|known transaction|already imported|nonce too low|transaction already exists/i;

/** the node could not be reached or did not answer in time (as opposed to an answer about the transaction) */
const unreachable = (error: unknown) =>
  !(error instanceof BaseError) ||
  error.walk((inner) => inner instanceof HttpRequestError || inner instanceof TimeoutError) !== null;

/**
 * Sends a signed transaction. "sent": the node took it (now or before); "unsent": the node could not be reached
 * (send the same bytes again later); "rejected": the node refuses these bytes (nothing moved).
 */
export async function broadcast(
  client: PublicClient,
  raw: Hex,
  hash: Hex,
): Promise<{ outcome: "sent" } | { outcome: "unsent" | "rejected"; reason: string }> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
    return { outcome: "sent" };
  } catch (error) {
    if (unreachable(error)) return { outcome: "unsent", reason: String((error as Error).message ?? error) };
    const reason = error instanceof BaseError ? `${error.shortMessage} ${error.details}` : String(error);
    if (ALREADY_KNOWN.test(reason)) {
      // the same bytes went out before: the node holds them (or mined them) under this hash
      const known = await client.getTransaction({ hash }).then(
        () => true,
        () => false,
      );
      if (known) return { outcome: "sent" };
    }
    return { outcome: "rejected", reason: reason.slice(0, 300) };
  }
}

/** The mined transaction's outcome, or undefined while it is not mined (or the node cannot say). */
export async function receiptOf(client: PublicClient, hash: Hex): Promise<"success" | "reverted" | undefined> {
  try {
    return (await client.getTransactionReceipt({ hash })).status;
  } catch {
    return undefined;
  }
}

/** The account's nonce of the latest block (its mined transactions), or undefined when the node cannot say. */
export async function minedNonceOf(client: PublicClient, address: `0x${string}`): Promise<number | undefined> {
  try {
    return await client.getTransactionCount({ address, blockTag: "latest" });
  } catch {
    return undefined;
  }
}
