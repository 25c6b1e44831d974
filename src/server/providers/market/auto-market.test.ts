import { beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { capturingLogger } from "../log-capture.ts";
import { manualTimers } from "../timers.ts";
import { UpstreamError } from "../upstream/upstream.ts";
import { type AutoMarket, LiveMarketLeftError, openAutoMarket } from "./auto-market.ts";
import { type Candle, type CoinMeta, type MarketProvider, type Ticker, UnknownSymbolError } from "./market-provider.ts";
import { testMeta, testTicker } from "./test-coins.ts";

const WALL = Date.parse("2026-03-31T00:20:00.000Z");
const REPLAY_TIME = Date.parse("2026-03-02T12:00:00.000Z");
const HOUR = 3_600_000;

const ticker = (symbol: string, lastPrice: number, priceTime: number): Ticker =>
  testTicker(symbol, lastPrice, { priceTime, resolution: "1h", change1h: 0, change7d: 0 });
const meta = (symbol: string, statsAsOf: number): CoinMeta => testMeta(symbol, { rank: 1, statsAsOf });
const candle = (openTime: number, close: number): Candle => ({
  openTime,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
  quoteVolume: close,
});

/** A live adapter that answers while `up`, fails like an unreachable service when not, or never answers. */
function fakeLive() {
  const state = { mode: "up" as "up" | "down" | "silent" | "held" | "empty", reads: 0 };
  /** reads made while "held" wait for release() */
  const held: (() => void)[] = [];
  const release = () => {
    for (const go of held.splice(0)) go();
  };
  const read = <T>(value: () => T): Promise<T> => {
    state.reads += 1;
    if (state.mode === "held") {
      return new Promise<T>((resolve) => held.push(() => resolve(value())));
    }
    if (state.mode === "down") {
      return Promise.reject(
        new UpstreamError("binance", "network", "fetch failed", undefined, {
          cause: Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }),
        }),
      );
    }
    if (state.mode === "silent") return new Promise<T>(() => undefined);
    return Promise.resolve(value());
  };
  const provider: MarketProvider = {
    kind: "live",
    name: "Binance · CoinGecko",
    snapshot: () => read(() => ({ at: WALL, tickers: state.mode === "empty" ? [] : [ticker("BTC", 66_797.37, WALL)] })),
    coins: () => read(() => [meta("BTC", WALL), meta("SOL", WALL)]),
    klines: (symbol) =>
      symbol === "BTC" ? read(() => [candle(WALL - 2 * HOUR, 66_700)]) : Promise.reject(new UnknownSymbolError(symbol)),
  };
  return { provider, state, release };
}

const replay: MarketProvider = {
  kind: "replay",
  name: "Binance (replay)",
  snapshot: async () => ({ at: REPLAY_TIME, tickers: [ticker("BTC", 64_123.45, REPLAY_TIME)] }),
  coins: async () => [meta("BTC", REPLAY_TIME)],
  klines: async () => [candle(REPLAY_TIME - HOUR, 64_100)],
  // the replay has hourly candles for a few coins only
  intervals: (symbol) => (symbol === "BTC" ? ["1h", "4h", "1d"] : ["1d"]),
};

let live: ReturnType<typeof fakeLive>;
let timers: ReturnType<typeof manualTimers>;
let logs: Record<string, unknown>[];
let switches: string[];
let auto: AutoMarket;

beforeEach(() => {
  live = fakeLive();
  timers = manualTimers();
  logs = [];
  switches = [];
  auto = openAutoMarket({
    replay,
    replayTime: () => REPLAY_TIME,
    live: live.provider,
    clock: manualClock(new Date(WALL)),
    timers,
    logger: capturingLogger(logs),
    probeEveryMs: 60_000,
    onSwitch: (kind) => switches.push(kind),
  });
});

