import type { z } from "zod";
import type { Coin } from "../../../contract/market.ts";
import type {
  AiRankingData,
  AiScore,
  AiScoreValidation,
  aiRankingQuerySchema,
  aiScoreDataSchema,
} from "../../../contract/score.ts";
import type { Logger } from "../../logger.ts";
import { type NewsCounts, type NewsMark, newsCounts } from "./news-flow.ts";
import type { ScoreMarket, ScoreMarketView, ScoreNews } from "./score-data.ts";
import { scoreAt } from "./score-engine.ts";
import type { DailyBar } from "./score-figures.ts";
import type { ScoreHistory } from "./score-validation.ts";
import { weeklyScoreValidation } from "./score-validation.ts";
import { DAY_MS, SCORE_LOOKBACK_DAYS, WINDOWS } from "./score-weights.ts";

export type AiScoreData = z.infer<typeof aiScoreDataSchema>;
export type AiRankingQuery = z.output<typeof aiRankingQuerySchema>;

/** A coin's score as the service finds it: not priced by the market, priced but too short a history, or scored. */
export type CoinScore = { kind: "unlisted" } | { kind: "unscored" } | { kind: "scored"; data: AiScoreData };

export interface ScoreService {
  coinScore(abbr: string): Promise<CoinScore>;
  /** the coins of a dashboard category by score, highest first, one page */
  ranking(query: AiRankingQuery): Promise<AiRankingData>;
  /**
   * A coin's score for the token page's `aiScore`, synchronously: from the latest scored snapshot (the current one,
   * or the one before while the current is being scored, which this starts); null before any snapshot is scored and
   * for a coin without a score. Await `ready()` first to have the current snapshot's.
   */
  scoreOf(abbr: string): number | null;
  /** resolves once the current snapshot is scored */
  ready(): Promise<void>;
  /** the weekly validation over the shipped history; null when it could not be computed */
  validation(): Promise<AiScoreValidation | null>;
}

export interface ScoreServiceDeps {
  market: ScoreMarket;
  news: ScoreNews;
  /** the history the validation is computed over: the shipped one (loadShippedScoreHistory), read when first asked */
  history: () => Promise<ScoreHistory>;
  logger: Logger;
}

/** One market snapshot scored. */
interface Scored {
  view: ScoreMarketView;
  scores: ReadonlyMap<string, AiScore>;
  /** each scored coin's place in the whole ranking, 0 for the highest score */
  places: ReadonlyMap<string, number>;
}

/** Daily candles of one market day: the same completed candles serve every snapshot of that day. */
interface DayCandles {
  key: string;
  bars: Map<string, Promise<DailyBar[] | null>>;
}

const NEWS_PAGE = 100;
/** at most this many news pages are read per snapshot (a feed that never ends counts as not covering the window) */
const NEWS_MAX_PAGES = 500;

/**
 * The AI score of every priced coin, computed once per market snapshot (memoised by the view object; the daily
 * candles it reads are fetched once per market day) and kept for the snapshot's life. Scoring the universe is pure
 * work on at most 91 daily candles per coin and the news counts of the last 30 days (score-engine.ts).
 *
 * The validation shown with the scores is the weekly Spearman rank correlation over the SHIPPED daily history
 * (data/market and data/news), computed once when first asked, by the same function as
 * `npm run backtest -- --score`. With a live market it is still that shipped-history figure: the live market has no
 * judged history of its own.
 */
