import { tickEventSchema } from "../../../contract/market.ts";
import type { Logger } from "../../logger.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import { type MarketService, TICK_CHANNEL, type TickEvent } from "../market/market.service.ts";
import type { MarketSource, MarketView } from "../market/market-view.ts";
import type { AlarmChannel, FiredAlarm } from "./alarm-ports.ts";
import { priceAlarmOf, sourceNow, viewOrUndefined } from "./alarm-view.ts";
import type { AlarmRow, AlarmsRepository } from "./alarms.repository.ts";

/** The lease of the node that evaluates alarms (pubsub adds the deployment's prefix). */
export const ALARM_EVAL_LEASE = "alarm-eval";

export interface AlarmEvaluatorDeps {
  repository: Pick<AlarmsRepository, "fire">;
  market: Pick<MarketService, "view">;
  /** the market provider's configured name: the source of alarms fired before this node's first snapshot */
  providerName: () => string;
  pubsub: PubSub;
  logger: Logger;
  /** where fired alarms go; all are given before start() */
  channels: readonly AlarmChannel[];
  /** how long the evaluating node keeps the lease without a tick: a few refresh intervals */
  leaseMs: number;
}

export interface AlarmEvaluator {
  /** subscribes to the market's ticks and evaluates the market's snapshot now (ticks published before it) */
  start(): Promise<void>;
  /** evaluates one tick (published as JSON on TICK_CHANNEL) on this node if it holds the lease; the alarms it fired */
  evaluate(message: string): Promise<FiredAlarm[]>;
  /** resolves once no evaluation is in flight or waiting and the channels' background deliveries are done */
  idle(): Promise<void>;
  /** unsubscribes, waits for the evaluation in flight, then stops the channels */
  stop(): Promise<void>;
}

/** The tick a snapshot makes, as the market service publishes it. */
function tickOf(view: MarketView): TickEvent {
  return {
    at: view.source.at,
    market: view.status,
    ticks: view.listed.map((l) => ({ coinAbbr: l.coin.coinAbbr, lastPrice: l.coin.lastPrice, change: l.coin.change })),
  };
}

/**
 * Fires price alarms on every market tick (replay or live). Every node subscribes to the ticks; the node holding
 * the "alarm-eval" lease evaluates, with one UPDATE that fires each crossed armed alarm once (see
 * AlarmsRepository.fire), so even two nodes evaluating the same tick fire each alarm once. The state is the table,
 * so a restart loses nothing armed. Fired alarms go to each channel, then each channel sweeps up what earlier
 * deliveries left undelivered; a channel's failure is logged, never thrown. One evaluation runs at a time; ticks that
 * come meanwhile wait as one, the latest (its prices are the ones that count; an older waiting one is dropped).
 */
export function createAlarmEvaluator(deps: AlarmEvaluatorDeps): AlarmEvaluator {
  const { repository, market, pubsub, logger, channels } = deps;
  let running: Promise<void> | undefined;
  let waiting: string | undefined;
  let unsubscribe: (() => void) | undefined;

  async function toChannels(what: string, run: (channel: AlarmChannel) => Promise<void> | undefined) {
    await Promise.all(
      channels.map(async (channel) => {
        try {
          await run(channel);
        } catch (error) {
          logger.warn({ err: error, channel: channel.name }, what);
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
    const view = viewOrUndefined(market);
    const provider = sourceNow(view, deps.providerName);
    const mode = tick.data.market?.mode ?? view?.source.mode ?? "replay";
    const rows = await repository.fire(prices, new Date(at), provider);
    const firedOf = (from: readonly AlarmRow[]): FiredAlarm[] =>
      from.map((row) => {
        const source: MarketSource = {
          mode,
          provider: row.firedSource ?? provider,
          at: row.firedAt?.toISOString() ?? tick.data.at,
        };
        return { userId: row.userId, alarm: priceAlarmOf(row, view, provider), market: source };
      });
    const fired = firedOf(rows);
    if (fired.length > 0) {
      logger.info({ alarms: fired.length, at: tick.data.at }, "price alarms fired");
      await toChannels("fired alarms not delivered", (channel) => channel.deliver(fired));
    }
    await toChannels("undelivered alarms not swept", (channel) => channel.sweep?.({ at: new Date(at), firedOf }));
    return fired;
  }

  /** evaluates the waiting tick until none waits */
  async function drain() {
    while (waiting !== undefined) {
      const message = waiting;
      waiting = undefined;
      try {
        await evaluate(message);
      } catch (error) {
        logger.warn({ err: error }, "price alarms not evaluated");
      }
    }
  }

  const run = () => {
    running ??= drain().finally(() => {
      running = undefined;
      // a tick that came between the last evaluation and here
      if (waiting !== undefined) run();
    });
  };

  const enqueue = (message: string) => {
    if (waiting !== undefined) logger.warn("alarm evaluation behind the ticks; an older tick is dropped");
    waiting = message;
    run();
  };

  const settled = async () => {
    while (running) await running;
  };

  return {
    async start() {
      unsubscribe ??= await pubsub.subscribe(TICK_CHANNEL, enqueue);
      // the snapshot's tick went out before this node listened (the market starts first): evaluate it now
      const view = viewOrUndefined(market);
      if (view && waiting === undefined && !running) enqueue(JSON.stringify(tickOf(view)));
    },
    evaluate,
    async idle() {
      do {
        await settled();
        await toChannels("alarm channel not settled", (channel) => channel.idle?.());
      } while (running);
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = undefined;
      waiting = undefined;
      await settled();
      await toChannels("alarm channel not stopped", (channel) => channel.stop?.());
    },
  };
}
