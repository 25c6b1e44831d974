import type { z } from "zod";
import type {
  Coin,
  coinListDataSchema,
  DashboardCategory,
  marketSourceSchema,
  marketStatusDataSchema,
  tokenInfoDataSchema,
} from "../../../contract/market.ts";
import { dashboardCategories } from "../../../contract/market.ts";
import {
  type CoinMeta,
  coinCategories,
  type MarketSnapshot,
  type Ticker,
} from "../../providers/market/market-provider.ts";

export type MarketSource = z.infer<typeof marketSourceSchema>;
export type MarketStatus = z.infer<typeof marketStatusDataSchema>;
export type CoinListData = z.infer<typeof coinListDataSchema>;
export type TokenInfo = z.infer<typeof tokenInfoDataSchema>;

export interface ListedCoin {
  coin: Coin;
  ticker: Ticker;
  meta: CoinMeta | undefined;
}

/** One snapshot turned into what the routes answer with; rebuilt on every refresh, read by every request. */
export interface MarketView {
  at: number;
  source: MarketSource;
  status: MarketStatus;
  /** priced coins in rank order */
  listed: ListedCoin[];
  byAbbr: ReadonlyMap<string, ListedCoin>;
  categories: Readonly<Record<DashboardCategory, Coin[]>>;
}

/** The generated image of a coin without a logo of its own. */
export const coinImageUrl = (abbr: string) => `/v2/api/coin/image/${abbr}.svg`;
const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** Hot = 24 h USDT volume; where the source lacks quote volume (older BTC hours) base volume × price stands in. */
const usdVolume = (t: Ticker) => t.quoteVolume24h ?? (t.volume24h === null ? 0 : t.volume24h * t.lastPrice);
const byChangeDesc = (a: ListedCoin, b: ListedCoin) =>
  (b.ticker.change24h ?? Number.NEGATIVE_INFINITY) - (a.ticker.change24h ?? Number.NEGATIVE_INFINITY);

export function buildMarketView(
  snapshot: MarketSnapshot,
  metas: readonly CoinMeta[],
  mode: "replay" | "live",
  providerName: string,
): MarketView {
  const metaBySymbol = new Map(metas.map((meta) => [meta.symbol, meta]));
  const listed: ListedCoin[] = snapshot.tickers.map((ticker) => {
    const meta = metaBySymbol.get(ticker.symbol);
    return {
      ticker,
      meta,
      coin: {
        coinCode: ticker.symbol.toLowerCase(),
        coinAbbr: ticker.symbol,
        coinName: meta?.name ?? ticker.symbol,
        coinImageUrl: meta?.imageUrl ?? coinImageUrl(ticker.symbol),
        lastPrice: ticker.lastPrice,
        change: round2(ticker.change24h),
      },
    };
  });
  const at = new Date(snapshot.at).toISOString();
  const date = at.slice(0, 10);
  const categories = Object.fromEntries(dashboardCategories.map((c) => [c, [] as Coin[]])) as Record<
    DashboardCategory,
    Coin[]
  >;
  categories.total = listed.map((l) => l.coin);
  categories.hot = [...listed].sort((a, b) => usdVolume(b.ticker) - usdVolume(a.ticker)).map((l) => l.coin);
  categories.gainer = [...listed].sort(byChangeDesc).map((l) => l.coin);
  for (const sector of coinCategories) {
    if (sector === "stablecoin") continue;
    categories[sector] = listed.filter((l) => l.meta?.categories.includes(sector)).map((l) => l.coin);
  }
  return {
    at: snapshot.at,
    source: { mode, provider: providerName, at },
    status: {
      mode,
      label: mode === "replay" ? `Replay market · ${date}` : `Live market · ${date}`,
      date,
      at,
    },
    listed,
    byAbbr: new Map(listed.map((l) => [l.coin.coinAbbr, l])),
    categories,
  };
}

export function coinList(
  view: MarketView,
  query: { keyword?: string; category: DashboardCategory; page: number; pageSize: number },
): CoinListData {
  const keyword = query.keyword?.toLowerCase();
  const all = view.categories[query.category];
  const matching = keyword
    ? all.filter((c) => c.coinAbbr.toLowerCase().includes(keyword) || c.coinName.toLowerCase().includes(keyword))
    : all;
  const first = (query.page - 1) * query.pageSize;
  return { list: matching.slice(first, first + query.pageSize), total: matching.length, source: view.source };
}

/** Symbols starting with the keyword first, then names containing it. */
export function searchCoins(view: MarketView, keyword: string): Coin[] {
  const k = keyword.toLowerCase();
  const bySymbol = view.listed.filter((l) => l.coin.coinAbbr.toLowerCase().startsWith(k));
  const byName = view.listed.filter((l) => !bySymbol.includes(l) && l.coin.coinName.toLowerCase().includes(k));
  return [...bySymbol, ...byName].map((l) => l.coin);
}

export function tokenInfo(view: MarketView, listed: ListedCoin): TokenInfo {
  const { ticker, meta, coin } = listed;
  const statsDate = meta ? new Date(meta.statsAsOf).toISOString().slice(0, 10) : undefined;
  return {
    coin,
    price: ticker.lastPrice,
    change1h: round2(ticker.change1h),
    change24h: round2(ticker.change24h),
    change7d: round2(ticker.change7d),
    volume24h: ticker.quoteVolume24h,
    marketCap: meta?.circulatingSupply ? meta.circulatingSupply * ticker.lastPrice : null,
    rank: meta?.rank ?? null,
    categories: meta ? [...meta.categories] : [],
    // only facts of the data: name, symbol and the rank with the date it was observed
    narrative:
      meta && statsDate ? `${meta.name} (${coin.coinAbbr}), rank ${meta.rank} by market cap as of ${statsDate}` : null,
    aiScore: null,
    source: view.source,
  };
}
