import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import type { Timers } from "../../providers/timers.ts";
import { TICK_CHANNEL } from "../market/market.service.ts";
import type { LimitExecutor } from "./limit-executor.ts";
import type { LimitOrdersRepository } from "./limit-orders.repository.ts";

/**
 * Watches limit orders against the market (issue 17): on every market tick (replay or live, published by the node
 * that refreshes the market) one node at a time, under the `limit-orders` lease, expires overdue orders, finishes or
 * sends back what a run left executing (the AI wallet's market swaps too), then claims the orders the tick's prices
 * crossed (one conditional UPDATE each coin: open → executing) and executes them one after another, so the wallet's
 * nonces follow each other. Ticks that arrive during a sweep are folded into one next sweep with the latest prices.
 * A timer asks for a sweep without prices as well (expiry and resume only), so what runs left (an AI market swap
 * whose approval was not mined within its request) is finished while the market feed is stopped too.
 */

export interface LimitWatcherDeps {
  pubsub: PubSub;
  repository: LimitOrdersRepository;
  executor: LimitExecutor;
  /** finishes the AI market swaps a run left (ai-swap.service resume); `held` renews the lease between orders */
  resumeSwaps(held: () => Promise<boolean>): Promise<unknown>;
  clock: Clock;
  logger: Logger;
  /** how long the lease is held between ticks (ms) */
  leaseMs: number;
  timers: Timers;
  /** how often a sweep without prices is asked for (ms) */
  sweepEveryMs: number;
}

/** An order sent back to open with a reason is claimed again once this long passed. */
export const LIMIT_RETRY_MS = 60_000;
/** Orders one coin's claim takes at once (the rest are claimed on the next tick). */
const CLAIM_BATCH = 50;

const tickSchema = z.object({
  ticks: z.array(z.object({ coinAbbr: z.string(), lastPrice: z.number() })),
});

/** The prices of a tick message, by market symbol; undefined for a message that is not a tick. */
export function tickPrices(message: string): Map<string, number> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  const tick = tickSchema.safeParse(parsed);
  if (!tick.success) return undefined;
  const prices = new Map<string, number>();
  for (const { coinAbbr, lastPrice } of tick.data.ticks) {
    if (Number.isFinite(lastPrice) && lastPrice > 0) prices.set(coinAbbr.toUpperCase(), lastPrice);
  }
  return prices;
}

export function createLimitWatcher(deps: LimitWatcherDeps) {
  const { pubsub, repository, executor, clock, logger } = deps;
  let unsubscribe: (() => void) | undefined;
  let stopTimer: (() => void) | undefined;
  let running: Promise<void> | undefined;
  /** the latest tick's prices not swept yet; null: a sweep without prices (resume only) is due */
  let due: Map<string, number> | null | undefined;

  /** renews the lease; false once another node holds it (the sweep then stops between two orders) */
  const held = () => pubsub.lease("limit-orders", deps.leaseMs);

  async function sweep(prices: Map<string, number> | undefined): Promise<void> {
    const now = clock.now();
    for (const row of await repository.expire(now)) {
      logger.info({ orderId: row.orderId }, "limit order expired");
      executor.notify(row);
    }
    await executor.resume(held);
    if (!(await held())) return;
    await deps.resumeSwaps(held);
    if (!prices || prices.size === 0) return;
    const claim = randomUUID();
    const retryBefore = new Date(now.getTime() - LIMIT_RETRY_MS);
    for (const symbol of await repository.watchedSymbols()) {
      if (!(await held())) return;
      const price = prices.get(symbol);
      if (price === undefined) continue;
      const claimed = await repository.claimCrossed({ symbol, price, claim, now, retryBefore, limit: CLAIM_BATCH });
      for (const [index, row] of claimed.entries()) {
        if (!(await held())) {
          // the lease went to another node: what this run claimed and did not start goes back to open at once
          await executor.release(claimed.slice(index));
          return;
        }
        logger.info({ orderId: row.orderId, symbol, price, limit: row.limitPrice }, "limit order crossed");
        try {
          await executor.execute(row);
        } catch (error) {
          // left executing: the next sweep finishes it from the chain or sends it back to open
          logger.warn({ err: error, orderId: row.orderId }, "limit order: execution interrupted");
        }
      }
    }
  }

  async function loop(): Promise<void> {
    while (due !== undefined) {
      const prices = due ?? undefined;
      due = undefined;
      try {
        if (await pubsub.lease("limit-orders", deps.leaseMs)) await sweep(prices);
      } catch (error) {
        logger.warn({ err: error }, "limit order sweep failed");
      }
    }
  }

  /** asks for a sweep (with a tick's prices, or none) and answers when the sweeps due now are done */
  function request(prices: Map<string, number> | null): Promise<void> {
    // a sweep without prices never replaces a tick's prices that are waiting
    due = prices ?? due ?? null;
    running ??= loop().finally(() => {
      running = undefined;
      // asked for between the loop's last look and its end
      if (due !== undefined) void request(null);
    });
    return running;
  }

  /** resolves once no sweep is running or due */
  async function idle(): Promise<void> {
    while (running) await running;
  }

  return {
    /** subscribes to the ticks, starts the timer, and finishes what a run left before this node started */
    async start(): Promise<void> {
      unsubscribe = await pubsub.subscribe(TICK_CHANNEL, (message) => {
        const prices = tickPrices(message);
        if (prices) void request(prices);
      });
      stopTimer = deps.timers.every(deps.sweepEveryMs, () => void request(null));
      void request(null);
    },
    /** one sweep now (expiry and resume; the crossed orders too when prices are given) */
    async sweep(prices?: Map<string, number>): Promise<void> {
      void request(prices ?? null);
      await idle();
    },
    idle,
    async stop(): Promise<void> {
      unsubscribe?.();
      unsubscribe = undefined;
      stopTimer?.();
      stopTimer = undefined;
      due = undefined;
      while (running) await running;
    },
  };
}

export type LimitWatcher = ReturnType<typeof createLimitWatcher>;
