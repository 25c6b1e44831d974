import { fileURLToPath } from "node:url";
import { renderAsync } from "@resvg/resvg-js";
import { amountText, shiftDecimal } from "../../../contract/number-format.ts";
import type { PredictInfoData, PredictInterval, PredictShareData, ShareLanguage } from "../../../contract/predict.ts";
import { priceText } from "../../../contract/price-format.ts";
import type { PredictService } from "./predict.service.ts";

/**
 * The price-prediction share image (spec §7 share/pic/price_prediction): a 1200×630 PNG card of a coin's forecast,
 * drawn as SVG and rasterised by resvg in the shipped font (Noto Sans SC cut to Latin and GB2312, data/fonts), so
 * English and Chinese cards look the same on any server, with no system font. The card carries the forecast only
 * beside its record against "no change" (the walk-forward test), the "no change" sentence when no model beat it,
 * and the caveat. Its words live here in both languages: an image is not the client's Lingui catalogue.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const FONT_FILE = fileURLToPath(new URL("../../../../data/fonts/NotoSansSC-Regular-GB2312.otf", import.meta.url));
/** the family name inside the font file */
const FONT_FAMILY = "Noto Sans CJK SC";
const APP_NAME = "MountainLion";
/** cards kept in memory, least recently used dropped first */
const CARD_CACHE = 64;

const INK = "#16202c";
const MUTED = "#5b6776";
const ACCENT = "#e8891c";
const FORECAST = "#2166d1";
const BAND = "#2166d1";
const GRID = "#dde3ea";
const WARN = "#9a4a00";

interface CardTexts {
  heading(coin: string, hourly: boolean, count: number): string;
  lastClose(close: string, time: string): string;
  forecastAt(time: string, forecast: string, low: string, high: string): string;
  naive(abbr: string): string;
  recordLabel: string;
  ratio(ratio: string): string;
  direction(rate: string, calls: string, ci: readonly [string, string] | null): string;
  noCalls: string;
  band(share: string): string;
  tested(origins: string): string;
  caveat: string;
  source(provider: string, at: string): string;
  legendPast: string;
  legendForecast: string;
  legendBand: string;
}

const TEXTS: Readonly<Record<ShareLanguage, CardTexts>> = {
  en: {
    heading: (coin, hourly, count) => `${coin} price forecast, next ${count} ${hourly ? "hours" : "days"}`,
    lastClose: (close, time) => `Last close ${close} (${time})`,
    forecastAt: (time, forecast, low, high) => `forecast for ${time}: ${forecast}, 80% band ${low}–${high}`,
    naive: (abbr) => `The forecast is "no change" (the last close): no model beat "no change" on ${abbr}'s history.`,
    recordLabel: "Record on data the model had not seen:",
    ratio: (ratio) => `error ${ratio}× that of no change`,
    direction: (rate, calls, ci) => `direction right ${rate} of ${calls} calls${ci ? ` (95%: ${ci[0]}–${ci[1]})` : ""}`,
    noCalls: 'no direction calls (every forecast "no change")',
    band: (share) => `${share} inside the 80% band`,
    tested: (origins) => `${origins} forecasts tested`,
    caveat: "Statistical estimate; not investment advice.",
    source: (provider, at) => `Source: ${provider} · market time ${at}`,
    legendPast: "past closes",
    legendForecast: "forecast",
    legendBand: "80% band",
  },
  cn: {
    heading: (coin, hourly, count) => `${coin} 价格预测：未来 ${count} ${hourly ? "小时" : "天"}`,
    lastClose: (close, time) => `最新收盘价 ${close}（${time}）`,
    forecastAt: (time, forecast, low, high) => `${time} 预测 ${forecast}，80% 区间 ${low}–${high}`,
    naive: (abbr) => `预测即“不变”（最新收盘价）：在 ${abbr} 的历史数据上，没有模型胜过“不变”。`,
    recordLabel: "在模型未见过的数据上的检验记录：",
    ratio: (ratio) => `误差为“不变”预测的 ${ratio} 倍`,
    direction: (rate, calls, ci) => `方向判断 ${calls} 次，正确率 ${rate}${ci ? `（95% 区间 ${ci[0]}–${ci[1]}）` : ""}`,
    noCalls: "无方向判断（每次预测均为“不变”）",
    band: (share) => `${share} 落在 80% 区间内`,
    tested: (origins) => `共检验 ${origins} 次预测`,
    caveat: "统计估计，不构成投资建议。",
    source: (provider, at) => `数据来源：${provider} · 市场时间 ${at}`,
    legendPast: "历史收盘价",
    legendForecast: "预测",
    legendBand: "80% 区间",
  },
};