export function createScoreService(deps: ScoreServiceDeps): ScoreService {
  const { market, news, logger } = deps;
  const memo = new WeakMap<ScoreMarketView, Promise<Scored>>();
  let latest: Scored | undefined;
  let day: DayCandles | undefined;
  let validating: Promise<AiScoreValidation | null> | undefined;
  let newsFailing = false;

  function candlesOf(view: ScoreMarketView, abbr: string): Promise<DailyBar[] | null> {
    // the candles complete at the view's time are those that opened by the start of its day, less one day
    const key = `${view.source.mode}|${view.source.provider}|${Math.floor(view.at / DAY_MS)}`;
    if (day?.key !== key) day = { key, bars: new Map() };
    const bars = day.bars;
    let found = bars.get(abbr);
    if (!found) {
      found = market
        .klines(abbr, "1d", { to: view.at - DAY_MS, limit: SCORE_LOOKBACK_DAYS })
        .then((list) => list.map((c) => ({ openTime: c.time, close: c.close, volume: c.volume })))
        .catch((error: unknown) => {
          // not kept: the next snapshot asks again
          bars.delete(abbr);
          logger.warn({ err: error, coin: abbr }, "daily candles for the AI score not read");
          return null;
        });
      bars.set(abbr, found);
    }
    return found;
  }

  /** The items of the 30 days before the view's time, read newest first; null when the source does not reach back. */
  async function readNews(view: ScoreMarketView): Promise<NewsCounts | null> {
    const from = view.at - WINDOWS.newsBaseline * DAY_MS;
    const marks: NewsMark[] = [];
    let oldest = Number.POSITIVE_INFINITY;
    let before: string | undefined;
    for (let page = 0; page < NEWS_MAX_PAGES; page++) {
      const { items, next } = await news.latest({ limit: NEWS_PAGE, before });
      for (const item of items) {
        const time = Date.parse(item.publishedAt);
        oldest = Math.min(oldest, time);
        // an item older than the window: everything in the window has been read
        if (time < from) return newsCounts(marks, view.at, Number.NEGATIVE_INFINITY);
        if (time < view.at) marks.push({ time, coins: item.coins });
      }
      // the source ends here: it covers the window only if it reaches back to the window's start
      if (next === null) return newsCounts(marks, view.at, oldest);
      before = next;
    }
    return null;
  }

  async function newsOf(view: ScoreMarketView): Promise<NewsCounts | null> {
    try {
      const counts = await readNews(view);
      newsFailing = false;
      return counts;
    } catch (error) {
      if (!newsFailing) logger.warn({ err: error }, "news for the AI score not read; scoring without news flow");
      newsFailing = true;
      return null;
    }
  }

  async function score(view: ScoreMarketView): Promise<Scored> {
    const [bars, counts] = await Promise.all([
      Promise.all(view.listed.map((l) => candlesOf(view, l.coin.coinAbbr))),
      newsOf(view),
    ]);
    const series = new Map<string, DailyBar[]>();
    view.listed.forEach((l, i) => {
      const list = bars[i];
      if (list) series.set(l.coin.coinAbbr, list);
    });
    const scores = scoreAt({ at: view.at, series, news: counts });
    // highest first; equal scores keep the market's order
    const order = view.listed.flatMap((l) => {
      const found = scores.get(l.coin.coinAbbr);
      return found ? [found] : [];
    });
    order.sort((a, b) => b.score - a.score);
    const scored = { view, scores, places: new Map(order.map((s, i) => [s.coinAbbr, i])) };
    // a slow scoring of an older snapshot does not replace a newer one
    if (!latest || latest.view.at <= view.at) latest = scored;
    return scored;
  }

  function scoresOf(view: ScoreMarketView): Promise<Scored> {
    let found = memo.get(view);
    if (!found) {
      found = score(view);
      memo.set(view, found);
      // a failed scoring is not kept: the next request tries again
      found.catch(() => memo.delete(view));
    }
    return found;
  }

  function validation(): Promise<AiScoreValidation | null> {
    validating ??= deps
      .history()
      .then((history) => weeklyScoreValidation(history).validation)
      .catch((error: unknown) => {
        logger.error({ err: error }, "the AI score's validation over the shipped history failed");
        return null;
      });
    return validating;
  }

  return {
    async coinScore(abbr) {
      const view = market.view();
      const listed = view.byAbbr.get(abbr.toUpperCase());
      if (!listed) return { kind: "unlisted" };
      const [scored, checked] = await Promise.all([scoresOf(view), validation()]);
      const found = scored.scores.get(listed.coin.coinAbbr);
      if (!found) return { kind: "unscored" };
      return { kind: "scored", data: { score: found, validation: checked, source: view.source } };
    },
    async ranking(query) {
      const view = market.view();
      const [scored, checked] = await Promise.all([scoresOf(view), validation()]);
      const members = view.categories[query.category].flatMap((coin): { coin: Coin; place: number }[] => {
        // a stablecoin's calm is its peg, not a merit: it is scored (its token page shows it) but not ranked
        if (view.byAbbr.get(coin.coinAbbr)?.meta?.categories.includes("stablecoin")) return [];
        const place = scored.places.get(coin.coinAbbr);
        return place === undefined ? [] : [{ coin, place }];
      });
      members.sort((a, b) => a.place - b.place);
      const first = (query.page - 1) * query.pageSize;
      const list = members.slice(first, first + query.pageSize).flatMap(({ coin }) => {
        const found = scored.scores.get(coin.coinAbbr);
        return found ? [{ coin, score: found }] : [];
      });
      return {
        list,
        total: members.length,
        page: query.page,
        pageSize: query.pageSize,
        validation: checked,
        source: view.source,
      };
    },
    scoreOf(abbr) {
      let view: ScoreMarketView;
      try {
        view = market.view();
      } catch {
        return null;
      }
      if (latest?.view !== view) void scoresOf(view).catch(() => undefined);
      return latest?.scores.get(abbr.toUpperCase())?.score ?? null;
    },
    async ready() {
      await scoresOf(market.view());
    },
    validation,
  };
}
