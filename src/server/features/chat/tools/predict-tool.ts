import { tool } from "ai";
import { z } from "zod";
import type { PredictInfoData, PredictInterval } from "../../../../contract/predict.ts";
import { ApiError } from "../../../api-error.ts";
import type { ChatListedCoin, ChatMarket, ChatMarketView, ChatPredictions } from "./chat-data.ts";
import type { NotFoundOutput, PredictOutput } from "./tool-outputs.ts";
import { unknownSymbolOutput } from "./unknown-symbol.ts";

export const predictInputSchema = z.object({
  symbol: z.string().trim().min(1).max(40).describe("the coin's symbol, e.g. BTC (or its name, e.g. Bitcoin)"),
  interval: z
    .enum(["1h", "1d"])
    .optional()
    .describe("1h: the next 48 hours, hour by hour; 1d: the next 7 days; absent: hourly where the coin has it"),
});

const iso = (ms: number) => new Date(ms).toISOString();
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** The Predict page of a coin, as the app routes it. */
export const predictPage = (abbr: string) => `/predict/${abbr}`;

function output(data: PredictInfoData, unavailableInterval: PredictInterval | null): PredictOutput {
  const { backtest, live } = data;
  return {
    found: true,
    symbol: data.coinAbbr,
    name: data.coinName,
    interval: data.interval,
    unavailableInterval,
    origin: { time: iso(data.origin.time), close: data.origin.close },
    steps: data.steps.map((s) => ({
      step: s.step,
      time: iso(s.time),
      forecast: s.forecast,
      lo80: s.lo80,
      hi80: s.hi80,
    })),
    model: data.model,
    backtest: {
      from: backtest.from,
      to: backtest.to,
      origins: backtest.origins,
      horizon: backtest.horizon,
      maeRatio: round4(backtest.maeRatio),
      directionAccuracy: backtest.model.directionAccuracy,
      directionCalls: backtest.model.directionCalls,
      directionCi95: backtest.model.directionCi95,
      coverage80: backtest.model.coverage80,
    },
    live: {
      windowMs: live.windowMs,
      judged: live.judged,
      calls: live.calls,
      winRate: live.winRate,
      winRateCi95: live.winRateCi95,
      coverage80: live.coverage80,
    },
    page: predictPage(data.coinAbbr),
    citation: { tool: "predict", source: data.source.provider, at: data.source.at },
  };
}

const apiKey = (error: unknown) => (error instanceof ApiError ? error.key : undefined);

/**
 * The predict tool: a coin's forecast with its record, read from the predict service (the Predict page's data).
 * Without the service the tool answers found: false (notAvailable), and a coin too new for a tested forecast
 * notEnoughHistory: never an untested forecast.
 */
export function predictTool(deps: {
  market: ChatMarket;
  predictions: ChatPredictions | undefined;
  find: (view: ChatMarketView, query: string) => ChatListedCoin | undefined;
}) {
  return tool({
    description:
      "A coin's price forecast, the same as the product's Predict page: hourly (48 h) or daily (7 d) steps with the " +
      "80% band, the model and whether it beats the naive 'no change' forecast, and its record on data it had not " +
      "seen (MAE ratio to 'no change', direction hit rate with its 95% interval, band coverage, origins) and the live " +
      "record of stored forecasts judged since. A statistical estimate, not advice; always give its record with it.",
    inputSchema: predictInputSchema,
    execute: async ({ symbol, interval }): Promise<PredictOutput | NotFoundOutput> => {
      const { market, predictions, find } = deps;
      if (!predictions) {
        return {
          found: false,
          reason: "notAvailable",
          query: symbol.toUpperCase(),
          message: "price forecasts are not available on this server",
          available: [],
          citation: null,
        };
      }
      const view = market.view();
      const citation = { tool: "predict", source: view.source.provider, at: view.source.at };
      const listed = find(view, symbol);
      if (!listed) return unknownSymbolOutput(view, symbol, citation);
      const abbr = listed.coin.coinAbbr;
      const tooNew = (): NotFoundOutput => ({
        found: false,
        reason: "notEnoughHistory",
        query: abbr,
        message: `${abbr} has too little history for a tested forecast`,
        available: [],
        citation,
      });
      try {
        return output(await predictions.info(abbr, interval), null);
      } catch (error) {
        if (apiKey(error) === "notEnoughHistory") return tooNew();
        // an interval this coin has no candles for: its own interval instead, said in the output
        if (apiKey(error) !== "invalidValue" || interval === undefined) throw error;
      }
      try {
        return output(await predictions.info(abbr), interval);
      } catch (error) {
        if (apiKey(error) === "notEnoughHistory") return tooNew();
        throw error;
      }
    },
  });
}
