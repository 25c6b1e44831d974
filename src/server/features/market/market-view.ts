import type { z } from "zod";
import {
  type CategoryEmptyReason,
  type Coin,
  type coinListDataSchema,
  type DashboardCategory,
  dashboardCategories,
  GAINER_CATEGORY_SIZE,
  HOT_CATEGORY_SIZE,
  type KlineInterval,
  klineIntervals,
  type marketSourceSchema,
  type marketStatusDataSchema,
  type tokenInfoDataSchema,
} from "../../../contract/market.ts";
import {
  type CoinCategory,
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
  /** the candle intervals the source holds for this coin, finest first */
  intervals: readonly KlineInterval[];
}

/** A category's rule and, when empty, why (see categoryListDataSchema). */
export interface CategoryFacts {
  rule: string;
  reason: CategoryEmptyReason | null;
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
  categoryFacts: Readonly<Record<DashboardCategory, CategoryFacts>>;
  /** the coins with hourly candles when only some have them; null when all have */
  hourlyCoins: string[] | null;
}

/** The generated image of a coin without a logo of its own. */
export const coinImageUrl = (abbr: string) => `/v2/api/coin/image/${abbr}.svg`;
/** 2 decimals; a change that rounds to zero is 0, never -0 */
const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100 || 0);

/**
 * Hot ranks by 24 h USDT volume; where the source lacks quote volume (older BTC hours) base volume × price stands
 * in for the ranking (the figure shown stays null); null when the window has no volume at all.
 */
const usdVolume = (t: Ticker) => t.quoteVolume24h ?? (t.volume24h === null ? null : t.volume24h * t.lastPrice);

/** The tag categories as their reasons name them. */
const TAG_LABELS: Readonly<Record<Exclude<CoinCategory, "stablecoin">, string>> = {
  meme: "meme",
  ai_agent: "AI agent",
  ai: "AI",
  rwa: "RWA",
  depin: "DePIN",
  defai: "DeFAI",
  gaming: "gaming",
};

const RULES: Readonly<Record<"total" | "hot" | "gainer", string>> = {
  total: "Every coin this market prices, by market-cap rank; coins outside the ranked list follow",
  hot: `The ${HOT_CATEGORY_SIZE} coins with the highest 24h trading volume in USDT, highest first`,
  gainer: `The ${GAINER_CATEGORY_SIZE} coins with the highest 24h price change among those that rose, highest first`,
};

function tagFacts(tag: Exclude<CoinCategory, "stablecoin">, mode: "replay" | "live", count: number): CategoryFacts {
  const label = TAG_LABELS[tag];
  const rule = `Coins the market's data tags ${label}, by market-cap rank`;
  if (count > 0) return { rule, reason: null };
  const text =
    mode === "replay"
      ? `No coin in the replay data is tagged ${label}; live data may have some`
      : `No coin this market prices is tagged ${label} by its source yet`;
  return { rule, reason: { code: "untagged", text } };
}

