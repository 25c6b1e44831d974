import type { SwapOrder, TxRequest } from "../../../../contract/swap.ts";
import {
  type AddableChain,
  ChainSwitchError,
  switchToChain,
  walletChainId,
} from "../../../shared/wallet/chain-switch.ts";
import {
  type Eip1193Provider,
  HASH_PATTERN,
  providerErrorCode,
  USER_REJECTED,
} from "../../../shared/wallet/eip1193.ts";
import type { AddTransDataBody, SwapData, SwapDataBody } from "../api/swap-api.ts";
import { isFinalStatus } from "../orders/order-text.ts";

/**
 * The swap from the user's own wallet: the server builds the transactions, the wallet signs them. Order:
 * wallet on the order's chain → getSwapData → (approval sent, reported, mined) → swap sent, reported → the order
 * followed until a final status. The server never signs.
 */

/** reportFailed: the wallet sent the transaction (`hash`) but the server could not record it after a few tries. */
export type SwapFlowFailure = "rejected" | "wrongNetwork" | "approvalFailed" | "walletFailed" | "reportFailed";

export class SwapFlowError extends Error {
  override name = "SwapFlowError";
  /** the hash the wallet sent, when the failure came after sending (reportFailed) */
  readonly hash: string | null;
  constructor(
    readonly failure: SwapFlowFailure,
    /** the order, once opened (a rejected order stays cancellable) */
    readonly order: SwapOrder | null,
    options?: { cause?: unknown; hash?: string },
  ) {
    super(failure, options);
    this.hash = options?.hash ?? null;
  }
}

/** How many times a sent hash is reported (addSwapTransData) before the flow gives up on the report. */
export const REPORT_TRIES = 3;

export interface SwapFlowApi {
  getSwapData(body: SwapDataBody): Promise<SwapData>;
  addSwapTransData(body: AddTransDataBody): Promise<SwapOrder>;
  getOrderStatus(orderId: string): Promise<SwapOrder>;
}

export interface SwapFlowTiming {
  /** waits between two reads (a receipt, the order's status) */
  wait(ms: number): Promise<void>;
  receiptPollMs: number;
  statusPollMs: number;
  /** how long an approval may take to be mined before the flow gives up on it */
  receiptTimeoutMs: number;
}

export type SwapFlowStage =
  | { stage: "switching" }
  | { stage: "ordering" }
  | { stage: "approving"; order: SwapOrder }
  | { stage: "approvalPending"; order: SwapOrder; hash: string }
  | { stage: "swapping"; order: SwapOrder; approved: boolean }
  | { stage: "tracking"; order: SwapOrder; approved: boolean };

export interface SwapFlowInput {
  provider: Eip1193Provider;
  chain: AddableChain;
  quoteId: string;
  fromAddress: string;
  toAddress: string;
  /** one per attempt: a retry of the same attempt answers the same order */
  requestId: string;
  signal?: AbortSignal;
}

export const defaultSwapTiming: SwapFlowTiming = {
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  receiptPollMs: 3_000,
  statusPollMs: 4_000,
  receiptTimeoutMs: 10 * 60_000,
};

function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

async function sendTransaction(provider: Eip1193Provider, tx: TxRequest, order: SwapOrder): Promise<string> {
  if ((await walletChainId(provider)) !== tx.chainId) throw new SwapFlowError("wrongNetwork", order);
  const params: Record<string, string> = {
    from: tx.from,
    to: tx.to,
    data: tx.data,
    value: `0x${BigInt(tx.value).toString(16)}`,
  };
  if (tx.gas !== null) params.gas = `0x${BigInt(tx.gas).toString(16)}`;
  let hash: unknown;
  try {
    hash = await provider.request({ method: "eth_sendTransaction", params: [params] });
  } catch (error) {
    if (providerErrorCode(error) === USER_REJECTED) throw new SwapFlowError("rejected", order, { cause: error });
    throw new SwapFlowError("walletFailed", order, { cause: error });
  }
  if (typeof hash !== "string" || !HASH_PATTERN.test(hash)) throw new SwapFlowError("walletFailed", order);
  return hash;
}

