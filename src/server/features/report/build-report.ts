import type { PredictInfoData } from "../../../contract/predict.ts";
import {
  REPORT_LOOKBACK_DAYS,
  REPORT_NEWS_DAYS,
  REPORT_NEWS_MAX,
  REPORT_RETURN_DAYS,
  REPORT_VOLATILITY_DAYS,
  type Report,
  type ReportFigure,
  type ReportForecast,
  type ReportLanguage,
  type ReportSource,
  type ReportSourceId,
} from "../../../contract/report.ts";
import { ApiError } from "../../api-error.ts";
import type { ReportMarket, ReportNews, ReportPredict } from "./report-data.ts";
import {
  annualisedVolatility,
  DAY_MS,
  type DailyClose,
  maxDrawdown,
  periodReturn,
  returnCorrelation,
} from "./report-figures.ts";
import { reportRisks } from "./report-risks.ts";

export interface BuildReportDeps {
  market: ReportMarket;
  news: ReportNews;
  predict: ReportPredict;
}

/** Daily closes read: the 90-day window needs 91, and a few more cost nothing. */
const CANDLES_READ = REPORT_LOOKBACK_DAYS + 10;
const BENCHMARK = "BTC";

const iso = (ms: number) => new Date(ms).toISOString();
const fig = (value: number | null, source: ReportSourceId, atMs: number): ReportFigure => ({
  value: value !== null && Number.isFinite(value) ? value : null,
  source,
  at: iso(atMs),
});

async function dailyCloses(market: ReportMarket, abbr: string): Promise<DailyClose[]> {
  const candles = await market.klines(abbr, "1d", { limit: CANDLES_READ });
  return candles.map((candle) => ({ time: candle.time, close: candle.close }));
}

/** The daily forecast, or why there is none; any other failure is the caller's. */
async function forecastOf(predict: ReportPredict, abbr: string): Promise<PredictInfoData | undefined> {
  try {
    return await predict.info(abbr, "1d");
  } catch (error) {
    if (error instanceof ApiError && error.key === "notEnoughHistory") return undefined;
    throw error;
  }
}

function forecastSection(info: PredictInfoData | undefined): ReportForecast {
  if (!info) return { available: false, reason: "notEnoughHistory" };
  const { backtest, live } = info;
  return {
    available: true,
    origin: { time: iso(info.origin.time), close: info.origin.close },
    steps: info.steps.map((step) => ({
      time: iso(step.time),
      forecast: step.forecast,
      lo80: step.lo80,
      hi80: step.hi80,
    })),
    model: info.model,
    backtest: {
      from: backtest.from,
      to: backtest.to,
      origins: backtest.origins,
      horizon: backtest.horizon,
      maeRatio: backtest.maeRatio,
      directionAccuracy: backtest.model.directionAccuracy,
      directionCalls: backtest.model.directionCalls,
      coverage80: backtest.model.coverage80,
    },
    live: {
      judged: live.judged,
      calls: live.calls,
      winRate: live.winRate,
      coverage80: live.coverage80,
      maeRatio: live.maeRatio,
    },
  };
}

/**
 * A coin's research report from the app's data: the market snapshot (price, changes, market cap, rank, tags), its
 * daily candles (returns, volatility, drawdown, correlation with BTC), the news tagged with it over the last 14 days
 * of the market time, and the daily forecast with its record. Figures only, each with its source and time; the
 * risks are sentences read off these figures. An unknown coin is the market's 1001 invalidValue on coinAbbr.
 */
