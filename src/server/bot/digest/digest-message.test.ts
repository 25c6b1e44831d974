import { describe, expect, it } from "vitest";
import { createBotTranslator } from "../i18n.ts";
import { type DigestFigures, renderDigest } from "./digest-message.ts";

const figures: DigestFigures = {
  movers: {
    up: [
      { symbol: "PEPE", change: 31.456, price: 0.0000123456 },
      { symbol: "BTC", change: 4.1, price: 64210.5 },
    ],
    down: [{ symbol: "ETH", change: -2.567, price: 3120.25 }],
    provider: "Binance (replay)",
    at: "2026-03-02T07:59:00.000Z",
  },
  sentiment: {
    value: 72,
    classification: "Greed",
    index: undefined,
    provider: "Binance (replay)",
    at: "2026-03-02T00:00:00.000Z",
  },
  headlines: [
    {
      title: "ETF <inflows> & outflows",
      url: "https://news.example/a?x=1&y=2",
      source: "CoinDesk",
      at: "2026-03-02T06:10:00.000Z",
    },
    {
      title: "A headline without a link",
      url: "javascript:alert(1)",
      source: "Example <News>",
      at: "2026-03-02T05:00:00.000Z",
    },
  ],
};

describe("renderDigest", () => {
  it("writes every figure with its source and time, the app's number format, and an Open in app button", async () => {
    const translator = await createBotTranslator();
    const digest = renderDigest(figures, {
      language: "en",
      translator,
      miniAppUrl: "https://app.example/",
      now: new Date("2026-03-02T08:00:00.000Z"),
    });
    expect(digest.text(8).split("\n")).toEqual([
      "<b>Daily market digest · 2026-03-02</b>",
      "",
      "<b>Top movers, 24 h</b>",
      "▲ PEPE +31.46% · $0.0₄1235",
      "▲ BTC +4.10% · $64,210.5",
      "▼ ETH -2.57% · $3,120.25",
      "<i>Source: Binance (replay), market time 2026-03-02 07:59 UTC</i>",
      "",
      "<b>Sentiment</b>",
      "Fear and greed: 72 (Greed)",
      "<i>Source: index computed by MountainLion from Binance (replay) data, day of 2026-03-02</i>",
      "",
      "<b>Headlines</b>",
      '• <a href="https://news.example/a?x=1&amp;y=2">ETF &lt;inflows&gt; &amp; outflows</a>',
      "  <i>CoinDesk, 2026-03-02 06:10 UTC</i>",
      "• A headline without a link",
      "  <i>Example &lt;News&gt;, 2026-03-02 05:00 UTC</i>",
      "",
      "You get this every day at 08:00 UTC. /unsubscribe stops it.",
    ]);
    expect(digest.text(21)).toContain("every day at 21:00 UTC");
    expect(digest.parse_mode).toBe("HTML");
    expect(digest.reply_markup.inline_keyboard).toEqual([
      [{ text: "Open in app", web_app: { url: "https://app.example/" } }],
    ]);
  });

  it("says when a part has nothing to show, and names a public index as its source", async () => {
    const translator = await createBotTranslator();
    const digest = renderDigest(
      {
        movers: { up: [], down: [], provider: "Binance", at: "2026-03-02T07:59:00.000Z" },
        sentiment: { ...(figures.sentiment as NonNullable<DigestFigures["sentiment"]>), index: "Alternative.me" },
        headlines: [],
      },
      { language: "en", translator, miniAppUrl: "https://app.example/", now: new Date("2026-03-02T08:00:00Z") },
    );
    const text = digest.text(8);
    expect(text).toContain("No coin moved enough to list.");
    expect(text).toContain("<i>Source: Alternative.me, day of 2026-03-02</i>");
    expect(text).toContain("No headlines yet.");
  });
});
