import { z } from "zod";
import { createUpstream } from "../upstream/upstream.ts";
import type { UpstreamTuning } from "./binance.ts";
import type { CoinCategory } from "./market-provider.ts";

/**
 * CoinGecko's public API, read through the resilient upstream client: the top coins by market cap (names, ranks,
 * caps, volumes, supplies, logos) and the members of the sectors the product shows. The keyless public API allows
 * only a handful of calls a minute, a demo key about 30: callers cache what this returns (live-market.ts).
 */

/** The CoinGecko category behind each sector tag. */
export const COINGECKO_CATEGORY: Readonly<Record<CoinCategory, string>> = {
  meme: "meme-token",
  stablecoin: "stablecoins",
  ai_agent: "ai-agents",
  ai: "artificial-intelligence",
  rwa: "real-world-assets-rwa",
  depin: "depin",
  defai: "defai",
  gaming: "gaming",
};

const nullableNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? null);

/** the fields of /coins/markets the product uses; CoinGecko sends null where it has no figure */
const marketSchema = z.object({
  id: z.string().min(1),
  symbol: z.string().min(1),
  name: z.string(),
  image: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  market_cap: nullableNumber,
  market_cap_rank: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
  total_volume: nullableNumber,
  circulating_supply: nullableNumber,
  last_updated: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
});
const marketsSchema = z.array(marketSchema);

export interface CoinGeckoMarket {
  /** CoinGecko's coin id, e.g. "bitcoin" */
  id: string;
  /** as CoinGecko writes it, e.g. "btc", "usde" */
  symbol: string;
  name: string;
  /** null when CoinGecko has no logo (it then points at a "missing" placeholder) */
  imageUrl: string | null;
  marketCapUsd: number | null;
  rank: number | null;
  volume24hUsd: number | null;
  circulatingSupply: number | null;
  /** ms; null when CoinGecko did not say */
  lastUpdated: number | null;
}

export interface CoinGeckoClient {
  /** the first page of coins by market cap (GET /coins/markets, vs_currency=usd) */
  topCoins(count?: number): Promise<CoinGeckoMarket[]>;
  /** the ids of the coins CoinGecko lists in the sector's category (its largest 250) */
  categoryIds(category: CoinCategory): Promise<Set<string>>;
}

export interface CoinGeckoOptions {
  baseUrl: string;
  /** a demo key, sent as x-cg-demo-api-key */
  apiKey?: string | undefined;
  upstream?: UpstreamTuning;
}

const toMarket = (m: z.output<typeof marketSchema>): CoinGeckoMarket => {
  const updated = m.last_updated === null ? Number.NaN : Date.parse(m.last_updated);
  return {
    id: m.id,
    symbol: m.symbol,
    name: m.name,
    imageUrl: m.image && !/\/missing_\w+\.png/.test(m.image) ? m.image : null,
    marketCapUsd: m.market_cap,
    rank: m.market_cap_rank,
    volume24hUsd: m.total_volume,
    circulatingSupply: m.circulating_supply,
    lastUpdated: Number.isNaN(updated) ? null : updated,
  };
};

export function createCoinGecko(options: CoinGeckoOptions): CoinGeckoClient {
  const upstream = createUpstream({
    ...options.upstream,
    name: "coingecko",
    baseUrl: options.baseUrl,
    headers: options.apiKey ? { "x-cg-demo-api-key": options.apiKey } : {},
  });
  const markets = (extra: Record<string, string | number>) =>
    upstream.json("coins/markets", marketsSchema, {
      vs_currency: "usd",
      order: "market_cap_desc",
      page: 1,
      ...extra,
    });
  return {
    async topCoins(count = 100) {
      return (await markets({ per_page: count })).map(toMarket);
    },
    async categoryIds(category) {
      const members = await markets({ category: COINGECKO_CATEGORY[category], per_page: 250 });
      return new Set(members.map((m) => m.id));
    },
  };
}
