import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coinListDataSchema } from "../../src/contract/market.ts";
import { PREDICT_HORIZON, predictInfoDataSchema, weekPriceDataSchema } from "../../src/contract/predict.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** the replay starts here; the test moves the wall clock (speed 1) to let forecasts come due */
const AT = Date.parse("2026-03-10T12:30:00.000Z");
const LAST_HOUR = Date.parse("2026-03-10T11:00:00Z");
const LAST_DAY = Date.parse("2026-03-09T00:00:00Z");

/** closes of a shipped candle file by open time */
function closes(kind: "hourly" | "daily", pair: string): Map<number, number> {
  const lines = readFileSync(new URL(`../../data/market/${kind}/${pair}.csv`, import.meta.url), "utf8")
    .trim()
    .split("\n")
    .slice(1);
  return new Map(
    lines.map((line) => {
      const [t, , , , c] = line.split(",");
      return [Number(t), Number(c)];
    }),
  );
}

const clock = manualClock(new Date(AT));
let db: TestDatabase;
let srv: TestServer;
beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer({ ...db.env, MARKET_REPLAY_START: new Date(AT).toISOString() }, { clock });
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

async function predictInfo(query: string) {
  const res = await call(srv.url, `/getPredictInfo?${query}`);
  expect(res.status, res.text).toBe(200);
  return predictInfoDataSchema.parse(res.json?.data);
}

