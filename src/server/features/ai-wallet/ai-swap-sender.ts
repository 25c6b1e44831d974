import {
  BaseError,
  ExecutionRevertedError,
  getAddress,
  type Hex,
  type PublicClient,
  parseTransaction,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  type TransactionSerializable,
} from "viem";
import { z } from "zod";
import type { MessageKey } from "../../../contract/message-keys.ts";
import type { TxRequest } from "../../../contract/swap.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { AiWalletSigner } from "./ai-wallet-ports.ts";
import type { NonceLanes } from "./nonce-lanes.ts";
import { routerDeadline } from "./swap-deadline.ts";

/**
 * Sends an AI wallet's swap: the approval (when the order needs one) and the swap, each signed by the AiWalletSigner
 * with the wallet's next nonce, STORED on the order before it is broadcast, then broadcast through the chain's node;
 * each of these steps runs in the wallet's nonce lane, so no other transaction of the wallet takes the same nonce.
 * The stored raw transaction is the only one ever sent for that step: a retry, a sweep or a restarted node sends the
 * same bytes again, never a new signature, so the nonce guarantees the swap runs at most once. Each store is
 * conditional on the run's claim, so a run that lost the order (another node took it over, the user cancelled it)
 * stores nothing and broadcasts nothing.
 */

const hexSchema = z.string().regex(/^0x[0-9a-fA-F]*$/) as unknown as z.ZodType<Hex>;
export const signedTxSchema = z.object({
  raw: hexSchema,
  hash: hexSchema,
  nonce: z.number().int().nonnegative(),
  /** when it was signed (ms, the server's clock) */
  at: z.number().optional(),
  /** the router's deadline the swap carries (unix seconds), when known: past it the swap is never sent again */
  deadline: z.number().optional(),
});
export type SignedTx = z.infer<typeof signedTxSchema>;

/** An order's execution as stored: the run that holds it, and what it signed so far. */
export const executionSchema = z.object({
  claim: z.string().min(1),
  approve: signedTxSchema.optional(),
  swap: signedTxSchema.optional(),
  /** a 0-value transfer to itself at the swap's nonce, signed when the swap was not mined in time */
  replacement: signedTxSchema.optional(),
  /**
   * when a sweep first found the swap's nonce used with neither receipt (ms): it is taken as never mined only when
   * a later sweep finds the same, so one lagging node cannot have a mined swap executed twice
   */
  goneAt: z.number().optional(),
});
export type Execution = z.infer<typeof executionSchema>;

export type TxKind = "approve" | "swap";

/**
 * A test seam: called after a signed transaction is stored and before it is broadcast. A throw there is the node
 * dying between the two (the order keeps the signed bytes; nothing reached the chain).
 */
export interface AiSwapFaults {
  afterStored?(kind: TxKind, orderId: string): void | Promise<void>;
  /** called before a transaction is estimated and signed (the market may move there) */
  beforeSign?(kind: TxKind, orderId: string): void | Promise<void>;
}

/** Where a run stores what it signed; false: the run no longer holds the order (nothing may be broadcast). */
export interface ExecutionStore {
  orderId: string;
  save(kind: TxKind, signed: SignedTx): Promise<boolean>;
}

export type AdvanceResult =
  /** the swap is broadcast (or the chain knows it already) */
  | { state: "sent"; swap: SignedTx }
  /** the approval is on its way; the swap is signed once it is mined */
  | { state: "approving" }
  /** nothing more can be sent for this order: the approval reverted, or the node refused the transaction */
  | { state: "stopped"; reason: MessageKey }
  /** another run holds the order now */
  | { state: "lost" }
  /** the swap reverts if sent now (the price moved past its minimum): nothing was signed or sent */
  | { state: "wouldRevert" };

export type SettleResult =
  | { state: "mined"; receipt: TransactionReceipt }
  /** sent (again) and not mined yet */
  | { state: "waiting" }
  /** its nonce was used by another transaction of the wallet: it can never be mined */
  | { state: "replaced" };

/** What a stored swap's order comes to on chain (settleSwap). */
export type SwapSettleResult =
  | { state: "mined"; receipt: TransactionReceipt }
  /** the replacement at the swap's nonce was mined: the swap never will be, nothing was swapped */
  | { state: "cancelled" }
  /** neither is mined yet */
  | { state: "waiting" }
  /** the nonce is used and neither receipt was found (a node lagging behind, or another transaction) */
  | { state: "gone" }
  /** another run holds the order now: nothing was stored or sent */
  | { state: "lost" };

