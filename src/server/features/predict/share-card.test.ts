import { describe, expect, it, vi } from "vitest";
import type { PredictInfoData, PredictInterval } from "../../../contract/predict.ts";
import { CARD_HEIGHT, CARD_WIDTH, createPredictShareCards, escapeXml, predictionCardSvg } from "./share-card.ts";

const HOUR = 3_600_000;
const ORIGIN = Date.parse("2026-03-10T11:00:00Z");

function info(overrides: Partial<PredictInfoData> = {}): PredictInfoData {
  const history = Array.from({ length: 49 }, (_, i) => ({ time: ORIGIN - (48 - i) * HOUR, close: 70_000 + i * 10 }));
  const close = 70_480;
  return {
    coinAbbr: "BTC",
    coinName: "Bitcoin",
    interval: "1h",
    intervals: ["1h", "1d"],
    origin: { time: ORIGIN, close },
    steps: Array.from({ length: 48 }, (_, i) => ({
      step: i + 1,
      time: ORIGIN + (i + 1) * HOUR,
      forecast: close + i,
      lo80: close - 100 * (i + 1),
      hi80: close + 100 * (i + 1),
    })),
    history,
    model: { name: "theta", version: "1", beatsNaive: true },
    backtest: {
      from: "2026-01-01T00:00:00.000Z",
      to: "2026-03-08T10:00:00.000Z",
      origins: 1435,
      horizon: 48,
      model: {
        mae: 900,
        mape: 1.3,
        directionAccuracy: 0.4286,
        directionCalls: 14,
        directionCi95: [0.2138, 0.6741],
        coverage80: 0.7612,
        similarity: 98.7,
      },
      naive: { mae: 891, mape: 1.28 },
      maeRatio: 1.0101,
    },
    live: {
      windowMs: 24 * HOUR,
      judged: 0,
      calls: 0,
      winRate: null,
      winRateCi95: null,
      coverage80: null,
      similarity: null,
      maeRatio: null,
      recent: [],
    },
    source: { mode: "replay", provider: "Binance (replay)", at: "2026-03-10T12:30:00.000Z" },
    ...overrides,
  };
}

describe("the price prediction card", () => {
  it("shows the forecast beside its record, the caveat, the source and the app", () => {
    const svg = predictionCardSvg(info(), "en");
    expect(svg).toContain(`width="${CARD_WIDTH}" height="${CARD_HEIGHT}"`);
    expect(svg).toContain("Bitcoin (BTC) price forecast, next 48 hours");
    expect(svg).toContain("error 1.01× that of no change");
    expect(svg).toContain("direction right 43% of 14 calls (95%: 21%–67%)");
    expect(svg).toContain("76% inside the 80% band");
    expect(svg).toContain("1,435 forecasts tested");
    expect(svg).toContain("Statistical estimate; not investment advice.");
    expect(svg).toContain("Source: Binance (replay) · market time 2026-03-10 12:30 UTC");
    expect(svg).toContain("MountainLion");
    expect(svg).toContain('stroke-dasharray="10 7"');
    expect(svg).toContain("<polygon");
    expect(svg).not.toContain("no model beat");
  });

  it('says the forecast is "no change" when no model beat it, and that no call was made', () => {
    const naive = info({ model: { name: "naive", version: "1", beatsNaive: false } });
    naive.backtest.model.directionAccuracy = null;
    naive.backtest.model.directionCi95 = null;
    const svg = predictionCardSvg(naive, "en");
    expect(svg).toContain("no model beat &quot;no change&quot; on BTC&apos;s history.");
    expect(svg).toContain("no direction calls");
  });

  it("writes the card in Chinese, daily in days", () => {
    const svg = predictionCardSvg(
      info({
        interval: "1d",
        steps: info().steps.slice(0, 7),
        model: { name: "naive", version: "1", beatsNaive: false },
      }),
      "cn",
    );
    expect(svg).toContain("Bitcoin (BTC) 价格预测：未来 7 天");
    expect(svg).toContain("方向判断 14 次，正确率 43%（95% 区间 21%–67%）");
    expect(svg).toContain("在 BTC 的历史数据上，没有模型胜过“不变”。");
    expect(svg).toContain("统计估计，不构成投资建议。");
  });

  it("escapes the texts it draws", () => {
    const svg = predictionCardSvg(info({ coinName: 'A<b>&"c"' }), "en");
    expect(svg).toContain("A&lt;b&gt;&amp;&quot;c&quot; (BTC)");
    expect(svg).not.toContain("<b>");
    expect(escapeXml(`<'&">`)).toBe("&lt;&apos;&amp;&quot;&gt;");
  });

  it("draws a tiny price's zero count as lowered digits (the font has no subscript digits)", () => {
    const tiny = info({ origin: { time: ORIGIN, close: 0.000001234 } });
    const svg = predictionCardSvg(tiny, "en");
    expect(svg).toMatch(/0\.0<tspan baseline-shift="sub" font-size="70%">5<\/tspan>1234/);
    expect(svg).not.toMatch(/[₀-₉]/u);
  });
});

describe("the card cache", () => {
  it("draws a card once per coin, interval, origin and language, and drops the least recently used", async () => {
    let data = info();
    const predict = { info: vi.fn(async (_abbr: string, _interval?: PredictInterval) => data) };
    const cards = createPredictShareCards(predict, 2);
    const first = await cards.pricePrediction("BTC", undefined, "en");
    expect(first.image.startsWith("data:image/png;base64,")).toBe(true);
    expect([first.width, first.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    const png = Buffer.from(first.image.split(",")[1] ?? "", "base64");
    expect([...png.subarray(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");

    expect(await cards.pricePrediction("BTC", "1h", "en")).toBe(first);
    const chinese = await cards.pricePrediction("BTC", undefined, "cn");
    expect(chinese.image).not.toBe(first.image);
    // a new candle: a new forecast and a new card
    data = info({ origin: { time: ORIGIN + HOUR, close: 70_500 } });
    const next = await cards.pricePrediction("BTC", undefined, "en");
    expect(next).not.toBe(first);
    // of the three, the English card of the first origin was the least recently used and was dropped
    data = info();
    expect(await cards.pricePrediction("BTC", undefined, "cn")).toBe(chinese);
    const redrawn = await cards.pricePrediction("BTC", undefined, "en");
    expect(redrawn).not.toBe(first);
    expect(redrawn.image).toBe(first.image);
    expect(predict.info).toHaveBeenCalledTimes(6);
  });
});