/** Waits for the approval's receipt through the wallet (eth_getTransactionReceipt); a reverted one fails. */
async function waitForReceipt(
  provider: Eip1193Provider,
  hash: string,
  order: SwapOrder,
  timing: SwapFlowTiming,
  signal: AbortSignal | undefined,
): Promise<void> {
  const polls = Math.max(1, Math.ceil(timing.receiptTimeoutMs / Math.max(1, timing.receiptPollMs)));
  for (let poll = 0; poll < polls && !aborted(signal); poll++) {
    const receipt: unknown = await provider.request({ method: "eth_getTransactionReceipt", params: [hash] });
    if (typeof receipt === "object" && receipt !== null && "status" in receipt) {
      if (receipt.status === "0x1" || receipt.status === 1) return;
      throw new SwapFlowError("approvalFailed", order);
    }
    await timing.wait(timing.receiptPollMs);
  }
  throw new SwapFlowError("approvalFailed", order);
}

/** Reads the order's status until it is final (or the signal stops it), announcing every change. */
export async function followOrder(
  order: SwapOrder,
  api: Pick<SwapFlowApi, "getOrderStatus">,
  timing: Pick<SwapFlowTiming, "wait" | "statusPollMs">,
  onOrder: (order: SwapOrder) => void,
  signal?: AbortSignal,
): Promise<SwapOrder> {
  let current = order;
  while (!isFinalStatus(current.status) && !aborted(signal)) {
    await timing.wait(timing.statusPollMs);
    if (aborted(signal)) break;
    try {
      current = await api.getOrderStatus(current.orderId);
    } catch (error) {
      // a failed read is tried again at the next poll; the order is not lost
      console.warn("getOrderStatus failed", error);
      continue;
    }
    onOrder(current);
  }
  return current;
}

/**
 * Reports a hash the wallet already sent: a failed report is tried again (REPORT_TRIES in all, the status poll's
 * wait between), then fails with reportFailed carrying the order and the hash: the transaction is on its way and
 * must not be shown as not sent, nor offered for cancelling.
 */
async function reportHash(
  api: Pick<SwapFlowApi, "addSwapTransData">,
  order: SwapOrder,
  hash: string,
  kind: AddTransDataBody["kind"],
  timing: Pick<SwapFlowTiming, "wait" | "statusPollMs">,
): Promise<SwapOrder> {
  let lastError: unknown = null;
  for (let attempt = 0; attempt < REPORT_TRIES; attempt++) {
    if (attempt > 0) await timing.wait(timing.statusPollMs);
    try {
      return await api.addSwapTransData({ orderId: order.orderId, hash, kind });
    } catch (error) {
      lastError = error;
      console.warn("addSwapTransData failed", error);
    }
  }
  throw new SwapFlowError("reportFailed", order, { cause: lastError, hash });
}

export async function runSwapFlow(
  input: SwapFlowInput,
  api: SwapFlowApi,
  timing: SwapFlowTiming,
  onStage: (stage: SwapFlowStage) => void,
): Promise<SwapOrder> {
  const { provider, signal } = input;
  onStage({ stage: "switching" });
  try {
    await switchToChain(provider, input.chain);
  } catch (error) {
    if (error instanceof ChainSwitchError) {
      throw new SwapFlowError(error.failure === "rejected" ? "rejected" : "wrongNetwork", null, { cause: error });
    }
    throw new SwapFlowError("walletFailed", null, { cause: error });
  }
  onStage({ stage: "ordering" });
  const data = await api.getSwapData({
    quoteId: input.quoteId,
    fromAddress: input.fromAddress,
    toAddress: input.toAddress,
    requestId: input.requestId,
  });
  let order = data.order;
  const approved = data.approveTx !== null;
  if (data.approveTx) {
    onStage({ stage: "approving", order });
    const approveHash = await sendTransaction(provider, data.approveTx, order);
    order = await reportHash(api, order, approveHash, "approve", timing);
    onStage({ stage: "approvalPending", order, hash: approveHash });
    await waitForReceipt(provider, approveHash, order, timing, signal);
  }
  onStage({ stage: "swapping", order, approved });
  const swapHash = await sendTransaction(provider, data.swapTx, order);
  order = await reportHash(api, order, swapHash, "swap", timing);
  onStage({ stage: "tracking", order, approved });
  return followOrder(order, api, timing, (next) => onStage({ stage: "tracking", order: next, approved }), signal);
}

/** A fresh key for one swap attempt (swap/getSwapData's requestId). */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
