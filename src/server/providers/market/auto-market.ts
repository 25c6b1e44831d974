import type { Clock } from "../clock.ts";
import { type AutoSourceControls, type AutoSourceOptions, createAutoSwitch } from "../source-switch.ts";
import {
  INTERVAL_MS,
  type Interval,
  type MarketProvider,
  type MarketSnapshot,
  UnknownSymbolError,
} from "./market-provider.ts";

/** a source without `intervals` has candles in every interval */
const ALL_INTERVALS = Object.keys(INTERVAL_MS) as Interval[];

/**
 * MARKET_PROVIDER=auto: the live market (Binance, CoinGecko) when it answers, else the replay of the shipped
 * history; see ../source-switch.ts for when it switches.
 *
 * A probe reads the live market as a refresh does (the coin list, then a snapshot that prices at least one coin).
 * While the live market serves, a read of it that fails (an outage, a 5xx, a timeout; not an unknown coin) switches
 * to the replay at once, and the read is answered by the replay instead: no caller sees the outage.
 *
 * `current()` hands out the source serving now, so that one refresh reads one source (its snapshot, its coins, its
 * candles) and labels what it built with that source's kind and name; the live one handed out is guarded, so its
 * failures still switch. `marketTime()` follows the source serving: wall time for the live market, the replay
 * clock's time for the replay (news must not run ahead of it).
 */

export interface AutoMarketOptions extends AutoSourceOptions<"replay"> {
  replay: MarketProvider;
  /** the replay's market time (its clock) */
  replayTime: () => number;
  live: MarketProvider;
  /** wall time: the live market's time */
  clock: Clock;
}

export interface AutoMarket extends MarketProvider, AutoSourceControls {
  /** the kind of the source serving now */
  readonly kind: "replay" | "live";
  readonly name: string;
  current(): MarketProvider;
  /** the market time of the source serving */
  marketTime(): number;
}

export class EmptyLiveMarketError extends Error {
  override name = "EmptyLiveMarketError";
  constructor() {
    super("the live market priced no coin");
  }
}

/** A read through the live handle after the switch left it: not sent, so a job begun on it stops asking. */
export class LiveMarketLeftError extends Error {
  override name = "LiveMarketLeftError";
  constructor() {
    super("the live market no longer serves");
  }
}

export function openAutoMarket(options: AutoMarketOptions): AutoMarket {
  const { replay, live } = options;
  const priced = (snapshot: MarketSnapshot) => {
    if (snapshot.tickers.length === 0) throw new EmptyLiveMarketError();
    return snapshot;
  };
  const switcher = createAutoSwitch(options, "replay", {
    topic: "market",
    names: { live: "the live market", fallback: "the replay" },
    async check() {
      await live.coins();
      priced(await live.snapshot());
    },
  });

  /**
   * a read of the live market; a failure other than an unknown coin switches to the replay. Once the replay serves,
   * reads through this handle (a candle backfill begun on the live market) are not sent: they would only add failures
   * that keep the service's circuit open when the next probe comes.
   */
  const guard = async <T>(read: () => Promise<T>): Promise<T> => {
    if (!switcher.live) throw new LiveMarketLeftError();
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof UnknownSymbolError)) switcher.failed(error);
      throw error;
    }
  };
  const guardedLive: MarketProvider = {
    kind: "live",
    name: live.name,
    snapshot: () => guard(async () => priced(await live.snapshot())),
    klines: (symbol, interval, range) => guard(() => live.klines(symbol, interval, range)),
    coins: () => guard(() => live.coins()),
  };
  const current = () => (switcher.live ? guardedLive : replay);
  /** reads the source serving; when the live market fails the read, the replay answers it */
  const read = async <T>(fn: (source: MarketProvider) => Promise<T>): Promise<T> => {
    const source = current();
    try {
      return await fn(source);
    } catch (error) {
      if (source === replay || error instanceof UnknownSymbolError) throw error;
      return fn(replay);
    }
  };

  return {
    get kind() {
      return current().kind;
    },
    get name() {
      return current().name;
    },
    current,
    snapshot: () => read((source) => source.snapshot()),
    klines: (symbol, interval, range) => read((source) => source.klines(symbol, interval, range)),
    coins: () => read((source) => source.coins()),
    intervals: (symbol) => {
      const source = current();
      return source.intervals ? source.intervals(symbol) : ALL_INTERVALS;
    },
    probe: () => switcher.probe(),
    marketTime: () => (switcher.live ? options.clock.now().getTime() : options.replayTime()),
    start: () => switcher.start(),
    stop: () => switcher.stop(),
  };
}