export async function buildReport(
  deps: BuildReportDeps,
  abbr: string,
  language: ReportLanguage,
  now: Date,
): Promise<Report> {
  const { market, news, predict } = deps;
  const listed = market.coin(abbr);
  const view = market.view();
  const symbol = listed.coin.coinAbbr;
  const isBenchmark = symbol === BENCHMARK;
  const newsTo = view.at;
  const newsFrom = view.at - REPORT_NEWS_DAYS * DAY_MS;
  const [closes, btcCloses, items, info] = await Promise.all([
    dailyCloses(market, symbol),
    isBenchmark ? Promise.resolve([]) : dailyCloses(market, BENCHMARK),
    news.search("", { coin: symbol, from: newsFrom, to: newsTo, limit: REPORT_NEWS_MAX }),
    forecastOf(predict, symbol),
  ]);

  // a candle-derived figure is of the close of the last daily candle
  const lastClose = closes.at(-1);
  const candlesAt = lastClose ? lastClose.time + DAY_MS : view.at;
  const btcAt = (btcCloses.at(-1)?.time ?? view.at - DAY_MS) + DAY_MS;
  const statsAt = listed.meta?.statsAsOf ?? view.at;
  const priceAt = listed.ticker.priceTime;
  const { coin } = listed;

  const drawdown = maxDrawdown(closes, REPORT_LOOKBACK_DAYS);
  const correlation = isBenchmark ? null : returnCorrelation(closes, btcCloses, REPORT_LOOKBACK_DAYS);
  const sources: ReportSource[] = [
    { id: "market", name: view.source.provider, mode: view.source.mode, at: view.source.at },
    { id: "candles", name: view.source.provider, mode: view.source.mode, at: iso(candlesAt) },
    { id: "news", name: news.kind === "archive" ? "news archive" : "news feeds", mode: news.kind, at: iso(newsTo) },
  ];
  if (info) {
    sources.push({
      id: "forecast",
      name: `${info.model.name} ${info.model.version}`,
      mode: info.source.mode,
      at: iso(info.origin.time + DAY_MS),
    });
  }

  const figures: Omit<Report, "risks"> = {
    coinAbbr: symbol,
    coinName: coin.coinName,
    language,
    createdAt: now.toISOString(),
    marketAt: iso(view.at),
    sources,
    overview: {
      price: fig(coin.lastPrice, "market", priceAt),
      change24h: fig(coin.change, "market", priceAt),
      change7d: fig(coin.change7d, "market", priceAt),
      marketCap: fig(coin.marketCap, "market", priceAt),
      volume24h: fig(coin.volume24h, "market", priceAt),
      rank: fig(coin.rank, "market", statsAt),
      categories: [...(listed.meta?.categories ?? [])],
      sector: listed.meta?.sector ?? null,
    },
    returns: REPORT_RETURN_DAYS.map((days) => {
      const change = periodReturn(closes, days);
      return {
        days,
        change: fig(change?.percent ?? null, "candles", candlesAt),
        from: change ? iso(change.from.time) : null,
      };
    }),
    volatility: {
      volatility30d: fig(annualisedVolatility(closes, REPORT_VOLATILITY_DAYS), "candles", candlesAt),
      btcVolatility30d: isBenchmark
        ? null
        : fig(annualisedVolatility(btcCloses, REPORT_VOLATILITY_DAYS), "candles", btcAt),
      maxDrawdown90d: fig(drawdown?.percent ?? null, "candles", candlesAt),
      drawdownPeak:
        drawdown && drawdown.percent < 0 ? { time: iso(drawdown.peak.time), close: drawdown.peak.close } : null,
      drawdownTrough:
        drawdown && drawdown.percent < 0 ? { time: iso(drawdown.trough.time), close: drawdown.trough.close } : null,
    },
    correlation: {
      withBtc90d: correlation ? fig(correlation.value, "candles", Math.min(candlesAt, btcAt)) : null,
      observations: correlation?.observations ?? 0,
    },
    news: {
      from: iso(newsFrom),
      to: iso(newsTo),
      items: items.map((item) => ({
        title: item.title,
        outlet: item.source,
        url: item.url,
        publishedAt: item.publishedAt,
        language: item.language,
      })),
    },
    forecast: forecastSection(info),
  };
  return { ...figures, risks: reportRisks(figures, language, closes.length) };
}
