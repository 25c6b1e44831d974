import {
  BaseError,
  getAddress,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  type TransactionSerializable,
} from "viem";
import { z } from "zod";
import type { MessageKey } from "../../../contract/message-keys.ts";
import type { TxRequest } from "../../../contract/swap.ts";
import type { Logger } from "../../logger.ts";
import type { AiWalletSigner } from "./ai-wallet-ports.ts";
import type { NonceLanes } from "./nonce-lanes.ts";

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
export const signedTxSchema = z.object({ raw: hexSchema, hash: hexSchema, nonce: z.number().int().nonnegative() });
export type SignedTx = z.infer<typeof signedTxSchema>;

/** An order's execution as stored: the run that holds it, and what it signed so far. */
export const executionSchema = z.object({
  claim: z.string().min(1),
  approve: signedTxSchema.optional(),
  swap: signedTxSchema.optional(),
});
export type Execution = z.infer<typeof executionSchema>;

export type TxKind = "approve" | "swap";

/**
 * A test seam: called after a signed transaction is stored and before it is broadcast. A throw there is the node
 * dying between the two (the order keeps the signed bytes; nothing reached the chain).
 */
export interface AiSwapFaults {
  afterStored?(kind: TxKind, orderId: string): void | Promise<void>;
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
  | { state: "lost" };

export type SettleResult =
  | { state: "mined"; receipt: TransactionReceipt }
  /** sent (again) and not mined yet */
  | { state: "waiting" }
  /** its nonce was used by another transaction of the wallet: it can never be mined */
  | { state: "replaced" };

export interface AiSwapSenderDeps {
  signer: AiWalletSigner;
  /** the AI wallets' nonce lanes (shared with withdrawals) */
  lanes: NonceLanes;
  client(chainId: number): PublicClient | undefined;
  logger: Logger;
  faults?: AiSwapFaults | undefined;
  /** how long a run waits for a transaction it sent to be mined before leaving it to the sweep (ms) */
  receiptWaitMs: number;
}

/** The gas limit over an estimate, in percent. */
const GAS_MARGIN_PERCENT = 125n;
const RECEIPT_POLL_MS = 500;

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
    const [gas, fees] = await Promise.all([
      tx.gas !== null
        ? BigInt(tx.gas)
        : client
            .estimateGas({ account: from, to, data, value })
            .then((estimate) => (estimate * GAS_MARGIN_PERCENT) / 100n),
      feesOf(client),
    ]);
    const serializable: TransactionSerializable = { chainId: tx.chainId, nonce, to, data, value, gas, ...fees };
    const { raw, hash } = await signer.signTransaction(userId, serializable, {
      action: kind === "approve" ? "sign_approve" : "sign_swap",
      chainId: tx.chainId,
      detail: { orderId, to, value: value.toString(), nonce },
    });
    return { raw, hash, nonce } satisfies SignedTx;
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
  ): Promise<{ state: "sent"; signed: SignedTx } | Extract<AdvanceResult, { state: "lost" | "stopped" }>> {
    const client = clientOf(tx.chainId);
    const from = getAddress(tx.from);
    return deps.lanes.run(from, async () => {
      const nonce = await client.getTransactionCount({ address: from, blockTag: "pending" });
      const signed = await sign(userId, store.orderId, kind, tx, nonce);
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
