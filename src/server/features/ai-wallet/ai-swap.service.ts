import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { aiSwapBodySchema } from "../../../contract/ai-wallet.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { isMessageKey, type MessageKey } from "../../../contract/message-keys.ts";
import type { SwapOrder } from "../../../contract/swap.ts";
import { ApiError } from "../../api-error.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { SwapService } from "../swap/swap.service.ts";
import { readTxs, type SwapOrderRow, type SwapOrdersRepository } from "../swap/swap-orders.repository.ts";
import type { SwapTracker } from "../swap/swap-tracker.ts";
import { type AiSwapRepository, executionOf } from "./ai-swap.repository.ts";
import type { AiSwapSender, Execution } from "./ai-swap-sender.ts";
import type { AiTradeWallet } from "./ai-swap-wallet.ts";

/**
 * aiAccountSwap: a market swap from the AI wallet, made the way a user's own wallet makes one (issue 16's quote and
 * order, the daily limit 331, the approval of exactly the amount), then signed and sent by the server at once. The
 * order is a swap_orders row like any other (type market); the swap tracker follows it to completed or fail. A retry
 * with the same requestId answers the first order and sends nothing again. A swap that would spend frozen coins
 * (received from a sanctioned address) is refused (3001 fundsFrozen) before its order is opened.
 *
 * A run that stops before its swap is stored (the node did not answer, the approval reverted) fails the order:
 * nothing was swapped. A stored swap is sent by whoever comes next (this request, the sweep, a restarted node),
 * always the same bytes; a sent approval is followed by its swap once it is mined.
 */

export type AiSwapBody = z.output<typeof aiSwapBodySchema>;

export interface AiSwapServiceDeps {
  swap: SwapService;
  tracker: SwapTracker;
  orders: SwapOrdersRepository;
  repository: AiSwapRepository;
  sender: AiSwapSender;
  wallet: AiTradeWallet;
  clock: Clock;
  logger: Logger;
}

/** A run in a request holds its order this long before the sweep may take it over. */
export const AI_SWAP_RESUME_AFTER_MS = 60_000;
const RESUME_BATCH = 50;

const nodeUnavailable = () =>
  new ApiError(
    ErrorCode.RequestFailed,
    "rpcUnavailable",
    502,
    [],
    "the chain's node did not answer; nothing was swapped",
  );

const slippageExceeded = () =>
  new ApiError(
    ErrorCode.RequestFailed,
    "slippageExceeded",
    409,
    [],
    "the price moved beyond the slippage since the quote; nothing was swapped",
  );

/** the error a market swap that failed before its swap was sent answered, for a retry with its requestId */
function refusedAgain(row: SwapOrderRow): ApiError {
  const reason = row.statusReason ?? "rpcUnavailable";
  if (reason === "rpcUnavailable") return nodeUnavailable();
  if (reason === "slippageExceeded") return slippageExceeded();
  const key = isMessageKey(reason) ? reason : "txNotFound";
  return new ApiError(ErrorCode.RequestFailed, key, 409, [], "the swap was not sent; nothing was swapped");
}