/** Text as SVG character data or an attribute value. */
export function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** A share 0..1 as a whole percentage through the app's formatter: 0.4312 → "43%". */
function shareText(share: number): string {
  return `${amountText(Math.round(shiftDecimal(share, 2)))}%`;
}

/** "2026-03-10 11:00 UTC" (hourly) or "2026-03-10" (daily): candle times are UTC. */
function timeText(ms: number, withTime: boolean): string {
  const iso = new Date(ms).toISOString();
  return withTime ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso.slice(0, 10);
}

const SUBSCRIPT = /[₀-₉]+/gu;

/**
 * A text element whose price figures may hold the formatter's subscript zero count (0.0₅123): the font lacks the
 * subscript digits, so they are drawn as plain digits lowered and smaller.
 */
function textElement(text: string, attributes: string): string {
  let body = "";
  let last = 0;
  for (const match of text.matchAll(SUBSCRIPT)) {
    const digits = [...match[0]].map((c) => String((c.codePointAt(0) ?? 0x2080) - 0x2080)).join("");
    body += escapeXml(text.slice(last, match.index));
    body += `<tspan baseline-shift="sub" font-size="70%">${digits}</tspan>`;
    last = match.index + match[0].length;
  }
  body += escapeXml(text.slice(last));
  return `<text ${attributes}>${body}</text>`;
}

