import { loadMarketData } from "../../providers/market/market-data.ts";
import { loadHeadlines } from "../../providers/news/headlines.ts";
import type { ScoreHistory } from "./score-validation.ts";

/**
 * The shipped history the score is validated over: every coin's daily candles (data/market) and the archive's
 * headlines with their coin tags (data/news). The news is complete from its first item.
 */
export async function loadShippedScoreHistory(): Promise<ScoreHistory> {
  const [market, headlines] = await Promise.all([loadMarketData(), loadHeadlines()]);
  const series = new Map(
    [...market.series.values()].map((s) => [
      s.symbol,
      s.daily.map((c) => ({ openTime: c.openTime, close: c.close, volume: c.volume })),
    ]),
  );
  const news = headlines.map((item) => ({ time: Date.parse(item.publishedAt), coins: item.coins }));
  const newsFrom = news.reduce((min, item) => Math.min(min, item.time), Number.POSITIVE_INFINITY);
  return { series, news, newsFrom };
}