export function createAiSwapService(deps: AiSwapServiceDeps) {
  const { swap, tracker, orders, repository, sender, wallet, clock, logger } = deps;

  async function fail(row: SwapOrderRow, reason: MessageKey): Promise<void> {
    const current = (await orders.byId(row.id)) ?? row;
    if (current.status !== "awaiting_deposit" && current.status !== "pending") return;
    await orders.update(row.id, current.status, { status: "fail", statusReason: reason, updatedAt: clock.now() });
    logger.info({ orderId: row.orderId, reason }, "ai swap failed");
  }

  /**
   * moves the order on as far as it goes now; the order's swap is then followed by the tracker. `wait`: in a request
   * the approval and the swap are waited for (bounded); a sweep only reads what the chain has now.
   */
  async function run(row: SwapOrderRow, execution: Execution, wait: boolean): Promise<void> {
    const txs = readTxs(row.txs);
    const result = await sender.advance({
      userId: row.userId,
      txs,
      execution,
      wait,
      store: {
        orderId: row.orderId,
        save: (kind, signed) => repository.save(row.id, execution.claim, kind, signed, clock.now()),
      },
    });
    if (result.state === "stopped") await fail(row, result.reason);
    if (result.state === "wouldRevert") {
      // the price moved past the order's minimum since its quote: nothing was signed, the user may ask again
      await fail(row, "slippageExceeded");
      throw slippageExceeded();
    }
    if (result.state !== "sent") return;
    if (wait) await sender.receiptSoon(txs.swapTx.chainId, result.swap.hash);
    const current = await orders.byId(row.id);
    if (current) await tracker.check(current);
  }

  async function execute(userId: number, body: AiSwapBody): Promise<SwapOrder> {
    const address = await wallet.addressOf(userId);
    wallet.checkChain(body.chainId);
    if (body.requestId) {
      const existing = await orders.byRequest(userId, body.requestId);
      if (existing) {
        // the first attempt failed before anything was sent: the same error again, never a 200 (the client asks
        // again with a new requestId)
        if (existing.status === "fail" && existing.transferOutHash === null) throw refusedAgain(existing);
        return swap.orderStatus(userId, existing.orderId);
      }
    }
    const { quote } = await swap.quote(
      {
        fromChainId: body.chainId,
        toChainId: body.chainId,
        fromToken: body.fromToken,
        toToken: body.toToken,
        amount: body.amount,
        slippage: body.slippage,
        fromAddress: address,
      },
      userId,
    );
    // the amount sold and the swap's gas come out of what is not frozen
    await wallet.checkUnfrozen({
      userId,
      owner: address,
      chainId: body.chainId,
      token: quote.fromToken,
      amount: quote.fromAmount,
      gasNative: quote.gasNative,
    });
    const opened = await swap.swapData(userId, {
      quoteId: quote.quoteId,
      fromAddress: address,
      requestId: body.requestId,
    });
    const row = await orders.byOrderId(opened.order.orderId);
    if (!row) throw new Error("the opened swap order is gone");
    const execution: Execution = { claim: randomUUID() };
    const claimed = await repository.claim(row.id, execution.claim, clock.now());
    // another request with the same requestId opened it and sends it
    if (!claimed) return swap.orderStatus(userId, row.orderId);
    try {
      await run(claimed, execution, true);
    } catch (error) {
      const current = await orders.byId(row.id);
      if (current && executionOf(current)?.swap) {
        // the swap is stored: the sweep sends the same transaction
        logger.warn({ err: error, orderId: row.orderId }, "ai swap: sending left to the sweep");
        return swap.orderStatus(userId, row.orderId);
      }
      await fail(row, error instanceof ApiError ? error.key : "rpcUnavailable");
      if (error instanceof ApiError) throw error;
      logger.warn({ err: error, orderId: row.orderId }, "ai swap: not sent");
      throw nodeUnavailable();
    }
    return swap.orderStatus(userId, row.orderId);
  }

  /**
   * Finishes the AI market swaps a run left (a node died, the approval was not mined in the request's wait): a
   * stored swap is found on chain or sent again (the same bytes); one whose nonce another transaction took fails
   * (txNotFound); one whose approval was sent gets its swap once the approval is mined; one with nothing signed
   * fails (txNotFound): a market swap is sent at once or not at all, never minutes after the user asked. A stored
   * swap not mined in time (its router deadline passed, or AI_SWAP_REPLACE_AFTER_MS) is cancelled by a transfer at
   * its nonce and fails (swapNotMined) once that is mined.
   */
  async function resume(held: () => Promise<boolean> = async () => true): Promise<number> {
    const rows = await repository.unfinished(new Date(clock.now().getTime() - AI_SWAP_RESUME_AFTER_MS), RESUME_BATCH);
    for (const row of rows) {
      // the sweep's lease is renewed between orders; a node that lost it leaves the rest to the new holder
      if (!(await held())) break;
      try {
        const execution = executionOf(row);
        if (!execution) continue;
        if (!execution.swap && !execution.approve) {
          // the run stopped before it signed anything: the swap was never sent, and is not sent late now
          await fail(row, "txNotFound");
          continue;
        }
        if (!execution.swap) {
          // the approval is on its way (or mined): the swap follows it
          await run(row, execution, false);
          continue;
        }
        const swapHash = execution.swap.hash;
        const settled = await sender.settleSwap({
          userId: row.userId,
          orderId: row.orderId,
          chainId: row.fromChainId,
          from: row.fromAddress,
          execution,
          storeReplacement: (signed) => repository.saveReplacement(row.id, swapHash, signed, clock.now()),
        });
        if (settled.state === "mined") await tracker.check(row);
        // the swap was not mined in time: the transfer at its nonce was, so nothing was swapped
        else if (settled.state === "cancelled") await fail(row, "swapNotMined");
        else if (settled.state === "gone") {
          // its nonce is used and neither transaction is found: only when a later sweep finds the same too (a node
          // lagging behind may not have the swap's receipt yet), it never can be mined
          if (execution.goneAt === undefined) await repository.markGone(row.id, swapHash, clock.now());
          else await fail(row, "txNotFound");
        }
      } catch (error) {
        logger.warn({ err: error, orderId: row.orderId }, "ai swap: not resumed now");
      }
    }
    return rows.length;
  }

  return { execute, resume };
}

export type AiSwapService = ReturnType<typeof createAiSwapService>;
