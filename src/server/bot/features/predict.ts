import { Composer } from "grammy";
import type { PredictInfoData, PredictInterval } from "../../../contract/predict.ts";
import { ApiError } from "../../api-error.ts";
import { escapeHtml } from "../../escape-html.ts";
import { formatPercent, formatTime } from "../../features/chat/mountainlion/format.ts";
import type { Logger } from "../../logger.ts";
import type { BotContext, BotLanguage, BotMessage } from "../bot-context.ts";
import { appAddressHtml, type BotLinks, placeOf } from "../cards/links.ts";
import type { PriceMarket } from "../cards/price-card.ts";
import { displayPrice } from "../cards/price-format.ts";
import { lookUpCoin } from "../cards/symbols.ts";
import { safeError } from "../runtime/safe-error.ts";
import { priceTexts, viewOf } from "./price.ts";

/**
 * /predict <coin> [1h|1d]: the same forecast and record as the app's Predict page (getPredictInfo): the steps with
 * their 80% band (daily: the 7 days; hourly: every 6th of the 48 hours), the model and whether it beats "no change",
 * its record on data it had not seen, the plain caveat, the source and time, and a button to the Predict page.
 */

export interface PredictFeatureDeps {
  market: PriceMarket;
  predictions: { info(abbr: string, interval?: PredictInterval): Promise<PredictInfoData> };
  links: BotLinks;
  logger: Logger;
}

export const predictTexts = {
  which: /*i18n*/ {
    id: "Which coin? Send /predict with a symbol, for example /predict BTC (add 1h for the next 48 hours).",
    message: "Which coin? Send /predict with a symbol, for example /predict BTC (add 1h for the next 48 hours).",
  },
  titleDaily: /*i18n*/ { id: "{coin}: forecast for the next 7 days", message: "{coin}: forecast for the next 7 days" },
  titleHourly: /*i18n*/ {
    id: "{coin}: forecast for the next 48 hours",
    message: "{coin}: forecast for the next 48 hours",
  },
  header: /*i18n*/ { id: "Time · forecast · 80% band (USDT)", message: "Time · forecast · 80% band (USDT)" },
  beats: /*i18n*/ {
    id: "Model: {model} ({version}), chosen because it beat the “no change” forecast on this coin's history.",
    message: "Model: {model} ({version}), chosen because it beat the “no change” forecast on this coin's history.",
  },
  naive: /*i18n*/ {
    id: "No model beat the “no change” forecast on this coin's history, so the forecast is “no change”.",
    message: "No model beat the “no change” forecast on this coin's history, so the forecast is “no change”.",
  },
  record: /*i18n*/ {
    id: "Record on data it had not seen ({origins} forecasts, {from} – {to}): error {ratio}× that of “no change”; direction right {accuracy} of {calls} calls (95%: {low} – {high}); {coverage} of prices fell inside the 80% band.",
    message:
      "Record on data it had not seen ({origins} forecasts, {from} – {to}): error {ratio}× that of “no change”; direction right {accuracy} of {calls} calls (95%: {low} – {high}); {coverage} of prices fell inside the 80% band.",
  },
  recordNoCalls: /*i18n*/ {
    id: "Record on data it had not seen ({origins} forecasts, {from} – {to}): error {ratio}× that of “no change”; no direction calls; {coverage} of prices fell inside the 80% band.",
    message:
      "Record on data it had not seen ({origins} forecasts, {from} – {to}): error {ratio}× that of “no change”; no direction calls; {coverage} of prices fell inside the 80% band.",
  },
  caveat: /*i18n*/ {
    id: "A statistical estimate: crypto prices are close to a random walk. Not investment advice.",
    message: "A statistical estimate: crypto prices are close to a random walk. Not investment advice.",
  },
  source: /*i18n*/ { id: "Source: {source}, as of {time}", message: "Source: {source}, as of {time}" },
  tooShort: /*i18n*/ {
    id: "{coin}'s history is too short to test a forecast, so none is shown.",
    message: "{coin}'s history is too short to test a forecast, so none is shown.",
  },
  noHourly: /*i18n*/ {
    id: "{coin} has daily data only: here is the daily forecast.",
    message: "{coin} has daily data only: here is the daily forecast.",
  },
  unavailable: /*i18n*/ {
    id: "Forecasts are not available right now. Please try again in a minute.",
    message: "Forecasts are not available right now. Please try again in a minute.",
  },
  open: /*i18n*/ { id: "Open the forecast in the app", message: "Open the forecast in the app" },
} satisfies Record<string, BotMessage>;

/** hourly forecasts list every 6th hour, so the message stays short */
const HOURLY_EVERY = 6;
export const predictStartParam = (symbol: string) => `predict_${symbol}`;

const pct = (share: number, language: BotLanguage) =>
  formatPercent(Math.round(share * 1000) / 10, language).replace(/^\+/, "");
const day = (ms: number) => formatTime(new Date(ms).toISOString()).slice(0, 10);