/** Roughly how wide a text is drawn: CJK as a full em, other characters as a little over half. */
function textWidth(text: string, size: number): number {
  let ems = 0;
  for (const char of text) ems += (char.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.56;
  return ems * size;
}

/** Greedy wrap of phrases (kept whole where they fit) into lines no wider than maxWidth. */
function wrapPhrases(phrases: readonly string[], separator: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const phrase of phrases) {
    const candidate = line ? `${line}${separator}${phrase}` : phrase;
    if (line && textWidth(candidate, size) > maxWidth) {
      lines.push(line);
      line = phrase;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** A sentence wrapped by words (English) or characters (Chinese). */
function wrapSentence(text: string, size: number, maxWidth: number): string[] {
  const tokens = text.match(/[\u2e80-\u9fff\uff00-\uffef]|[^\s\u2e80-\u9fff\uff00-\uffef]+|\s+/gu) ?? [];
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    const candidate = line + token;
    if (line.trim() && textWidth(candidate.trimEnd(), size) > maxWidth) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else line = candidate;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** Round prices inside [low, high] for the axis: 3 to 5 marks a 1, 2 or 5 step apart. */
function niceTicks(low: number, high: number): number[] {
  const rough = (high - low) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let tick = Math.ceil(low / step) * step; tick <= high; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return ticks;
}

interface ChartBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The history line, the dashed forecast from the last close, its shaded 80 % band, and a few price and time marks. */
function chartSvg(data: PredictInfoData, box: ChartBox, texts: CardTexts): string {
  const hourly = data.interval === "1h";
  const first = data.history[0] ?? data.origin;
  const lastStep = data.steps.at(-1);
  const endTime = lastStep?.time ?? data.origin.time;
  const prices = [
    ...data.history.map((h) => h.close),
    ...data.steps.flatMap((s) => [s.lo80, s.hi80, s.forecast]),
    data.origin.close,
  ];
  let low = Math.min(...prices);
  let high = Math.max(...prices);
  if (high === low) {
    high += Math.abs(high) * 0.01 || 1;
    low -= Math.abs(low) * 0.01 || 1;
  }
  const pad = (high - low) * 0.06;
  low -= pad;
  high += pad;
  const ticks = niceTicks(low, high);
  const span = Math.max(endTime - first.time, 1);
  const x = (time: number) => box.left + ((time - first.time) / span) * box.width;
  const y = (price: number) => box.top + ((high - price) / (high - low)) * box.height;
  const point = (time: number, price: number) => `${x(time).toFixed(1)},${y(price).toFixed(1)}`;

  const parts: string[] = [];
  for (const price of ticks) {
    const lineY = y(price).toFixed(1);
    parts.push(
      `<line x1="${box.left}" x2="${box.left + box.width}" y1="${lineY}" y2="${lineY}" stroke="${GRID}" stroke-width="1"/>`,
    );
    parts.push(
      textElement(
        priceText(price),
        `x="${box.left - 10}" y="${(y(price) + 5).toFixed(1)}" font-size="15" fill="${MUTED}" text-anchor="end"`,
      ),
    );
  }
  const bottom = box.top + box.height;
  parts.push(
    `<line x1="${box.left}" x2="${box.left + box.width}" y1="${bottom}" y2="${bottom}" stroke="${MUTED}" stroke-width="1"/>`,
  );
  const originX = x(data.origin.time).toFixed(1);
  parts.push(
    `<line x1="${originX}" x2="${originX}" y1="${box.top}" y2="${box.top + box.height}" stroke="${GRID}" stroke-width="2"/>`,
  );
  if (data.steps.length > 0) {
    const upper = data.steps.map((s) => point(s.time, s.hi80));
    const lower = data.steps.map((s) => point(s.time, s.lo80)).reverse();
    const start = point(data.origin.time, data.origin.close);
    parts.push(`<polygon points="${[start, ...upper, ...lower].join(" ")}" fill="${BAND}" fill-opacity="0.16"/>`);
    const forecast = [start, ...data.steps.map((s) => point(s.time, s.forecast))].join(" ");
    parts.push(
      `<polyline points="${forecast}" fill="none" stroke="${FORECAST}" stroke-width="3" stroke-dasharray="10 7"/>`,
    );
  }
  const past = data.history.map((h) => point(h.time, h.close)).join(" ");
  parts.push(`<polyline points="${past}" fill="none" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>`);
  parts.push(
    `<circle cx="${originX}" cy="${y(data.origin.close).toFixed(1)}" r="5" fill="${ACCENT}" stroke="#fff" stroke-width="2"/>`,
  );
  const timeY = box.top + box.height + 24;
  const marks: [number, string][] = [
    [first.time, "start"],
    [data.origin.time, "middle"],
    [endTime, "end"],
  ];
  for (const [time, anchor] of marks) {
    parts.push(
      textElement(
        timeText(time, hourly),
        `x="${x(time).toFixed(1)}" y="${timeY}" font-size="15" fill="${MUTED}" text-anchor="${anchor}"`,
      ),
    );
  }
  // legend, top right inside the chart
  const legendY = box.top - 14;
  let legendX = box.left + box.width;
  const legend: [string, string][] = [
    [texts.legendBand, `<rect x="-34" y="-12" width="26" height="14" fill="${BAND}" fill-opacity="0.16"/>`],
    [
      texts.legendForecast,
      `<line x1="-36" x2="-8" y1="-5" y2="-5" stroke="${FORECAST}" stroke-width="3" stroke-dasharray="8 5"/>`,
    ],
    [texts.legendPast, `<line x1="-36" x2="-8" y1="-5" y2="-5" stroke="${INK}" stroke-width="3"/>`],
  ];
  for (const [label, swatch] of legend) {
    const width = textWidth(label, 15);
    parts.push(
      textElement(label, `x="${legendX.toFixed(1)}" y="${legendY}" font-size="15" fill="${MUTED}" text-anchor="end"`),
    );
    parts.push(`<g transform="translate(${(legendX - width).toFixed(1)},${legendY})">${swatch}</g>`);
    legendX -= width + 60;
  }
  return parts.join("");
}

/** The record's phrases: the walk-forward test's error against "no change", direction calls, band and size. */
function recordPhrases(data: PredictInfoData, texts: CardTexts): string[] {
  const { backtest } = data;
  const model = backtest.model;
  const direction =
    model.directionAccuracy === null
      ? texts.noCalls
      : texts.direction(
          shareText(model.directionAccuracy),
          amountText(model.directionCalls),
          model.directionCi95 ? [shareText(model.directionCi95[0]), shareText(model.directionCi95[1])] : null,
        );
  return [
    texts.ratio(amountText(backtest.maeRatio)),
    direction,
    texts.band(shareText(model.coverage80)),
    texts.tested(amountText(backtest.origins)),
  ];
}

/** The card as SVG (1200×630); every text is escaped. */
export function predictionCardSvg(data: PredictInfoData, language: ShareLanguage): string {
  const texts = TEXTS[language];
  const hourly = data.interval === "1h";
  const margin = 56;
  const inner = CARD_WIDTH - 2 * margin;
  const coin = data.coinName && data.coinName !== data.coinAbbr ? `${data.coinName} (${data.coinAbbr})` : data.coinAbbr;
  const last = data.steps.at(-1);
  const headline = [texts.lastClose(priceText(data.origin.close), timeText(data.origin.time, hourly))];
  if (last) {
    headline.push(
      texts.forecastAt(
        timeText(last.time, hourly),
        priceText(last.forecast),
        priceText(last.lo80),
        priceText(last.hi80),
      ),
    );
  }
  const parts: string[] = [
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#ffffff"/>`,
    `<rect width="${CARD_WIDTH}" height="8" fill="${ACCENT}"/>`,
    textElement(APP_NAME, `x="${margin}" y="52" font-size="24" fill="${ACCENT}" letter-spacing="0.5"`),
    textElement(
      texts.source(data.source.provider, timeText(Date.parse(data.source.at), true)),
      `x="${CARD_WIDTH - margin}" y="50" font-size="16" fill="${MUTED}" text-anchor="end"`,
    ),
    textElement(texts.heading(coin, hourly, data.steps.length), `x="${margin}" y="100" font-size="36" fill="${INK}"`),
  ];
  let y = 134;
  for (const line of wrapPhrases(headline, language === "cn" ? "；" : " · ", 19, inner)) {
    parts.push(textElement(line, `x="${margin}" y="${y}" font-size="19" fill="${INK}"`));
    y += 26;
  }
  const chartTop = y + 28;
  const chartBottom = data.model.beatsNaive ? 440 : 420;
  parts.push(
    chartSvg(data, { left: margin + 84, top: chartTop, width: inner - 84, height: chartBottom - chartTop }, texts),
  );
  y = chartBottom + 56;
  if (!data.model.beatsNaive) {
    for (const line of wrapSentence(texts.naive(data.coinAbbr), 18, inner)) {
      parts.push(textElement(line, `x="${margin}" y="${y}" font-size="18" fill="${WARN}"`));
      y += 24;
    }
    y += 4;
  }
  parts.push(textElement(texts.recordLabel, `x="${margin}" y="${y}" font-size="17" fill="${MUTED}"`));
  y += 27;
  for (const line of wrapPhrases(recordPhrases(data, texts), " · ", 20, inner)) {
    parts.push(textElement(line, `x="${margin}" y="${y}" font-size="20" fill="${INK}"`));
    y += 27;
  }
  parts.push(
    textElement(texts.caveat, `x="${margin}" y="${CARD_HEIGHT - 24}" font-size="16" fill="${MUTED}"`),
    `<rect y="${CARD_HEIGHT - 6}" width="${CARD_WIDTH}" height="6" fill="${ACCENT}" fill-opacity="0.5"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT_FAMILY}">${parts.join("")}</svg>`;
}

/** SVG → PNG in the shipped font only (no system font), off the event loop. */
export async function renderPng(svg: string): Promise<{ png: Buffer; width: number; height: number }> {
  const rendered = await renderAsync(svg, {
    font: { fontFiles: [FONT_FILE], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    fitTo: { mode: "original" },
  });
  return { png: rendered.asPng(), width: rendered.width, height: rendered.height };
}

export interface PredictShareCards {
  /** the card of a coin's current forecast (the service's errors as they are: unknown coin, interval, history) */
  pricePrediction(
    abbr: string,
    interval: PredictInterval | undefined,
    language: ShareLanguage,
  ): Promise<PredictShareData>;
}

/**
 * The cards, kept per coin, interval, forecast origin and language (a small LRU): a new candle makes a new forecast
 * and so a new card; the service is asked every time, so the card always shows the current origin.
 */
export function createPredictShareCards(
  predict: Pick<PredictService, "info">,
  cacheSize = CARD_CACHE,
): PredictShareCards {
  const cards = new Map<string, Promise<PredictShareData>>();
  return {
    async pricePrediction(abbr, interval, language) {
      const data = await predict.info(abbr, interval);
      const key = `${data.coinAbbr}:${data.interval}:${data.origin.time}:${language}`;
      let card = cards.get(key);
      if (card) cards.delete(key);
      else {
        card = renderPng(predictionCardSvg(data, language)).then(({ png, width, height }) => ({
          image: `data:image/png;base64,${png.toString("base64")}`,
          width,
          height,
        }));
        // a failed render is not kept
        card.catch(() => cards.delete(key));
      }
      cards.set(key, card);
      while (cards.size > cacheSize) {
        const oldest = cards.keys().next().value;
        if (oldest === undefined) break;
        cards.delete(oldest);
      }
      return card;
    },
  };
}
