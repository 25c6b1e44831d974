import type { Database } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import type { MarketService } from "../market/market.service.ts";
import { type AlarmEvaluator, createAlarmEvaluator } from "./alarm-evaluator.ts";
import type { AlarmChannel, AlarmService } from "./alarm-ports.ts";
import { createAlarmsRepository } from "./alarms.repository.ts";
import { createAlarmService } from "./alarms.service.ts";
import { createPushTickets, type PushTickets } from "./push-tickets.ts";

export interface AlarmsModuleDeps {
  db: Database;
  market: Pick<MarketService, "view">;
  /** the market provider's configured name: the source alarms show before the first snapshot */
  providerName: () => string;
  pubsub: PubSub;
  clock: Clock;
  logger: Logger;
  /** the market's refresh interval: the evaluating node keeps its lease for a few of them */
  refreshMs: number;
  /** the app secret push tickets are signed with (the same on every node) */
  ticketSecret: string;
  /** where fired alarms go (the push channel); more may be added with addChannel before start() */
  channels: readonly AlarmChannel[];
}

export interface AlarmsModule {
  /** what the app's routes, the bot's /alerts and the chat call */
  service: AlarmService;
  evaluator: AlarmEvaluator;
  /** tickets that open the push channel as an account */
  tickets: PushTickets;
  /** adds a channel fired alarms go to (the bot's, once the bot exists): before start() only, so none misses a tick */
  addChannel(channel: AlarmChannel): void;
  /**
   * Subscribes the evaluator to the market's ticks and evaluates the market's snapshot now, so the market may start
   * first: call it once every channel is added (alarms crossed while no node ran reach them all).
   */
  start(): Promise<void>;
  /** stops evaluating, then the channels (before the bot they send through stops) */
  stop(): Promise<void>;
}

/** Price alarms put together (issue 17): the table, the service, the tick evaluator and the push tickets. */
export function createAlarmsModule(deps: AlarmsModuleDeps): AlarmsModule {
  const repository = createAlarmsRepository(deps.db);
  const channels: AlarmChannel[] = [...deps.channels];
  let started = false;
  const evaluator = createAlarmEvaluator({
    repository,
    market: deps.market,
    providerName: deps.providerName,
    pubsub: deps.pubsub,
    logger: deps.logger,
    channels,
    leaseMs: Math.max(3 * deps.refreshMs, 5_000),
  });
  return {
    service: createAlarmService({
      repository,
      market: deps.market,
      providerName: deps.providerName,
      clock: deps.clock,
    }),
    evaluator,
    tickets: createPushTickets(deps.ticketSecret, deps.clock),
    addChannel: (channel) => {
      if (started) throw new Error(`alarm channel ${channel.name} added after the evaluator started`);
      channels.push(channel);
    },
    start: () => {
      started = true;
      return evaluator.start();
    },
    stop: () => evaluator.stop(),
  };
}