/** The forecast and its record as Telegram HTML (well under Telegram's 4096 characters). */
export function predictHtml(info: PredictInfoData, ctx: Pick<BotContext, "t" | "lang">): string {
  const { t, lang } = ctx;
  const coin = info.coinName && info.coinName !== info.coinAbbr ? `${info.coinName} (${info.coinAbbr})` : info.coinAbbr;
  const title = t(info.interval === "1h" ? predictTexts.titleHourly : predictTexts.titleDaily, { coin });
  const steps = info.interval === "1h" ? info.steps.filter((s) => s.step % HOURLY_EVERY === 0) : info.steps;
  const rows = steps.map((s) => {
    const time = formatTime(new Date(s.time).toISOString());
    const when = info.interval === "1h" ? time.slice(5, 16) : time.slice(0, 10);
    return `${when} · ${displayPrice(s.forecast)} · ${displayPrice(s.lo80)} – ${displayPrice(s.hi80)}`;
  });
  const b = info.backtest;
  const common = {
    origins: b.origins,
    from: day(Date.parse(b.from)),
    to: day(Date.parse(b.to)),
    ratio: b.maeRatio.toFixed(2),
    coverage: pct(b.model.coverage80, lang),
  };
  const accuracy = b.model.directionAccuracy;
  const ci = b.model.directionCi95;
  const record =
    accuracy === null || ci === null
      ? t(predictTexts.recordNoCalls, common)
      : t(predictTexts.record, {
          ...common,
          accuracy: pct(accuracy, lang),
          calls: b.model.directionCalls,
          low: pct(ci[0], lang),
          high: pct(ci[1], lang),
        });
  const model = info.model.beatsNaive
    ? t(predictTexts.beats, { model: info.model.name, version: info.model.version })
    : t(predictTexts.naive);
  const source = t(predictTexts.source, { source: info.source.provider, time: formatTime(info.source.at) });
  return [
    `<b>${escapeHtml(title)}</b>`,
    `<i>${escapeHtml(t(predictTexts.header))}</i>`,
    `<pre>${escapeHtml(rows.join("\n"))}</pre>`,
    escapeHtml(model),
    escapeHtml(record),
    `<i>${escapeHtml(t(predictTexts.caveat))}</i>`,
    escapeHtml(source),
  ].join("\n");
}

/** What /predict answers for the text after the command. */
export async function answerPredict(ctx: BotContext, deps: PredictFeatureDeps, typed: string): Promise<void> {
  const words = typed.trim().split(/\s+/).filter(Boolean);
  const hourly = words.some((w) => w.toLowerCase() === "1h");
  const asked = words.filter((w) => !/^1[hd]$/i.test(w)).join(" ");
  const view = viewOf(deps.market, deps.logger);
  if (!view) {
    await ctx.reply(escapeHtml(ctx.t(predictTexts.unavailable)), { parse_mode: "HTML" });
    return;
  }
  const found = lookUpCoin(view, asked);
  if (found.kind === "empty") {
    await ctx.reply(escapeHtml(ctx.t(predictTexts.which)), { parse_mode: "HTML" });
    return;
  }
  if (found.kind !== "found") {
    await ctx.reply(escapeHtml(ctx.t(priceTexts.unknown, { asked: found.asked })), { parse_mode: "HTML" });
    return;
  }
  const symbol = found.listed.coin.coinAbbr;
  const notes: string[] = [];
  let interval: PredictInterval = hourly ? "1h" : "1d";
  if (hourly && !found.listed.intervals.includes("1h")) {
    notes.push(escapeHtml(ctx.t(predictTexts.noHourly, { coin: symbol })));
    interval = "1d";
  }
  let info: PredictInfoData;
  try {
    info = await deps.predictions.info(symbol, interval);
  } catch (error) {
    if (error instanceof ApiError && error.key === "notEnoughHistory") {
      await ctx.reply(escapeHtml(ctx.t(predictTexts.tooShort, { coin: symbol })), { parse_mode: "HTML" });
      return;
    }
    deps.logger.warn({ err: safeError(error, ctx.api.token), symbol }, "bot: forecast not built");
    await ctx.reply(escapeHtml(ctx.t(predictTexts.unavailable)), { parse_mode: "HTML" });
    return;
  }
  const place = placeOf(ctx.chat?.type);
  const open = deps.links.appButton(ctx.t(predictTexts.open), place, ctx.me.username, predictStartParam(symbol));
  const html = [...notes, predictHtml(info, ctx)].join("\n");
  const text = open ? html : `${html}\n\n${appAddressHtml(deps.links, ctx.t, predictStartParam(symbol))}`;
  await ctx.reply(text, {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    ...(open ? { reply_markup: { inline_keyboard: [[open]] } } : {}),
  });
}

export function createPredictFeature(deps: PredictFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("predict", (ctx) => answerPredict(ctx, deps, typeof ctx.match === "string" ? ctx.match : ""));
  return composer;
}
