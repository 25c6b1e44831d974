import { describe, expect, it } from "vitest";
import { reportSchema } from "../../../contract/report.ts";
import { buildReport } from "./build-report.ts";
import { annualisedVolatility, DAY_MS, maxDrawdown, periodReturn, returnCorrelation } from "./report-figures.ts";
import {
  altCandles,
  btcCandles,
  FIXTURE_LAST_OPEN,
  FIXTURE_MARKET_AT,
  type FixtureOptions,
  fixtureDeps,
} from "./report-fixtures.ts";

const NOW = new Date("2026-01-02T03:04:05.000Z");
const build = (abbr: string, language: "en" | "cn" = "en", options: FixtureOptions = {}) =>
  buildReport(fixtureDeps(options).deps, abbr, language, NOW);
const iso = (ms: number) => new Date(ms).toISOString();

describe("buildReport", () => {
  it("gives every figure with its source and the time it is of", async () => {
    const report = reportSchema.parse(await build("alt"));
    expect(report.coinAbbr).toBe("ALT");
    expect(report.createdAt).toBe(NOW.toISOString());
    expect(report.marketAt).toBe(iso(FIXTURE_MARKET_AT));
    expect(report.sources.map((s) => s.id)).toEqual(["market", "candles", "news", "forecast"]);
    expect(report.overview.price).toEqual({
      value: altCandles.at(-1)?.close,
      source: "market",
      at: iso(FIXTURE_MARKET_AT - 1),
    });
    expect(report.overview.rank).toEqual({ value: 150, source: "market", at: "2025-03-01T00:00:00.000Z" });
    // candle figures are of the last daily close: the end of the 2025-03-31 candle
    expect(report.volatility.volatility30d.source).toBe("candles");
    expect(report.volatility.volatility30d.at).toBe(iso(FIXTURE_LAST_OPEN + DAY_MS));
  });

  it("computes returns, volatility, drawdown and correlation from the daily candles", async () => {
    const report = await build("ALT");
    expect(report.returns.map((r) => r.days)).toEqual([7, 30, 90]);
    expect(report.returns[2]?.change.value).toBeCloseTo(periodReturn(altCandles, 90)?.percent ?? Number.NaN, 10);
    expect(report.returns[2]?.from).toBe(iso(FIXTURE_LAST_OPEN - 90 * DAY_MS));
    expect(report.volatility.volatility30d.value).toBeCloseTo(annualisedVolatility(altCandles, 30) ?? Number.NaN, 10);
    expect(report.volatility.btcVolatility30d?.value).toBeCloseTo(annualisedVolatility(btcCandles, 30) ?? 0, 10);
    const fall = maxDrawdown(altCandles, 90);
    expect(report.volatility.maxDrawdown90d.value).toBeCloseTo(fall?.percent ?? 0, 10);
    expect(report.volatility.drawdownTrough?.time).toBe(iso(fall?.trough.time ?? 0));
    const correlation = returnCorrelation(altCandles, btcCandles, 90);
    expect(report.correlation.withBtc90d?.value).toBeCloseTo(correlation.value ?? Number.NaN, 10);
    expect(report.correlation.observations).toBe(90);
  });

  it("lists the coin's news of the 14 days before the market time", async () => {
    const { deps, searches } = fixtureDeps();
    const report = await buildReport(deps, "ALT", "en", NOW);
    expect(searches).toEqual([{ coin: "ALT", from: FIXTURE_MARKET_AT - 14 * DAY_MS, to: FIXTURE_MARKET_AT }]);
    expect(report.news.items.map((item) => item.outlet)).toEqual(["Example Wire", "示例快讯"]);
  });

  it("carries the forecast with its backtest and live record", async () => {
    const report = await build("ALT");
    if (!report.forecast.available) throw new Error("expected a forecast");
    expect(report.forecast.steps).toHaveLength(7);
    expect(report.forecast.backtest).toMatchObject({ origins: 120, maeRatio: 0.9, directionAccuracy: 0.55 });
    expect(report.forecast.live).toMatchObject({ judged: 12, winRate: 0.6 });
  });

  it("leaves BTC's comparison with itself out", async () => {
    const report = await build("BTC");
    expect(report.volatility.btcVolatility30d).toBeNull();
    expect(report.correlation.withBtc90d).toBeNull();
  });

  it("reads its risks off the figures, in the report's language", async () => {
    const report = await build("ALT", "en", { altVolume: 2_000_000, maeRatio: 1.2 });
    const codes = report.risks.map((r) => r.code);
    expect(codes).toContain("deepDrawdown");
    expect(codes).toContain("lowVolume");
    expect(codes).toContain("highVolatility");
    expect(codes).toContain("modelNoEdge");
    expect(report.risks.find((r) => r.code === "lowVolume")?.text).toBe(
      "ALT's 24 h trading volume is 2M USDT, under 5M USDT: thin trading, so large orders can move the price.",
    );
    const chinese = await build("ALT", "cn", { altVolume: 2_000_000, maeRatio: 1.2 });
    expect(chinese.risks.find((r) => r.code === "lowVolume")?.text).toContain("交易清淡");
  });

  it("says so when there is no tested forecast, and flags nothing it cannot show", async () => {
    const report = await build("BTC", "en", { maeRatio: undefined });
    expect(report.forecast).toEqual({ available: false, reason: "notEnoughHistory" });
    expect(report.risks.map((r) => r.code)).toEqual(["noForecast"]);
    const calm = await build("BTC");
    expect(calm.risks.map((r) => r.code)).toEqual(["noneFlagged"]);
  });

  it("answers an unknown coin with the market's invalidValue on coinAbbr", async () => {
    await expect(build("NOPE")).rejects.toMatchObject({ code: 1001, key: "invalidValue", status: 404 });
  });
});