export interface AiSwapSenderDeps {
  signer: AiWalletSigner;
  /** the AI wallets' nonce lanes (shared with withdrawals) */
  lanes: NonceLanes;
  client(chainId: number): PublicClient | undefined;
  logger: Logger;
  faults?: AiSwapFaults | undefined;
  /** how long a run waits for a transaction it sent to be mined before leaving it to the sweep (ms) */
  receiptWaitMs: number;
  clock: Clock;
  /** a stored swap not mined this long after it was signed is cancelled by a replacement at its nonce (ms) */
  replaceAfterMs: number;
}

/** The gas limit over an estimate, in percent. */
const GAS_MARGIN_PERCENT = 125n;
/**
 * Gas a swap may need beyond its estimate, whatever its size: a Uniswap v2 pair writes its two price accumulators
 * only in a block later than its last update, and writing them the first time (zero to a value) costs about 44k. An
 * estimate made on a block of the pair's last update (a node that mines several blocks a second, as anvil does)
 * leaves that out, and the swap would run out of gas; unused gas is not paid.
 */
export const SWAP_GAS_ALLOWANCE = 50_000n;
const RECEIPT_POLL_MS = 500;
/** a replacement's fees over the replaced transaction's, in percent (nodes take a replacement from +10%) */
const REPLACE_FEE_PERCENT = 125n;
const TRANSFER_GAS = 21_000n;

/** The node's estimate of a transaction reverted: sent now, it would revert. */
class WouldRevert extends Error {}

/** What a node's refusal of a raw transaction means. */
type Refusal = "known" | "nonceUsed" | "noFunds" | "other";

function refusalOf(error: unknown): Refusal {
  const text = error instanceof BaseError ? `${error.details} ${error.shortMessage}` : String(error);
  if (/already known|already imported|known transaction/i.test(text)) return "known";
  if (/nonce too low|nonce has already been used|old nonce/i.test(text)) return "nonceUsed";
  if (/insufficient funds|exceeds transaction sender account balance/i.test(text)) return "noFunds";
  return "other";
}

