import { tickEventSchema } from "../../../contract/market.ts";
import type { Logger } from "../../logger.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import { type MarketService, TICK_CHANNEL } from "../market/market.service.ts";
import type { MarketSource } from "../market/market-view.ts";
import type { AlarmChannel, FiredAlarm } from "./alarm-ports.ts";
import { priceAlarmOf, viewOrUndefined } from "./alarm-view.ts";
import type { AlarmsRepository } from "./alarms.repository.ts";

/** The lease of the node that evaluates alarms (pubsub adds the deployment's prefix). */
export const ALARM_EVAL_LEASE = "alarm-eval";
/** ticks waiting behind an evaluation in flight; beyond it a tick is skipped (the next one reads the prices again) */
const MAX_WAITING = 3;

export interface AlarmEvaluatorDeps {
  repository: AlarmsRepository;
  market: Pick<MarketService, "view">;
  pubsub: PubSub;
  logger: Logger;
  /** where fired alarms go; read at each tick, so a channel added later is used from then on */
  channels: readonly AlarmChannel[];
  /** how long the evaluating node keeps the lease without a tick: a few refresh intervals */
  leaseMs: number;
}

export interface AlarmEvaluator {
  /** subscribes to the market's ticks */
  start(): Promise<void>;
  /** evaluates one tick (published as JSON on TICK_CHANNEL) on this node if it holds the lease; the alarms it fired */
  evaluate(message: string): Promise<FiredAlarm[]>;
  /** resolves once no evaluation is in flight or waiting */
  idle(): Promise<void>;
  /** unsubscribes and waits for the evaluation in flight */
  stop(): Promise<void>;
}

/**
 * Fires price alarms on every market tick (replay or live). Every node subscribes to the ticks; the node holding
 * the "alarm-eval" lease evaluates, with one UPDATE that fires each crossed armed alarm once (see
 * AlarmsRepository.fire), so even two nodes evaluating the same tick fire each alarm once. The state is the table,
 * so a restart loses nothing armed. Fired alarms go to each channel; a channel's failure is logged, never thrown.
 */
export function createAlarmEvaluator(deps: AlarmEvaluatorDeps): AlarmEvaluator {
  const { repository, market, pubsub, logger } = deps;
  let chain: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let unsubscribe: (() => void) | undefined;

  async function deliver(fired: FiredAlarm[]) {
    await Promise.all(
      deps.channels.map(async (channel) => {
        try {
          await channel.deliver(fired);
        } catch (error) {
          logger.warn({ err: error, channel: channel.name, alarms: fired.length }, "fired alarms not delivered");
        }
      }),
    );
  }

  async function evaluate(message: string): Promise<FiredAlarm[]> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return [];
    }
    const tick = tickEventSchema.safeParse(parsed);
    if (!tick.success) return [];
    const at = Date.parse(tick.data.at);
    if (!Number.isFinite(at)) return [];
    if (!(await pubsub.lease(ALARM_EVAL_LEASE, deps.leaseMs))) return [];
    const prices = tick.data.ticks.map((t) => ({ coinAbbr: t.coinAbbr, price: t.lastPrice }));
    const rows = await repository.fire(prices, new Date(at));
    if (rows.length === 0) return [];
    const view = viewOrUndefined(market);
    const source: MarketSource = {
      mode: tick.data.market?.mode ?? view?.source.mode ?? "replay",
      provider: view?.source.provider ?? "",
      at: tick.data.at,
    };
    const fired = rows.map((row) => ({ userId: row.userId, alarm: priceAlarmOf(row, view), market: source }));
    logger.info({ alarms: fired.length, at: tick.data.at }, "price alarms fired");
    await deliver(fired);
    return fired;
  }

  /** ticks are evaluated one after another, in the order they came */
  const enqueue = (message: string) => {
    if (waiting >= MAX_WAITING) {
      logger.warn("alarm evaluation behind the ticks; skipping one");
      return;
    }
    waiting += 1;
    chain = chain
      .then(() => evaluate(message))
      .catch((error: unknown) => logger.warn({ err: error }, "price alarms not evaluated"))
      .finally(() => {
        waiting -= 1;
      });
  };

  return {
    async start() {
      unsubscribe ??= await pubsub.subscribe(TICK_CHANNEL, enqueue);
    },
    evaluate,
    async idle() {
      while (waiting > 0) await chain;
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = undefined;
      while (waiting > 0) await chain;
    },
  };
}
