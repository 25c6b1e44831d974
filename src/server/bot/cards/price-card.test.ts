import { describe, expect, it } from "vitest";
import type { CandleData } from "../../../contract/market.ts";
import type { BotMessage } from "../bot-context.ts";
import { loadPriceCard, type PriceMarket, priceCardHtml, priceSummary } from "./price-card.ts";
import { testMarketView } from "./test-market.ts";

/** The English text with its placeholders filled, as the bot's translator does. */
const t = (message: BotMessage, values: Record<string, string | number> = {}) =>
  message.message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));

function market(view = testMarketView(), hourly = 48): PriceMarket {
  const candles = (count: number): CandleData[] =>
    Array.from({ length: count }, (_, i) => ({
      time: i * 3_600_000,
      open: 100 + i,
      high: 101 + i,
      low: 99 + i,
      close: 100 + i,
      volume: 1,
    }));
  return {
    view: () => view,
    klines: async (_abbr, interval) => (interval === "1h" ? candles(hourly) : candles(30)),
  };
}

describe("the price card", () => {
  it("shows the price to spec §5, the 24h change and range, the chart's period, and the source with its time", async () => {
    const view = testMarketView();
    const btc = view.byAbbr.get("BTC");
    if (!btc) throw new Error("no BTC in the test market");
    const card = await loadPriceCard(market(view), btc);
    expect(card.chart).toMatchObject({ interval: "1h" });
    expect(priceCardHtml(card, { language: "en", t }).split("\n")).toEqual([
      "<b>Bitcoin (BTC)</b>",
      "<b>64,123.4567 USDT</b>  ▲ +1.50% in 24h",
      "24h range: 62,199.753 – 65,405.9258 USDT",
      "Chart: hourly closes, last 2 days",
      "<i>Replay of Binance hourly candles, as of 2026-03-02 00:00 UTC</i>",
    ]);
  });

  it("names the live source, and draws a sparkline where no image goes with the card", async () => {
    const view = testMarketView("live");
    const sol = view.byAbbr.get("SOL");
    if (!sol) throw new Error("no SOL in the test market");
    const html = priceCardHtml(await loadPriceCard(market(view), sol), { language: "en", t, sparkline: true });
    expect(html).toMatch(/<code>[▁▂▃▄▅▆▇█]{28}<\/code>/);
    expect(html).toContain("<i>Live data from Binance, as of 2026-03-02 00:00 UTC</i>");
  });

  it("uses daily closes where the hourly data does not reach, and escapes the coin's name", async () => {
    const view = testMarketView();
    const pepe = view.byAbbr.get("PEPE");
    if (!pepe) throw new Error("no PEPE in the test market");
    const card = await loadPriceCard(market(view, 1), pepe);
    const html = priceCardHtml(card, { language: "en", t });
    expect(html).toContain("<b>Pepe &lt;Frog&gt; &amp; Co (PEPE)</b>");
    expect(html).toContain("<b>0.0₄123 USDT</b>");
    expect(html).toContain("Chart: daily closes, last 30 days");
    expect(priceSummary(pepe, "en", t)).toBe("0.0₄123 USDT · ▲ +1.50% in 24h");
  });
});
