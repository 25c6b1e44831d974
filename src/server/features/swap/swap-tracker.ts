import {
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  type PublicClient,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from "viem";
import type { MessageKey } from "../../../contract/message-keys.ts";
import type { SwapOrderStatus } from "../../../contract/swap.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { QuoteSource, SourceStatus } from "../../providers/swap/quote-source.ts";
import type { ChainTable } from "./ports.ts";
import {
  OPEN_STATUSES,
  readToken,
  readTxs,
  type SwapOrderPatch,
  type SwapOrderRow,
  type SwapOrdersRepository,
} from "./swap-orders.repository.ts";
import { isNative, isSlippageRevert, sameAddress } from "./swap-validation.ts";

/**
 * Follows open swap orders (spec §4 statuses) on chain and at the aggregator:
 * - awaiting_deposit: no swap hash reported; after SWAP_ORDER_TIMEOUT_MINUTES from its opening, timeout (txNotFound).
 * - pending: the hash is reported, the receipt is read. Not mined: still pending, or timeout (txNotFound) when the
 *   chain has not seen the transaction that long after it was reported. A transaction from another sender, to
 *   another contract, fails the order (swapTxMismatch). Reverted: fail, slippageExceeded when the router's revert
 *   reason says the output was below the minimum (the transaction replayed by eth_call on the block before it, the
 *   reason read from the error; public nodes keep no traces), else txReverted; the seller's tokens never left.
 *   Mined and succeeded on one chain: completed, with receivedAmount from the receipt: the bought ERC-20's Transfer
 *   events to the receive address, or for the native coin the receive address's balance in the block against the
 *   block before (the gas and value it paid itself added back when it sent the swap). transferInHash is the same
 *   hash. Across chains: exchanging, and the bridge is asked.
 * - exchanging (across chains): the source's status(): done → completed with the receiving hash and amount, failed →
 *   fail (txReverted), refunded → refund_completed, pending or not found yet → exchanging.
 * A node that does not answer leaves the order as it was; the next check asks again. Every change is written only
 * when the order is still in the status it was read in, so a sweep and a request checking at once agree.
 */

export interface SwapTrackerDeps {
  repository: SwapOrdersRepository;
  chains: ChainTable;
  sources: readonly QuoteSource[];
  clock: Clock;
  logger: Logger;
  settings: { statusSeconds: number; orderTimeoutMinutes: number; quoteTimeoutMs: number };
  /** told of every order whose status moved (its balances changed: cached ones are dropped) */
  onMoved?: (order: SwapOrderRow) => void;
}

export interface SwapTracker {
  /** whether the order is open and was not checked within SWAP_STATUS_SECONDS */
  isDue(row: SwapOrderRow): boolean;
  /**
   * checks one order now and answers it as it is after the check; `tx` is its swap transaction when the caller read
   * it already (it is not asked for again)
   */
  check(row: SwapOrderRow, tx?: ChainTx): Promise<SwapOrderRow>;
  /**
   * checks the open orders that are due (one batch); how many were checked. Quotes expired over a day ago are dropped
   * too, at most every few minutes.
   */
  sweep(): Promise<number>;
}

/** How many open orders one sweep checks. */
const SWEEP_BATCH = 100;
/** Kept quotes are dropped a day after they expired. */
const QUOTE_KEEP_MS = 24 * 3_600_000;
/** Expired quotes are looked for at most this often (a sweep runs every few seconds). */
const QUOTE_DROP_EVERY_MS = 5 * 60_000;

type Outcome = { status: SwapOrderStatus; reason?: MessageKey | null; patch?: SwapOrderPatch } | "unchanged";

const errorText = (error: unknown): string => {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    if (current instanceof Error) {
      parts.push(current.message);
      const details = (current as { details?: unknown }).details;
      if (typeof details === "string") parts.push(details);
      current = current.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return parts.join(" | ");
};

/** A transaction as the chain's node answers it (what matching, the revert replay and the amounts read). */
export type ChainTx = Awaited<ReturnType<PublicClient["getTransaction"]>>;

/**
 * Whether a transaction is the order's swap: sent from the order's wallet on its chain, to the contract, with the
 * input and value handed to the wallet (a wallet that sends another call to the same router is not this order).
 */
export function matchesOrder(
  tx: Pick<ChainTx, "from" | "to" | "input" | "value"> & { chainId?: number | undefined },
  row: Pick<SwapOrderRow, "txs" | "fromChainId" | "fromAddress">,
): boolean {
  const { swapTx } = readTxs(row.txs);
  return (
    (tx.chainId === undefined || tx.chainId === row.fromChainId) &&
    sameAddress(tx.from, row.fromAddress) &&
    sameAddress(tx.to, swapTx.to) &&
    tx.input.toLowerCase() === swapTx.data.toLowerCase() &&
    tx.value === BigInt(swapTx.value)
  );
}

const isNotFound = (error: unknown) =>
  error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError;

export function createSwapTracker(deps: SwapTrackerDeps): SwapTracker {
  const { repository, chains, sources, clock, logger, settings } = deps;
  const statusMs = settings.statusSeconds * 1000;
  const timeoutMs = settings.orderTimeoutMinutes * 60_000;

  const isDue = (row: SwapOrderRow) =>
    OPEN_STATUSES.includes(row.status as SwapOrderStatus) &&
    (row.checkedAt === null || clock.now().getTime() - row.checkedAt.getTime() >= statusMs);

  /** the amount of the bought token that reached the receive address in this same-chain swap, raw; null if unknown */
  async function receivedOnChain(
    client: PublicClient,
    row: SwapOrderRow,
    tx: { from: string; value: bigint },
    receipt: {
      logs: Parameters<typeof parseEventLogs>[0]["logs"];
      blockNumber: bigint;
      gasUsed: bigint;
      effectiveGasPrice: bigint;
    },
  ): Promise<bigint | null> {
    const toToken = readToken(row.toToken);
    if (!isNative(toToken.address)) {
      const transfers = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs, strict: true });
      let total = 0n;
      for (const log of transfers) {
        if (sameAddress(log.address, toToken.address) && sameAddress(log.args.to, row.toAddress)) {
          total += log.args.value;
        }
      }
      return total;
    }
    try {
      const receiver = getAddress(row.toAddress);
      const [before, after] = await Promise.all([
        client.getBalance({ address: receiver, blockNumber: receipt.blockNumber - 1n }),
        client.getBalance({ address: receiver, blockNumber: receipt.blockNumber }),
      ]);
      // the receiver sent the swap itself: what it paid in gas and value left the same balance
      const paid = sameAddress(tx.from, receiver) ? receipt.gasUsed * receipt.effectiveGasPrice + tx.value : 0n;
      const received = after - before + paid;
      return received >= 0n ? received : null;
    } catch (error) {
      logger.warn({ err: error, orderId: row.orderId }, "swap: the native amount received could not be read");
      return null;
    }
  }

  /** why a mined swap reverted: replayed on the block before it, the revert reason read */
  async function revertReason(
    client: PublicClient,
    tx: { from: `0x${string}`; to: `0x${string}` | null; input: Hex; value: bigint; gas: bigint },
    blockNumber: bigint,
  ): Promise<MessageKey> {
    if (!tx.to) return "txReverted";
    try {
      await client.call({
        account: tx.from,
        to: tx.to,
        data: tx.input,
        value: tx.value,
        gas: tx.gas,
        blockNumber: blockNumber > 0n ? blockNumber - 1n : blockNumber,
      });
    } catch (error) {
      return isSlippageRevert(errorText(error)) ? "slippageExceeded" : "txReverted";
    }
    return "txReverted";
  }

  async function checkPending(row: SwapOrderRow, client: PublicClient, hash: Hex, known?: ChainTx): Promise<Outcome> {
    const now = clock.now();
    let tx: ChainTx;
    if (known && known.hash.toLowerCase() === hash.toLowerCase()) {
      tx = known;
    } else {
      try {
        tx = await client.getTransaction({ hash });
      } catch (error) {
        if (!isNotFound(error)) throw error;
        // not seen by the chain: dropped, or never sent; it times out counted from its report
        return now.getTime() - row.updatedAt.getTime() >= timeoutMs
          ? { status: "timeout", reason: "txNotFound" }
          : "unchanged";
      }
    }
    if (!matchesOrder(tx, row)) return { status: "fail", reason: "swapTxMismatch" };
    let receipt: Awaited<ReturnType<PublicClient["getTransactionReceipt"]>>;
    try {
      receipt = await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (isNotFound(error)) return row.status === "pending" ? "unchanged" : { status: "pending" };
      throw error;
    }
    if (receipt.status === "reverted") {
      const reason = await revertReason(client, tx, receipt.blockNumber);
      return { status: "fail", reason };
    }
    if (row.fromChainId !== row.toChainId) return { status: "exchanging" };
    const received = await receivedOnChain(client, row, tx, receipt);
    const toToken = readToken(row.toToken);
    return {
      status: "completed",
      patch: {
        transferInHash: hash,
        receivedAmount: received === null ? null : formatUnits(received, toToken.decimals),
      },
    };
  }

  async function checkBridge(row: SwapOrderRow, hash: Hex): Promise<Outcome> {
    const txs = readTxs(row.txs);
    const source = sources.find((s) => s.id === txs.sourceId);
    if (!source?.status) return "unchanged";
    let state: SourceStatus;
    try {
      state = await source.status(
        { txHash: hash, fromChainId: row.fromChainId, toChainId: row.toChainId, build: txs.build },
        AbortSignal.timeout(settings.quoteTimeoutMs),
      );
    } catch (error) {
      logger.warn({ err: error, orderId: row.orderId, source: source.id }, "swap: the bridge's status not read");
      return "unchanged";
    }
    const toToken = readToken(row.toToken);
    const raw = state.receivedAmount;
    const received = raw !== null && /^\d{1,78}$/.test(raw) ? formatUnits(BigInt(raw), toToken.decimals) : null;
    switch (state.state) {
      case "done":
        return {
          status: "completed",
          patch: { transferInHash: state.receivingTxHash, receivedAmount: received },
        };
      case "failed":
        logger.info({ orderId: row.orderId, detail: state.detail }, "swap: the bridge reports failure");
        return { status: "fail", reason: "txReverted" };
      case "refunded":
        // the refund comes back on the sending chain: not the order's transfer in
        logger.info({ orderId: row.orderId, refund: state.receivingTxHash }, "swap: the bridge refunded the transfer");
        return { status: "refund_completed" };
      default:
        return row.status === "exchanging" ? "unchanged" : { status: "exchanging" };
    }
  }

  async function outcomeOf(row: SwapOrderRow, known?: ChainTx): Promise<Outcome> {
    const now = clock.now();
    const hash = row.transferOutHash as Hex | null;
    if (!hash) {
      if (row.status !== "awaiting_deposit") return "unchanged";
      return now.getTime() - row.createdAt.getTime() >= timeoutMs
        ? { status: "timeout", reason: "txNotFound" }
        : "unchanged";
    }
    if (row.status === "exchanging" && row.fromChainId !== row.toChainId) return checkBridge(row, hash);
    const client = chains.client(row.fromChainId);
    if (!client) return "unchanged";
    return checkPending(row, client, hash, known);
  }

  async function check(row: SwapOrderRow, known?: ChainTx): Promise<SwapOrderRow> {
    if (!OPEN_STATUSES.includes(row.status as SwapOrderStatus)) return row;
    const now = clock.now();
    let outcome: Outcome;
    try {
      outcome = await outcomeOf(row, known);
    } catch (error) {
      logger.warn(
        { err: error, orderId: row.orderId, chainId: row.fromChainId },
        "swap: the order's chain did not answer",
      );
      outcome = "unchanged";
    }
    const patch: SwapOrderPatch =
      outcome === "unchanged"
        ? { checkedAt: now }
        : {
            ...outcome.patch,
            status: outcome.status,
            ...(outcome.reason !== undefined && { statusReason: outcome.reason }),
            checkedAt: now,
            updatedAt: now,
          };
    const updated = await repository.update(row.id, row.status, patch);
    if (outcome !== "unchanged" && updated) {
      deps.onMoved?.(updated);
      logger.info(
        { orderId: row.orderId, from: row.status, to: updated.status, reason: updated.statusReason },
        "swap order moved",
      );
    }
    return updated ?? (await repository.byId(row.id)) ?? row;
  }

  let droppedAt: number | undefined;

  return {
    isDue,
    check,
    async sweep() {
      const now = clock.now();
      if (droppedAt === undefined || now.getTime() - droppedAt >= QUOTE_DROP_EVERY_MS) {
        droppedAt = now.getTime();
        await repository.dropQuotes(new Date(now.getTime() - QUOTE_KEEP_MS));
      }
      const due = await repository.due(new Date(now.getTime() - statusMs), SWEEP_BATCH);
      for (const row of due) await check(row);
      return due.length;
    },
  };
}
