import type { Report, ReportFigure } from "../../../../contract/report.ts";

const at = "2025-04-01T00:00:00.000Z";
const candles = (value: number | null): ReportFigure => ({ value, source: "candles", at });
const market = (value: number | null): ReportFigure => ({ value, source: "market", at: "2025-03-31T23:59:59.999Z" });

/** A made-up coin's report in the contract's shape, for the page's tests. */
export const reportFixture: Report = {
  coinAbbr: "ALT",
  coinName: "Altcoin",
  language: "en",
  createdAt: "2026-01-02T03:04:05.000Z",
  marketAt: at,
  sources: [
    { id: "market", name: "Binance (replay)", mode: "replay", at },
    { id: "candles", name: "Binance (replay)", mode: "replay", at },
    { id: "news", name: "news archive", mode: "archive", at },
    { id: "forecast", name: "theta v3", mode: "replay", at },
  ],
  overview: {
    price: market(1.2427),
    change24h: market(1.5),
    change7d: market(-3.25),
    marketCap: market(1_242_700_000),
    volume24h: market(2_000_000),
    rank: { value: 150, source: "market", at: "2025-03-01T00:00:00.000Z" },
    categories: ["ai"],
    sector: "defi",
  },
  returns: [
    { days: 7, change: candles(7.13), from: "2025-03-24T00:00:00.000Z" },
    { days: 30, change: candles(-22.93), from: "2025-03-01T00:00:00.000Z" },
    { days: 90, change: candles(-35.94), from: "2024-12-31T00:00:00.000Z" },
  ],
  volatility: {
    volatility30d: candles(85.04),
    btcVolatility30d: candles(33.27),
    maxDrawdown90d: candles(-53.26),
    drawdownPeak: { time: "2025-01-26T00:00:00.000Z", close: 2.0815 },
    drawdownTrough: { time: "2025-03-13T00:00:00.000Z", close: 0.9729 },
  },
  correlation: { withBtc90d: candles(0.9), observations: 90 },
  news: {
    from: "2025-03-18T00:00:00.000Z",
    to: at,
    items: [
      {
        title: "ALT network upgrade goes live",
        outlet: "Example Wire",
        url: "https://example.com/alt-upgrade",
        publishedAt: "2025-03-30T10:00:00.000Z",
        language: "en",
      },
    ],
  },
  forecast: {
    available: true,
    origin: { time: "2025-03-31T00:00:00.000Z", close: 1.23 },
    steps: [{ time: "2025-04-01T00:00:00.000Z", forecast: 1.25, lo80: 1.1, hi80: 1.4 }],
    model: { name: "theta", version: "v3", beatsNaive: false },
    backtest: {
      from: "2024-06-01T00:00:00.000Z",
      to: "2025-03-24T00:00:00.000Z",
      origins: 120,
      horizon: 7,
      maeRatio: 1.2,
      directionAccuracy: 0.55,
      directionCalls: 110,
      coverage80: 0.78,
    },
    live: { judged: 12, calls: 10, winRate: 0.6, coverage80: 0.75, maeRatio: 0.98 },
  },
  risks: [
    {
      code: "lowVolume",
      text: "ALT's 24 h trading volume is 2M USDT, under 5M USDT: thin trading, so large orders can move the price.",
    },
  ],
};
