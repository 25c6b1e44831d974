import { parseUnits } from "viem";
import type { LimitOrder } from "../../../contract/ai-wallet.ts";
import type { MessageKey } from "../../../contract/message-keys.ts";
import type { SwapQuote } from "../../../contract/swap.ts";
import { ApiError } from "../../api-error.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { SwapService } from "../swap/swap.service.ts";
import { readToken, type SwapOrderRow, type SwapOrdersRepository } from "../swap/swap-orders.repository.ts";
import type { SwapTracker } from "../swap/swap-tracker.ts";
import type { AiSwapSender } from "./ai-swap-sender.ts";
import type { AiTradeWallet } from "./ai-swap-wallet.ts";
import { type LimitOrderRow, type LimitOrdersRepository, limitExecutionOf } from "./limit-orders.repository.ts";
import { limitOrderView } from "./limit-orders.service.ts";

/**
 * Executes a claimed limit order through the swap module, once:
 * 1. the wallet has no transaction still on its way (else back to open with walletBusy, tried again later);
 * 2. a fresh quote from the AI wallet. Its minimum received (what the swap transaction itself guarantees on chain)
 *    must honour the limit within the user's slippage: for a sell, amount × limit × (1 − slippage) in USD, for a
 *    buy, the amount's USD value / limit × (1 − slippage) of the bought coin, each in the received token at its USD
 *    price. A quote below it sends the order back to OPEN with statusReason slippageExceeded: the market feed
 *    crossed but the pool does not give the limit yet, and a limit order waits for its price rather than failing.
 *    It is claimed again once the market still crosses LIMIT_RETRY_MS later;
 * 3. the swap order (type limit) opened by the swap module, the AI wallet's daily limit included, and linked;
 * 4. the approval (when needed) and the swap signed, each stored on the order before it is broadcast;
 * 5. finished from the chain: completed with what arrived, or fail with the reason the tracker read.
 * A refusal about the order itself (balance, gas, daily limit, coins frozen since it was placed: fundsFrozen) fails it
 * with that reason; a service that is down, or
 * a quote refused for now (no liquidity, no quotation, the amount outside a route's range) sends it back to open
 * with the reason, to be tried again.
 *
 * resume() is the restart rule: an executing order whose swap is stored is finished from the chain (receipt found:
 * completed or fail; not found: the same raw transaction sent again; not mined in time (its router deadline passed,
 * or it waited too long): a transfer at its nonce replaces it, and once that is mined the order is open again
 * (swapNotMined); its nonce taken by another transaction: back to open, it can never be mined); one with nothing of
 * its swap stored goes back to open.
 */

export interface LimitExecutorDeps {
  repository: LimitOrdersRepository;
  swap: SwapService;
  tracker: SwapTracker;
  orders: SwapOrdersRepository;
  sender: AiSwapSender;
  wallet: AiTradeWallet;
  usdPrice(symbol: string): number | undefined;
  clock: Clock;
  logger: Logger;
  /** told of every order that reached a status the user should hear of */
  onChange?: ((userId: number, order: LimitOrder) => void) | undefined;
}

/** the least received, raw in the received token, that honours the order's limit within its slippage */
export function limitMinimum(
  order: Pick<LimitOrderRow, "side" | "fromAmount" | "limitPrice" | "slippage">,
  prices: { fromUsd: number | undefined; toUsd: number | undefined },
  toDecimals: number,
): bigint | undefined {
  const keep = 1 - Number(order.slippage) / 100;
  const amount = Number(order.fromAmount);
  let received: number;
  if (order.side === "sell") {
    if (!prices.toUsd) return undefined;
    received = (amount * order.limitPrice * keep) / prices.toUsd;
  } else {
    if (!prices.fromUsd) return undefined;
    received = ((amount * prices.fromUsd) / order.limitPrice) * keep;
  }
  if (!Number.isFinite(received) || received <= 0) return undefined;
  const text = received.toLocaleString("en-US", {
    useGrouping: false,
    maximumFractionDigits: Math.min(toDecimals, 20),
  });
  return parseUnits(text, toDecimals);
}

/**
 * A refusal about a service being down (a quote source, the chain's node) or the AI wallet not configured now, not
 * about the order: tried again later.
 */
/** An executing order untouched this long is taken as left by its run (a node died, a sweep ended). */
export const LIMIT_RESUME_AFTER_MS = 60_000;
const RESUME_BATCH = 200;

const isTransient = (error: ApiError) => error.status >= 500 || error.key === "aiWalletUnavailable";

/**
 * A quote's refusals that say nothing lasting about the order: the pool or the sources cannot serve it now. A
 * 90-day order waits through them (back to open with the reason, tried again after LIMIT_RETRY_MS).
 */
const QUOTE_PASSING: readonly string[] = [
  "insufficientLiquidity",
  "noQuotation",
  "amountOutOfRange",
  "quoteServiceUnreachable",
  "swapQuoteError",
];

