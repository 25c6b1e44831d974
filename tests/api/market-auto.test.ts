import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  coinListDataSchema,
  klineDataSchema,
  marketStatusDataSchema,
  tokenInfoDataSchema,
} from "../../src/contract/market.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import {
  binanceFixtures,
  coingeckoFixtures,
  FIXTURE_NOW,
} from "../../src/server/providers/market/fixtures/stand-ins.ts";
import { manualTimers } from "../../src/server/providers/timers.ts";
import { type StandIn, type StandInHandler, startStandIn } from "../../src/server/providers/upstream/stand-in.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

/**
 * MARKET_PROVIDER=auto against loopback stand-ins for Binance and CoinGecko that answer, stop answering (503), and
 * answer again: the label and the figures follow (live -> replay -> live -> replay -> live) and no answer is an
 * error. The background probe is fired through the server's timers; nothing waits on the wall clock.
 */

const LIVE_AT = new Date(FIXTURE_NOW).toISOString();
const LIVE_SOURCE = { mode: "live", provider: "Binance · CoinGecko", at: LIVE_AT };
const REPLAY_LABEL = /^Replay market · \d{4}-\d{2}-\d{2}$/;
/** BTC's last price in the Binance fixture */
const LIVE_BTC = 66797.37;

/** A stand-in that serves its fixtures while `up`, and answers 503 to everything while not. */
function switchable(fixtures: StandInHandler) {
  const state = { up: true };
  const handler: StandInHandler = (request) => (state.up ? fixtures(request) : { status: 503, body: "unavailable" });
  return { state, handler };
}

const binanceSwitch = switchable(binanceFixtures());
const coingeckoSwitch = switchable(coingeckoFixtures());
const setUpstream = (up: boolean) => {
  binanceSwitch.state.up = up;
  coingeckoSwitch.state.up = up;
};
const timers = manualTimers();

let db: TestDatabase;
let srv: TestServer;
let binance: StandIn;
let coingecko: StandIn;
beforeAll(async () => {
  [db, binance, coingecko] = await Promise.all([
    createTestDatabase(),
    startStandIn(binanceSwitch.handler),
    startStandIn(coingeckoSwitch.handler),
  ]);
  srv = await startTestServer(
    {
      ...db.env,
      MARKET_PROVIDER: "auto",
      BINANCE_BASE_URL: binance.url,
      COINGECKO_BASE_URL: coingecko.url,
      // refreshes come from the switches and the test, not from a timer running meanwhile
      MARKET_REFRESH_SECONDS: "3600",
      MARKET_PROBE_SECONDS: "60",
    },
    { clock: manualClock(new Date(FIXTURE_NOW)), timers },
  );
});
afterAll(async () => {
  await srv?.stop();
  await Promise.all([db?.drop(), binance?.close(), coingecko?.close()]);
});

/** every answer of the test must be a success: a switch never shows as an error */
async function ok(path: string) {
  const res = await call(srv.url, path);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  expect(res.json?.code).toBe(200);
  return res.json?.data;
}
const status = async () => marketStatusDataSchema.parse(await ok("/market/status"));
const coinList = async () => coinListDataSchema.parse(await ok("/getCoinList"));

async function expectLive() {
  expect(await status()).toEqual({ mode: "live", label: "Live market · 2026-03-31", date: "2026-03-31", at: LIVE_AT });
  const list = await coinList();
  expect(list.source).toEqual(LIVE_SOURCE);
  expect(list.list[0]).toMatchObject({ coinAbbr: "BTC", lastPrice: LIVE_BTC });
  expect(list.list).toHaveLength(9);
  expect(srv.server.sources.market()).toBe("live");
}

async function expectReplay() {
  const replay = await status();
  expect(replay.mode).toBe("replay");
  expect(replay.label).toMatch(REPLAY_LABEL);
  const list = await coinList();
  expect(list.source).toMatchObject({ mode: "replay", provider: "Binance (replay)", at: replay.at });
  expect(list.list.find((coin) => coin.coinAbbr === "BTC")?.lastPrice).not.toBe(LIVE_BTC);
  expect(srv.server.sources.market()).toBe("replay");
}

const switchLines = () =>
  srv.logs.filter((line) => line.source === "market").map((line) => ({ level: line.level, msg: line.msg }));

describe("the auto market (live while Binance and CoinGecko answer, else the replay)", () => {
  it("starts on the live market when it answers, and says so in one line", async () => {
    await expectLive();
    const token = tokenInfoDataSchema.parse(await ok("/dashboard/token/info?coinAbbr=BTC"));
    expect(token).toMatchObject({ price: LIVE_BTC, source: LIVE_SOURCE });
    expect(srv.logs.filter((line) => line.msg === "live sources answer; serving them")).toHaveLength(1);
    // the start's candle backfill is done before the network goes: its reads are not the failures below
    await srv.server.sources.idle();
  });

  it("answers a request the live market fails from the replay, and serves the replay from then on", async () => {
    setUpstream(false);
    // a chart asked while Binance stops answering: the candles come from the replay, labelled as such
    const klines = klineDataSchema.parse(await ok("/getKlineInfo?coinAbbr=BTC&interval=1d&limit=5"));
    expect(klines.source.mode).toBe("replay");
    expect(klines.list).toHaveLength(5);
    expect(klines.list.at(-1)?.time).toBeLessThan(Date.parse(klines.source.at));
    await expectReplay();
    expect(switchLines()).toEqual([{ level: 40, msg: "market: the live market failing; serving the replay" }]);
    const line = srv.logs.find((entry) => entry.source === "market");
    expect(line?.reason).toMatch(/^binance: answered 503/);
    expect(line).not.toHaveProperty("err");
  });

  it("goes back to the live market when the background probe finds it again", async () => {
    // nothing changes before a probe is due
    setUpstream(true);
    timers.advance(59_000);
    await expectReplay();
    timers.advance(1_000);
    // the probe reads both stand-ins: its limit is for a loaded machine
    await vi.waitFor(async () => expect(srv.server.sources.market()).toBe("live"), { timeout: 30_000, interval: 20 });
    await srv.server.sources.check();
    await srv.server.sources.idle();
    await expectLive();
    const klines = klineDataSchema.parse(await ok("/getKlineInfo?coinAbbr=BTC&interval=1h&limit=3"));
    expect(klines.source).toEqual(LIVE_SOURCE);
    expect(switchLines().at(-1)).toEqual({ level: 30, msg: "market: the live market answers again; serving it" });
  });

  it("switches again each time the network goes and comes back", async () => {
    setUpstream(false);
    await srv.server.sources.check();
    await expectReplay();
    setUpstream(true);
    await srv.server.sources.check();
    await expectLive();
    expect(switchLines().map((line) => line.level)).toEqual([40, 30, 40, 30]);
    expect(srv.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});