describe("price predictions", () => {
  it("forecasts BTC's next 48 hours with an 80% band, beside its record against the naive forecast", async () => {
    const info = await predictInfo("coinAbbr=btc");
    expect(info.interval).toBe("1h");
    expect(info.intervals).toEqual(["1h", "1d"]);
    expect(info.origin).toEqual({ time: LAST_HOUR, close: closes("hourly", "BTCUSDT").get(LAST_HOUR) });
    expect(info.steps).toHaveLength(48);
    info.steps.forEach((step, i) => {
      expect(step.step).toBe(i + 1);
      expect(step.time).toBe(LAST_HOUR + (i + 1) * HOUR);
      expect(step.lo80).toBeLessThanOrEqual(step.forecast);
      expect(step.hi80).toBeGreaterThanOrEqual(step.forecast);
    });
    // the band widens with the horizon
    const width = (i: number) => (info.steps[i]?.hi80 ?? 0) - (info.steps[i]?.lo80 ?? 0);
    expect(width(47)).toBeGreaterThan(width(0));
    expect(info.history.at(-1)).toEqual(info.origin);
    expect(info.history).toHaveLength(49);
    // the record: only origins judged by the market time count
    expect(Date.parse(info.backtest.to) + 49 * HOUR).toBeLessThanOrEqual(AT);
    expect(info.backtest.origins).toBeGreaterThan(100);
    expect(info.backtest.maeRatio).toBeCloseTo(info.backtest.model.mae / info.backtest.naive.mae, 10);
    expect(info.backtest.model.coverage80).toBeGreaterThan(0.6);
    expect(info.backtest.model.coverage80).toBeLessThan(0.95);
    // a model that does not beat "no change" is not shown as if it did
    if (!info.model.beatsNaive) expect(info.steps.every((s) => s.forecast === info.origin.close)).toBe(true);
    expect(info.source).toMatchObject({ mode: "replay", at: new Date(AT).toISOString() });
    expect(info.live).toMatchObject({ windowMs: DAY, judged: 0, winRate: null });
  });

  it("forecasts ETH hourly too: its hourly candles start in late January, and its record is there by March", async () => {
    const info = await predictInfo("coinAbbr=ETH");
    expect(info.interval).toBe("1h");
    expect(info.steps).toHaveLength(48);
    expect(info.backtest.origins).toBeGreaterThan(50);
    expect(Date.parse(info.backtest.from)).toBeGreaterThanOrEqual(Date.parse("2026-02-03T00:00:00Z"));
  });

  it("forecasts 7 days for a coin with daily data only, and refuses hourly for it", async () => {
    const info = await predictInfo("coinAbbr=DOGE");
    expect(info.interval).toBe("1d");
    expect(info.intervals).toEqual(["1d"]);
    expect(info.origin.time).toBe(LAST_DAY);
    expect(info.steps.map((s) => s.time)).toEqual(Array.from({ length: 7 }, (_, i) => LAST_DAY + (i + 1) * DAY));
    expect(info.history).toHaveLength(15);
    const hourly = await call(srv.url, "/getPredictInfo?coinAbbr=DOGE&interval=1h");
    expect(hourly.status).toBe(400);
    expect(hourly.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "interval" } });
  });

  it("answers every coin of the universe with its steps, bands and record", async () => {
    const abbrs: string[] = [];
    for (const page of [1, 2]) {
      const res = await call(srv.url, `/getCoinList?category=total&page=${page}&pageSize=100`);
      abbrs.push(...coinListDataSchema.parse(res.json?.data).list.map((coin) => coin.coinAbbr));
    }
    expect(abbrs.length).toBeGreaterThanOrEqual(100);
    for (const abbr of abbrs) {
      const res = await call(srv.url, `/getPredictInfo?coinAbbr=${abbr}&interval=1d`);
      if (res.status === 422) {
        // only a coin listed too recently for a tested forecast, said plainly
        expect(res.json).toMatchObject({ code: 1001, data: { key: "notEnoughHistory" } });
        continue;
      }
      expect(res.status, `${abbr}: ${res.text}`).toBe(200);
      const info = predictInfoDataSchema.parse(res.json?.data);
      expect(info.steps, abbr).toHaveLength(PREDICT_HORIZON["1d"]);
      expect(info.backtest.origins, abbr).toBeGreaterThan(0);
      for (const step of info.steps) expect(step.lo80 <= step.forecast && step.forecast <= step.hi80, abbr).toBe(true);
    }
  });

  it("gives getWeekPrice the daily forecast and its headline record", async () => {
    const res = await call(srv.url, "/getWeekPrice?coinAbbr=ETH");
    expect(res.status).toBe(200);
    const week = weekPriceDataSchema.parse(res.json?.data);
    const daily = await predictInfo("coinAbbr=ETH&interval=1d");
    expect(week.list).toEqual(daily.steps);
    expect(week.maeRatio).toBe(daily.backtest.maeRatio);
  });

  it("says which field is wrong for bad input", async () => {
    const unknown = await call(srv.url, "/getPredictInfo?coinAbbr=NOPE");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "coinAbbr" } });
    const bad = await call(srv.url, "/getPredictInfo?coinAbbr=BTC&interval=5m");
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 1001, data: { field: "interval", key: "invalidValue" } });
    const missing = await call(srv.url, "/getWeekPrice");
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ data: { field: "coinAbbr", key: "required" } });
  });

  it("judges a stored forecast once the replay has its candles, against the shipped closes", async () => {
    const before = await predictInfo("coinAbbr=BTC&interval=1h");
    // 49 hours later the forecast's 48 candles have closed
    clock.advance(49 * HOUR);
    await srv.server.sources.check();
    await srv.server.predictions.sweep();
    const after = await predictInfo("coinAbbr=BTC&interval=1h");
    expect(after.origin.time).toBe(LAST_HOUR + 49 * HOUR);
    const judged = after.live.recent.find((p) => p.originTime === before.origin.time);
    expect(judged).toBeDefined();
    const last = before.steps.at(-1);
    const actual = closes("hourly", "BTCUSDT").get(last?.time ?? 0);
    expect(judged).toMatchObject({ targetTime: last?.time, forecast: last?.forecast, actual });
    if (judged?.direction !== "flat") {
      expect(judged?.correct).toBe(
        Math.sign((last?.forecast ?? 0) - before.origin.close) === Math.sign((actual ?? 0) - before.origin.close),
      );
    }
    expect(after.live.judged).toBeGreaterThanOrEqual(1);
    // the record now counts origins up to the new market time
    expect(after.backtest.origins).toBeGreaterThan(before.backtest.origins);
  });
});
