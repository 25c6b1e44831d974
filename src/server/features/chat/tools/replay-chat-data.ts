import { manualClock } from "../../../providers/clock.ts";
import { openEcbRates } from "../../../providers/fx/ecb-rates.ts";
import { candleData } from "../../../providers/market/candle-data.ts";
import { INTERVAL_MS } from "../../../providers/market/market-provider.ts";
import { openReplayMarket, type ReplayMarket } from "../../../providers/market/replay-market.ts";
import type { NewsProvider } from "../../../providers/news/news-provider.ts";
import { openReplayNews } from "../../../providers/news/replay-news.ts";
import type { ChatMarket, ChatMarketView, ChatNews } from "./chat-data.ts";
import type { ChatFx } from "./currency.ts";

/**
 * For tests: the chat's market, news and FX read straight from the shipped data, frozen at one market time. The
 * chat feature does not import the market feature, so this stands in for MarketService with the same figures: the
 * view holds the provider's tickers as they are and candles are bounded by the market time as the service bounds
 * them. News is the shipped archive, visible up to the market time, and FX the shipped ECB rates, as the server
 * wires them. The fear-and-greed readings are the caller's (the service computes them from a long history this
 * stand-in does not keep).
 */
export interface ReplayChatData {
  market: ChatMarket;
  news: ChatNews;
  fx: ChatFx;
  view: ChatMarketView;
  replay: ReplayMarket;
  newsProvider: NewsProvider;
}

export interface FearGreedFixture {
  value: number;
  value_classification: "Extreme Fear" | "Fear" | "Neutral" | "Greed" | "Extreme Greed";
  timestamp: string;
}

export async function openReplayChatData(
  at: string,
  fearGreed: readonly FearGreedFixture[] = [],
): Promise<ReplayChatData> {
  const replay = await openReplayMarket({ wall: manualClock(new Date("2030-01-01T00:00:00Z")), start: at });
  const [snapshot, metas] = await Promise.all([replay.snapshot(), replay.coins()]);
  const metaBySymbol = new Map(metas.map((meta) => [meta.symbol, meta]));
  const view: ChatMarketView = {
    at: snapshot.at,
    source: { mode: "replay", provider: replay.name, at: new Date(snapshot.at).toISOString() },
    listed: snapshot.tickers.map((ticker) => {
      const meta = metaBySymbol.get(ticker.symbol);
      return { ticker, meta, coin: { coinAbbr: ticker.symbol, coinName: meta?.name ?? ticker.symbol } };
    }),
  };
  const changes = view.listed.flatMap((l) => (l.ticker.change24h === null ? [] : [l.ticker]));
  const sentiment = JSON.stringify({
    code: 0,
    msg: "success",
    data: {
      Fear_and_Greed_Index: { data: fearGreed, method: "test readings" },
      TOP100_Currency_Index: {
        data: changes.map((t) => ({ symbol: t.symbol, changePercent24Hr: Math.round((t.change24h ?? 0) * 100) / 100 })),
        rising: changes.filter((t) => (t.change24h ?? 0) > 0).length,
        falling: changes.filter((t) => (t.change24h ?? 0) < 0).length,
        unchanged: changes.filter((t) => t.change24h === 0).length,
        counted: changes.length,
        universe: view.listed.length,
      },
      source: view.source,
    },
  });
  const market: ChatMarket = {
    view: () => view,
    hot: () => ({ sentiment }),
    async klines(abbr, interval, range) {
      const visibleTo = view.at - INTERVAL_MS[interval];
      const candles = await replay.klines(abbr.toUpperCase(), interval, {
        ...range,
        to: Math.min(range.to ?? visibleTo, visibleTo),
      });
      return candles.map(candleData);
    },
  };
  const newsProvider = await openReplayNews({ visibleUntil: () => replay.clock.now() });
  const news: ChatNews = newsProvider;
  const fx = await openEcbRates();
  return { market, news, fx, view, replay, newsProvider };
}