export function createLimitExecutor(deps: LimitExecutorDeps) {
  const { repository, swap, tracker, orders, sender, wallet, clock, logger } = deps;

  const tell = (row: LimitOrderRow | undefined) => {
    if (row) deps.onChange?.(row.userId, limitOrderView(row));
  };

  async function back(row: LimitOrderRow, claim: string, reason: MessageKey | null): Promise<void> {
    const current = (await repository.byId(row.id)) ?? row;
    const reopened = await repository.reopen(
      row.id,
      { claim, swapSigned: false, swapOrderId: current.swapOrderId },
      reason,
      clock.now(),
    );
    if (reopened) logger.info({ orderId: row.orderId, reason }, "limit order open again");
  }

  async function fail(row: LimitOrderRow, claim: string, reason: MessageKey | string): Promise<void> {
    const current = (await repository.byId(row.id)) ?? row;
    if (current.swapOrderId) {
      const swapRow = await orders.byOrderId(current.swapOrderId);
      if (swapRow && (swapRow.status === "awaiting_deposit" || swapRow.status === "pending")) {
        await orders.update(swapRow.id, swapRow.status, {
          status: swapRow.status === "pending" ? "fail" : "cancelled",
          statusReason: swapRow.status === "pending" ? reason : null,
          updatedAt: clock.now(),
        });
      }
    }
    const failed = await repository.finish(
      row.id,
      claim,
      { status: "fail", reason, receivedAmount: null },
      clock.now(),
    );
    logger.info({ orderId: row.orderId, reason }, "limit order failed");
    tell(failed);
  }

  /** a refusal of the quote or the order: fails the order, or sends it back to open when a service was down */
  async function refused(row: LimitOrderRow, claim: string, error: unknown): Promise<void> {
    if (!(error instanceof ApiError)) throw error;
    if (isTransient(error)) return back(row, claim, error.key);
    return fail(row, claim, error.key);
  }

  /** a refusal of the quote: the order waits when it may pass, else as refused() */
  async function quoteRefused(row: LimitOrderRow, claim: string, error: unknown): Promise<void> {
    if (error instanceof ApiError && QUOTE_PASSING.includes(error.key)) return back(row, claim, error.key);
    return refused(row, claim, error);
  }

  /** mirrors the swap order's end onto the limit order; the stored swap is found on chain or sent again first */
  async function finishFromChain(row: LimitOrderRow): Promise<void> {
    const execution = limitExecutionOf(row);
    if (!execution?.swap || !row.swapOrderId) return;
    let swapRow = await orders.byOrderId(row.swapOrderId);
    if (!swapRow) return;
    if (swapRow.status !== "completed" && swapRow.status !== "fail") {
      const settled = await sender.settleSwap({
        userId: row.userId,
        orderId: row.orderId,
        chainId: row.chainId,
        from: swapRow.fromAddress,
        execution,
        storeReplacement: (signed) => repository.saveReplacement(row.id, execution.claim, signed, clock.now()),
      });
      if (settled.state === "waiting" || settled.state === "lost") return;
      if (settled.state === "gone" && execution.goneAt === undefined) {
        // the nonce is used and neither transaction is found: a node lagging behind may not have the swap's receipt
        // yet, so the order is sent back only when a later sweep finds the same
        await repository.markGone(row.id, execution.claim, clock.now());
        return;
      }
      if (settled.state === "cancelled" || settled.state === "gone") {
        // it can never be mined: the order waits for its price again (after LIMIT_RETRY_MS when cancelled)
        const reason = settled.state === "cancelled" ? "swapNotMined" : null;
        const reopened = await repository.reopen(
          row.id,
          { claim: execution.claim, swapSigned: true, swapOrderId: row.swapOrderId, swapReason: reason ?? undefined },
          reason,
          clock.now(),
        );
        if (reopened) logger.warn({ orderId: row.orderId, reason }, "limit order: its swap was not mined, open again");
        return;
      }
      if (swapRow.status === "timeout") {
        // the tracker gave up on it before the chain had it: it is mined now
        swapRow = (await orders.update(swapRow.id, "timeout", { status: "pending", statusReason: null })) ?? swapRow;
      }
      swapRow = await tracker.check(swapRow);
    }
    await mirror(row, execution.claim, swapRow);
  }

  async function mirror(row: LimitOrderRow, claim: string, swapRow: SwapOrderRow): Promise<void> {
    if (swapRow.status !== "completed" && swapRow.status !== "fail") return;
    const completed = swapRow.status === "completed";
    const finished = await repository.finish(
      row.id,
      claim,
      {
        status: completed ? "completed" : "fail",
        reason: completed ? null : (swapRow.statusReason ?? "txReverted"),
        receivedAmount: completed ? swapRow.receivedAmount : null,
      },
      clock.now(),
    );
    if (!finished) return;
    logger.info(
      { orderId: row.orderId, status: finished.status, received: finished.receivedAmount },
      "limit order executed",
    );
    tell(finished);
  }

  async function quoteOf(row: LimitOrderRow, address: string): Promise<SwapQuote> {
    const from = readToken(row.fromToken);
    const to = readToken(row.toToken);
    const { quote } = await swap.quote(
      {
        fromChainId: row.chainId,
        toChainId: row.chainId,
        fromToken: from.address,
        toToken: to.address,
        amount: row.fromAmount,
        slippage: row.slippage,
        fromAddress: address,
      },
      row.userId,
    );
    return quote;
  }

  /** executes an order this run claimed (status executing, its claim in txs) */
  async function execute(row: LimitOrderRow): Promise<void> {
    const execution = limitExecutionOf(row);
    if (!execution || execution.swap) return;
    const { claim } = execution;
    const from = readToken(row.fromToken);
    const to = readToken(row.toToken);

    let address: `0x${string}`;
    try {
      address = await wallet.addressOf(row.userId);
    } catch (error) {
      return refused(row, claim, error);
    }
    // an earlier transaction of the wallet is still on its way: wait for it, tried again after LIMIT_RETRY_MS
    if (await sender.busy(row.chainId, address)) return back(row, claim, "walletBusy");

    const minimum = limitMinimum(
      row,
      { fromUsd: deps.usdPrice(from.symbol), toUsd: deps.usdPrice(to.symbol) },
      to.decimals,
    );
    if (minimum === undefined) return back(row, claim, "limitNoMarketPrice");
    let quote: SwapQuote;
    try {
      quote = await quoteOf(row, address);
    } catch (error) {
      return quoteRefused(row, claim, error);
    }
    const guaranteed = parseUnits(quote.toAmountMin, to.decimals);
    if (guaranteed < minimum) {
      logger.info(
        { orderId: row.orderId, quotedMin: quote.toAmountMin, minimum: minimum.toString() },
        "limit order: the quote does not honour the limit yet",
      );
      return back(row, claim, "slippageExceeded");
    }
    try {
      // coins frozen since the order was placed (a sanctioned address sent some) are not sold, nor pay its gas
      await wallet.checkUnfrozen({
        userId: row.userId,
        owner: address,
        chainId: row.chainId,
        token: from,
        amount: row.fromAmount,
        gasNative: quote.gasNative,
      });
    } catch (error) {
      return refused(row, claim, error);
    }

    let opened: Awaited<ReturnType<SwapService["swapData"]>>;
    try {
      opened = await swap.swapData(row.userId, {
        quoteId: quote.quoteId,
        fromAddress: address,
        // one swap order per claim: a retry of this run answers the same order
        requestId: `limit-${row.orderId}-${claim}`,
      });
    } catch (error) {
      return refused(row, claim, error);
    }
    const swapRow = await orders.byOrderId(opened.order.orderId);
    if (!swapRow) throw new Error("the opened swap order is gone");
    if (!(await repository.link(row.id, claim, swapRow, clock.now()))) {
      await orders.update(swapRow.id, "awaiting_deposit", { status: "cancelled", updatedAt: clock.now() });
      return;
    }

    const result = await sender.advance({
      userId: row.userId,
      txs: { approveTx: opened.approveTx, swapTx: opened.swapTx },
      execution: { claim },
      // a sweep never waits for the chain: an approval not mined at once is followed on a later sweep
      wait: false,
      store: {
        orderId: row.orderId,
        save: (kind, signed) => repository.save(row.id, claim, kind, signed, clock.now()),
      },
    });
    // the pool moved past the order's minimum since the quote: nothing was signed, the order waits for its price
    if (result.state === "wouldRevert") return back(row, claim, "slippageExceeded");
    if (result.state === "stopped") {
      if (result.reason !== "txNotFound") return fail(row, claim, result.reason);
      // its nonce went to another transaction of the wallet: it can never be mined, so the order is tried again
      const current = (await repository.byId(row.id)) ?? row;
      const swapSigned = limitExecutionOf(current)?.swap !== undefined;
      await repository.reopen(row.id, { claim, swapSigned, swapOrderId: current.swapOrderId }, null, clock.now());
      return;
    }
    if (result.state !== "sent") return;
    const current = await repository.byId(row.id);
    if (current) await finishFromChain(current);
  }

  /**
   * finishes or sends back the executing orders a run left (at start and on each sweep): only those untouched for
   * LIMIT_RESUME_AFTER_MS, so an order another node is executing right now is left to it. `held` renews the sweep's
   * lease between orders; once it is lost the rest is left to the node that holds it.
   */
  async function resume(held: () => Promise<boolean> = async () => true): Promise<void> {
    const before = new Date(clock.now().getTime() - LIMIT_RESUME_AFTER_MS);
    for (const row of await repository.executing(before, RESUME_BATCH)) {
      if (!(await held())) return;
      const execution = limitExecutionOf(row);
      if (!execution) continue;
      try {
        if (execution.swap) await finishFromChain(row);
        else await back(row, execution.claim, null);
      } catch (error) {
        logger.warn({ err: error, orderId: row.orderId }, "limit order: not resumed now");
      }
    }
  }

  /** sends orders this run claimed and did not start back to open (the sweep lost its lease) */
  async function release(rows: LimitOrderRow[]): Promise<void> {
    for (const row of rows) {
      const execution = limitExecutionOf(row);
      if (execution && !execution.swap) await back(row, execution.claim, null);
    }
  }

  return { execute, resume, release, notify: tell };
}

export type LimitExecutor = ReturnType<typeof createLimitExecutor>;