describe("the auto market (live when it answers, else the replay)", () => {
  it("serves the live market when the probe at start finds it, with the wall time as market time", async () => {
    expect(await auto.probe()).toEqual({ live: true });
    expect(auto.kind).toBe("live");
    expect(auto.name).toBe("Binance · CoinGecko");
    expect(auto.current?.().kind).toBe("live");
    expect(auto.marketTime()).toBe(WALL);
    expect((await auto.snapshot()).tickers[0]?.lastPrice).toBe(66_797.37);
    expect(auto.intervals?.("SOL")).toEqual(["1h", "4h", "1d"]);
    // the first choice is the caller's to tell: no switch, no log line
    expect(switches).toEqual([]);
    expect(logs).toEqual([]);
  });

  it("serves the replay, labelled and timed as the replay, when the live market is unreachable", async () => {
    live.state.mode = "down";
    const result = await auto.probe();
    expect(result.live).toBe(false);
    expect(result.reason).toBe("binance: fetch failed (ENOTFOUND)");
    expect(auto.kind).toBe("replay");
    expect(auto.name).toBe("Binance (replay)");
    expect(auto.marketTime()).toBe(REPLAY_TIME);
    expect(await auto.snapshot()).toMatchObject({ at: REPLAY_TIME });
    expect(auto.intervals?.("SOL")).toEqual(["1d"]);
  });

  it("gives a silent live market 3 s, then serves the replay", async () => {
    live.state.mode = "silent";
    const probe = auto.probe();
    timers.advance(2_999);
    let settled = false;
    void probe.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    timers.advance(1);
    expect(await probe).toEqual({ live: false, reason: "no answer within 3 s" });
    expect(auto.kind).toBe("replay");
  });

  it("does not take a live market that prices no coin", async () => {
    live.state.mode = "empty";
    expect(await auto.probe()).toEqual({ live: false, reason: "the live market priced no coin" });
    expect(auto.kind).toBe("replay");
  });

  it("answers a read the live market fails from the replay and switches to it, logging one line", async () => {
    await auto.probe();
    live.state.mode = "down";
    const snapshot = await auto.snapshot();
    expect(snapshot.at).toBe(REPLAY_TIME);
    expect(auto.kind).toBe("replay");
    expect(switches).toEqual(["replay"]);
    expect(await auto.klines("BTC", "1h")).toEqual([candle(REPLAY_TIME - HOUR, 64_100)]);
    expect(await auto.coins()).toEqual([meta("BTC", REPLAY_TIME)]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      level: 40,
      source: "market",
      reason: "binance: fetch failed (ENOTFOUND)",
      msg: "market: the live market failing; serving the replay",
    });
    expect(logs[0]).not.toHaveProperty("err");
  });

  it("hands a refresh the live source, whose failure still switches (the refresh then reads the replay)", async () => {
    await auto.probe();
    const source = auto.current?.();
    expect(source?.kind).toBe("live");
    live.state.mode = "down";
    await expect(source?.snapshot()).rejects.toThrow(UpstreamError);
    expect(auto.current?.()).toBe(replay);
  });

  it("stops sending the reads of a job begun on the live market once the replay serves", async () => {
    await auto.probe();
    const source = auto.current?.();
    live.state.mode = "down";
    await expect(source?.klines("BTC", "1h")).rejects.toThrow(UpstreamError);
    const sent = live.state.reads;
    // a backfill still walking the coins on the live handle: nothing more reaches the failing service
    await expect(source?.klines("BTC", "1d")).rejects.toThrow(LiveMarketLeftError);
    await expect(source?.snapshot()).rejects.toThrow(LiveMarketLeftError);
    expect(live.state.reads).toBe(sent);
    // the next probe asks the live market itself
    live.state.mode = "up";
    await expect(auto.probe()).resolves.toEqual({ live: true });
    await expect(source?.klines("BTC", "1h")).resolves.toHaveLength(1);
  });

  it("does not switch on a coin the live market does not list", async () => {
    await auto.probe();
    await expect(auto.klines("NOPE", "1h")).rejects.toThrow(UnknownSymbolError);
    expect(auto.kind).toBe("live");
    expect(switches).toEqual([]);
  });

  it("probes in the background while the replay serves, and switches back when the live market answers", async () => {
    live.state.mode = "down";
    await auto.probe();
    auto.start();
    const readsBefore = live.state.reads;
    timers.advance(60_000);
    await auto.probe(); // the background probe in flight
    expect(live.state.reads).toBeGreaterThan(readsBefore);
    expect(auto.kind).toBe("replay");

    live.state.mode = "up";
    timers.advance(60_000);
    await auto.probe();
    expect(auto.kind).toBe("live");
    expect(auto.marketTime()).toBe(WALL);
    expect(switches).toEqual(["live"]);
    expect(logs.at(-1)).toMatchObject({ level: 30, msg: "market: the live market answers again; serving it" });

    // while the live market serves, its own reads tell: no background probe
    const readsWhileLive = live.state.reads;
    timers.advance(5 * 60_000);
    expect(live.state.reads).toBe(readsWhileLive);
    auto.stop();
    expect(timers.pending).toBe(0);
  });

  it("keeps the replay when a read failed while a probe was on its way", async () => {
    await auto.probe();
    live.state.mode = "held";
    const probe = auto.probe();
    live.state.mode = "down";
    await auto.snapshot();
    expect(auto.kind).toBe("replay");
    // the probe that began before the failure now gets its answers: it does not bring the live market back
    live.state.mode = "up";
    live.release();
    expect(await probe).toEqual({ live: false, reason: "a read failed while the probe ran" });
    expect(auto.kind).toBe("replay");
    expect(switches).toEqual(["replay"]);
    // the next probe does
    expect(await auto.probe()).toEqual({ live: true });
    expect(switches).toEqual(["replay", "live"]);
  });
});