export function createAiSwapSender(deps: AiSwapSenderDeps) {
  const { signer, logger } = deps;

  function clientOf(chainId: number): PublicClient {
    const client = deps.client(chainId);
    if (!client) throw new Error(`no node for chain ${chainId}`);
    return client;
  }

  async function receiptOf(client: PublicClient, hash: Hex): Promise<TransactionReceipt | undefined> {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return undefined;
      throw error;
    }
  }

  /** the receipt once mined within the wait; undefined when it is not mined yet (or the node did not answer) */
  async function receiptSoon(client: PublicClient, hash: Hex): Promise<TransactionReceipt | undefined> {
    try {
      return await client.waitForTransactionReceipt({
        hash,
        timeout: deps.receiptWaitMs,
        pollingInterval: RECEIPT_POLL_MS,
        checkReplacement: false,
      });
    } catch {
      return undefined;
    }
  }

  /** the fees of a transaction sent now: EIP-1559 where the chain has a base fee, else a legacy gas price */
  async function feesOf(client: PublicClient) {
    try {
      const fees = await client.estimateFeesPerGas({ chain: client.chain, type: "eip1559" });
      return {
        type: "eip1559" as const,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      };
    } catch {
      return { type: "legacy" as const, gasPrice: await client.getGasPrice() };
    }
  }

  async function sign(userId: number, orderId: string, kind: TxKind, tx: TxRequest, nonce: number) {
    const client = clientOf(tx.chainId);
    const from = getAddress(tx.from);
    const to = getAddress(tx.to);
    const value = BigInt(tx.value);
    const data = tx.data as Hex;
    // a swap is always estimated: one that reverts now (the price moved past its minimum) is never signed
    const estimated =
      tx.gas === null || kind === "swap"
        ? client.estimateGas({ account: from, to, data, value }).then(
            (estimate) => (estimate * GAS_MARGIN_PERCENT) / 100n + (kind === "swap" ? SWAP_GAS_ALLOWANCE : 0n),
            (error: unknown) => {
              if (error instanceof BaseError && error.walk((e) => e instanceof ExecutionRevertedError)) {
                throw new WouldRevert();
              }
              throw error;
            },
          )
        : undefined;
    const [estimate, fees] = await Promise.all([estimated, feesOf(client)]);
    const suggested = tx.gas === null ? 0n : BigInt(tx.gas);
    const gas = estimate !== undefined && estimate > suggested ? estimate : suggested;
    const serializable: TransactionSerializable = { chainId: tx.chainId, nonce, to, data, value, gas, ...fees };
    const { raw, hash } = await signer.signTransaction(userId, serializable, {
      action: kind === "approve" ? "sign_approve" : "sign_swap",
      chainId: tx.chainId,
      detail: { orderId, to, value: value.toString(), nonce },
    });
    const deadline = kind === "swap" ? routerDeadline(data) : undefined;
    return { raw, hash, nonce, at: deps.clock.now().getTime(), ...(deadline ? { deadline } : {}) } satisfies SignedTx;
  }

  /** the first broadcast of a stored transaction; a refusal that means it can never be mined answers its reason */
  async function firstBroadcast(client: PublicClient, signed: SignedTx): Promise<MessageKey | undefined> {
    try {
      await client.sendRawTransaction({ serializedTransaction: signed.raw });
      return undefined;
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === "known") return undefined;
      // the node took nothing: these bytes exist only in our database, and are never sent again
      if (refusal === "noFunds") return "gasNotEnough";
      if (refusal === "nonceUsed") return "txNotFound";
      throw error;
    }
  }

  /**
   * Finds a stored transaction on chain, sending the same bytes again when the chain does not know it: mined (its
   * receipt), waiting (sent, not mined yet), or replaced (the wallet's nonce moved past it without it). It reads
   * receipts without waiting for one, so a sweep over many unmined transactions stays short. A node that does not
   * answer throws; the next sweep asks again.
   */
  async function settle(chainId: number, signed: SignedTx, from: string): Promise<SettleResult> {
    const client = clientOf(chainId);
    const mined = await receiptOf(client, signed.hash);
    if (mined) return { state: "mined", receipt: mined };
    try {
      await client.sendRawTransaction({ serializedTransaction: signed.raw });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal !== "known" && refusal !== "nonceUsed") {
        // the node refuses it now (funds, fees): it may still sit in other nodes' pools, so it is tried again later
        logger.warn({ err: error, hash: signed.hash }, "ai swap: a stored transaction was not taken again");
        return { state: "waiting" };
      }
    }
    const receipt = await receiptOf(client, signed.hash);
    if (receipt) return { state: "mined", receipt };
    const used = await client.getTransactionCount({ address: getAddress(from), blockTag: "latest" });
    if (used > signed.nonce) {
      // the nonce is used; read the receipt once more (a block between the two reads) before calling it replaced
      const late = await receiptOf(client, signed.hash);
      return late ? { state: "mined", receipt: late } : { state: "replaced" };
    }
    return { state: "waiting" };
  }

  /** whether the swap's router deadline has passed, by the server's clock or the chain's latest block */
  async function pastDeadline(client: PublicClient, swap: SignedTx): Promise<boolean> {
    if (swap.deadline === undefined) return false;
    if (deps.clock.now().getTime() / 1000 >= swap.deadline) return true;
    const block = await client.getBlock({ blockTag: "latest" });
    return block.timestamp >= BigInt(swap.deadline);
  }

  /** sends stored bytes again; a refusal is logged (the next sweep looks again) */
  async function rebroadcast(client: PublicClient, signed: SignedTx): Promise<void> {
    try {
      await client.sendRawTransaction({ serializedTransaction: signed.raw });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal !== "known" && refusal !== "nonceUsed") {
        logger.warn({ err: error, hash: signed.hash }, "ai swap: a stored transaction was not taken again");
      }
    }
  }

  /** the fees of a replacement: above the replaced transaction's by REPLACE_FEE_PERCENT, and at least today's */
  async function replacementFees(client: PublicClient, replaced: SignedTx) {
    const old = parseTransaction(replaced.raw);
    const bump = (fee: bigint | undefined) => ((fee ?? 0n) * REPLACE_FEE_PERCENT) / 100n + 1n;
    const max = (a: bigint, b: bigint) => (a > b ? a : b);
    const now = await feesOf(client);
    if (old.type === "eip1559" && now.type === "eip1559") {
      const maxPriorityFeePerGas = max(now.maxPriorityFeePerGas, bump(old.maxPriorityFeePerGas));
      const maxFeePerGas = max(max(now.maxFeePerGas, bump(old.maxFeePerGas)), maxPriorityFeePerGas);
      return { type: "eip1559" as const, maxFeePerGas, maxPriorityFeePerGas };
    }
    const oldPrice = old.type === "eip1559" ? old.maxFeePerGas : old.gasPrice;
    const nowPrice = now.type === "eip1559" ? now.maxFeePerGas : now.gasPrice;
    return { type: "legacy" as const, gasPrice: max(nowPrice, bump(oldPrice)) };
  }

  /**
   * Signs a 0-value transfer from the wallet to itself at the swap's nonce with higher fees, stores it, then
   * broadcasts it: whichever of the two is mined, the other never can be. In the wallet's nonce lane; nothing is
   * signed once the nonce is used. "used": the nonce went meanwhile; "lost": the run no longer holds the order.
   */
  async function replace(args: {
    userId: number;
    orderId: string;
    chainId: number;
    from: string;
    swap: SignedTx;
    store(signed: SignedTx): Promise<boolean>;
  }): Promise<SignedTx | "used" | "lost"> {
    const client = clientOf(args.chainId);
    const from = getAddress(args.from);
    return deps.lanes.run(from, async () => {
      const used = await client.getTransactionCount({ address: from, blockTag: "latest" });
      if (used > args.swap.nonce) return "used" as const;
      const fees = await replacementFees(client, args.swap);
      const nonce = args.swap.nonce;
      const { raw, hash } = await signer.signTransaction(
        args.userId,
        { chainId: args.chainId, nonce, to: from, value: 0n, gas: TRANSFER_GAS, ...fees },
        {
          action: "sign_replace",
          chainId: args.chainId,
          detail: { orderId: args.orderId, replaces: args.swap.hash, nonce },
        },
      );
      const signed: SignedTx = { raw, hash, nonce, at: deps.clock.now().getTime() };
      if (!(await args.store(signed))) return "lost" as const;
      logger.warn({ orderId: args.orderId, swap: args.swap.hash, hash }, "ai swap: not mined in time, replaced");
      await rebroadcast(client, signed);
      return signed;
    });
  }

  /**
   * Settles an order's stored swap without waiting: mined (its receipt); cancelled (the replacement at its nonce was
   * mined); waiting; gone (the nonce is used and neither receipt is found). A swap that is not mined, whose nonce is
   * still unused, and whose router deadline passed or that waited longer than replaceAfterMs is replaced: never
   * sent again past its deadline (it would revert and burn gas). A node that does not answer throws.
   */
  async function settleSwap(args: {
    userId: number;
    orderId: string;
    chainId: number;
    from: string;
    execution: Execution;
    storeReplacement(signed: SignedTx): Promise<boolean>;
  }): Promise<SwapSettleResult> {
    const swap = args.execution.swap;
    if (!swap) throw new Error("settleSwap: no swap stored");
    const client = clientOf(args.chainId);
    const outcome = async (): Promise<SwapSettleResult | undefined> => {
      const mined = await receiptOf(client, swap.hash);
      if (mined) return { state: "mined", receipt: mined };
      if (replacement && (await receiptOf(client, replacement.hash))) return { state: "cancelled" };
      return undefined;
    };
    let replacement = args.execution.replacement;
    const first = await outcome();
    if (first) return first;
    const used = await client.getTransactionCount({ address: getAddress(args.from), blockTag: "latest" });
    // the nonce is used: read the receipts once more (a block between the reads) before calling it gone
    if (used > swap.nonce) return (await outcome()) ?? { state: "gone" };
    if (replacement) {
      await rebroadcast(client, replacement);
    } else {
      const stale = swap.at !== undefined && deps.clock.now().getTime() - swap.at >= deps.replaceAfterMs;
      if (!stale && !(await pastDeadline(client, swap))) {
        await rebroadcast(client, swap);
        return (await outcome()) ?? { state: "waiting" };
      }
      const replaced = await replace({ ...args, swap, store: args.storeReplacement });
      if (replaced === "lost") return { state: "lost" };
      if (replaced !== "used") replacement = replaced;
    }
    return (await outcome()) ?? { state: "waiting" };
  }

  /**
   * Moves an order's execution on by what it still lacks: signs, stores and broadcasts the approval when the order
   * needs one and has none; waits for it to be mined (a bounded wait, else the sweep comes back); then signs,
   * stores and broadcasts the swap. A swap already stored is sent again as it is.
   */
  async function advance(args: {
    userId: number;
    txs: { approveTx: TxRequest | null; swapTx: TxRequest };
    execution: Execution;
    store: ExecutionStore;
    /** true: a sent approval is waited for (bounded, in a request); false: read once (a sweep never waits) */
    wait: boolean;
  }): Promise<AdvanceResult> {
    const { userId, txs, store } = args;
    const { swapTx } = txs;
    const chainId = swapTx.chainId;
    const client = clientOf(chainId);
    const orderId = store.orderId;
    if (args.execution.swap) return { state: "sent", swap: args.execution.swap };

    const stored = args.execution.approve;
    let approval: TransactionReceipt | "waiting" | "replaced" | undefined;
    if (stored) {
      // a run before this one sent it: found on chain, or sent again
      const settled = await settle(chainId, stored, swapTx.from);
      approval = settled.state === "mined" ? settled.receipt : settled.state;
    } else if (txs.approveTx) {
      const step = await sendStep(userId, store, "approve", txs.approveTx);
      if (step.state !== "sent") return step;
      logger.info({ orderId, hash: step.signed.hash }, "ai swap: approval sent");
      const receipt = args.wait
        ? await receiptSoon(client, step.signed.hash)
        : await receiptOf(client, step.signed.hash).catch(() => undefined);
      approval = receipt ?? "waiting";
    }
    if (approval === "waiting") return { state: "approving" };
    if (approval === "replaced") return { state: "stopped", reason: "txNotFound" };
    if (approval && approval.status !== "success") return { state: "stopped", reason: "txReverted" };

    const step = await sendStep(userId, store, "swap", swapTx);
    if (step.state !== "sent") return step;
    logger.info({ orderId, hash: step.signed.hash }, "ai swap: swap sent");
    return { state: "sent", swap: step.signed };
  }

  /**
   * One step in the wallet's nonce lane: the next nonce (pending transactions counted), signed, stored on the order,
   * broadcast. "lost": the run no longer holds the order (nothing broadcast); "stopped": the node refused it for good.
   */
  async function sendStep(
    userId: number,
    store: ExecutionStore,
    kind: TxKind,
    tx: TxRequest,
  ): Promise<
    { state: "sent"; signed: SignedTx } | Extract<AdvanceResult, { state: "lost" | "stopped" | "wouldRevert" }>
  > {
    const client = clientOf(tx.chainId);
    const from = getAddress(tx.from);
    return deps.lanes.run(from, async () => {
      const nonce = await client.getTransactionCount({ address: from, blockTag: "pending" });
      await deps.faults?.beforeSign?.(kind, store.orderId);
      let signed: SignedTx;
      try {
        signed = await sign(userId, store.orderId, kind, tx, nonce);
      } catch (error) {
        if (error instanceof WouldRevert && kind === "swap") return { state: "wouldRevert" as const };
        throw error;
      }
      if (!(await store.save(kind, signed))) return { state: "lost" as const };
      await deps.faults?.afterStored?.(kind, store.orderId);
      const refused = await firstBroadcast(client, signed);
      if (refused) return { state: "stopped" as const, reason: refused };
      return { state: "sent" as const, signed };
    });
  }

  return {
    advance,
    settle,
    settleSwap,
    /** the swap's receipt within the bounded wait, undefined when not mined yet */
    receiptSoon: (chainId: number, hash: Hex) => receiptSoon(clientOf(chainId), hash),
    /** whether the wallet has transactions sent but not mined (a new one would queue behind them) */
    async busy(chainId: number, address: string): Promise<boolean> {
      const client = clientOf(chainId);
      const [pending, latest] = await Promise.all([
        client.getTransactionCount({ address: getAddress(address), blockTag: "pending" }),
        client.getTransactionCount({ address: getAddress(address), blockTag: "latest" }),
      ]);
      return pending > latest;
    },
  };
}

export type AiSwapSender = ReturnType<typeof createAiSwapSender>;