export function buildMarketView(
  snapshot: MarketSnapshot,
  metas: readonly CoinMeta[],
  mode: "replay" | "live",
  providerName: string,
  /** the source's candle intervals per coin; absent, every interval */
  intervalsOf: (symbol: string) => readonly KlineInterval[] = () => klineIntervals,
): MarketView {
  const metaBySymbol = new Map(metas.map((meta) => [meta.symbol, meta]));
  const listed: ListedCoin[] = snapshot.tickers.map((ticker) => {
    const meta = metaBySymbol.get(ticker.symbol);
    const intervals = intervalsOf(ticker.symbol);
    return {
      ticker,
      meta,
      intervals: intervals.length > 0 ? intervals : ["1d"],
      coin: {
        coinCode: ticker.symbol.toLowerCase(),
        coinAbbr: ticker.symbol,
        coinName: meta?.name ?? ticker.symbol,
        coinImageUrl: meta?.imageUrl ?? coinImageUrl(ticker.symbol),
        lastPrice: ticker.lastPrice,
        change: round2(ticker.change24h),
        change1h: round2(ticker.change1h),
        change7d: round2(ticker.change7d),
        volume24h: ticker.quoteVolume24h,
        marketCap: meta?.circulatingSupply ? meta.circulatingSupply * ticker.lastPrice : null,
        rank: meta?.rank ?? null,
      },
    };
  });
  const hourly = listed.flatMap((l) => (l.intervals.includes("1h") ? [l.coin.coinAbbr] : []));
  const at = new Date(snapshot.at).toISOString();
  const date = at.slice(0, 10);
  const categories = Object.fromEntries(dashboardCategories.map((c) => [c, [] as Coin[]])) as Record<
    DashboardCategory,
    Coin[]
  >;
  categories.total = listed.map((l) => l.coin);
  categories.hot = listed
    .flatMap((l) => {
      const volume = usdVolume(l.ticker);
      return volume === null ? [] : [{ coin: l.coin, volume }];
    })
    .sort((a, b) => b.volume - a.volume)
    .slice(0, HOT_CATEGORY_SIZE)
    .map((entry) => entry.coin);
  categories.gainer = listed
    .flatMap((l) => {
      const change = l.ticker.change24h;
      return change !== null && change > 0 ? [{ coin: l.coin, change }] : [];
    })
    .sort((a, b) => b.change - a.change)
    .slice(0, GAINER_CATEGORY_SIZE)
    .map((entry) => entry.coin);
  const noPrices: CategoryEmptyReason = { code: "noPrices", text: "No coin has prices at this market time" };
  const categoryFacts = {
    total: { rule: RULES.total, reason: categories.total.length > 0 ? null : noPrices },
    hot: {
      rule: RULES.hot,
      reason:
        categories.hot.length > 0 ? null : { code: "noPrices", text: "No coin has a 24h volume at this market time" },
    },
    gainer: {
      rule: RULES.gainer,
      reason:
        categories.gainer.length > 0
          ? null
          : listed.length === 0
            ? noPrices
            : { code: "noneRose", text: "No coin rose over the last 24 hours" },
    },
  } as Record<DashboardCategory, CategoryFacts>;
  for (const tag of coinCategories) {
    if (tag === "stablecoin") continue;
    categories[tag] = listed.filter((l) => l.meta?.categories.includes(tag)).map((l) => l.coin);
    categoryFacts[tag] = tagFacts(tag, mode, categories[tag].length);
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
    categoryFacts,
    hourlyCoins: hourly.length === listed.length ? null : hourly,
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
  return {
    list: matching.slice(first, first + query.pageSize),
    total: matching.length,
    category: query.category,
    ...view.categoryFacts[query.category],
    source: view.source,
  };
}

/** getDashboardSupCategory's list: each category's count, rule and empty reason. */
export function categoryList(view: MarketView) {
  return dashboardCategories.map((category) => ({
    category,
    count: view.categories[category].length,
    ...view.categoryFacts[category],
  }));
}

/**
 * TOP100_Currency_Index: rising, falling and unchanged over every priced coin with a 24 h change, by the change as
 * it is shown (2 decimals), so a coin listed at "0.00%" is counted unchanged.
 */
export function risingFalling(view: MarketView) {
  const changes = view.listed.flatMap((l) =>
    l.coin.change === null ? [] : [{ symbol: l.coin.coinAbbr, change: l.coin.change }],
  );
  return {
    data: changes.map((c) => ({ symbol: c.symbol, changePercent24Hr: c.change })),
    rising: changes.filter((c) => c.change > 0).length,
    falling: changes.filter((c) => c.change < 0).length,
    unchanged: changes.filter((c) => c.change === 0).length,
    counted: changes.length,
    universe: view.listed.length,
  };
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
  const statsAsOf = meta ? new Date(meta.statsAsOf).toISOString() : null;
  return {
    coin,
    price: ticker.lastPrice,
    change1h: coin.change1h,
    change24h: coin.change,
    change7d: coin.change7d,
    volume24h: coin.volume24h,
    marketCap: coin.marketCap,
    rank: coin.rank,
    categories: meta ? [...meta.categories] : [],
    narrative: meta ? narrative(meta, statsAsOf?.slice(0, 10)) : null,
    aiScore: null,
    intervals: [...listed.intervals],
    hourlyCoins: view.hourlyCoins,
    statsAsOf,
    source: view.source,
  };
}

/** Only facts of the data: name, symbol, sector, and the rank with the date it was observed. */
function narrative(meta: CoinMeta, statsDate: string | undefined): string {
  const rank =
    meta.rank === null
      ? "without a market-cap rank in the data"
      : `rank ${meta.rank} by market cap${statsDate ? ` as of ${statsDate}` : ""}`;
  const sector = meta.sector ? `; sector: ${meta.sector}` : "";
  return `${meta.name} (${meta.symbol}), ${rank}${sector}`;
}
