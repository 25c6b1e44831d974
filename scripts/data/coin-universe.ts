import { z } from "zod";
import type { CoinCategory } from "../../src/server/providers/market/market-provider.ts";
import { parseRecords } from "./delimited.ts";

const top100Schema = z.object({
  fetched_at: z.iso.datetime(),
  data: z.array(
    z.object({
      rank: z.number().int().positive(),
      name: z.string().min(1),
      symbol: z.string().min(1),
      price: z.string(),
      volume_24h: z.string(),
      circulating_supply: z.string(),
    }),
  ),
});

/** A coin as data/market/coins.json stores it. */
export interface CoinRecord {
  symbol: string;
  name: string;
  /** market-cap rank in the top-100 list; null for coins outside it */
  rank: number | null;
  pair: string;
  /** the top-100 list's figures at statsAsOf; null for coins outside it */
  marketCapUsd: number | null;
  volume24hUsd: number | null;
  circulatingSupply: number | null;
  /** the universe's sector tag ("layer1", "defi", ...) */
  sector: string;
  categories: CoinCategory[];
}

/** The universe's sector tags that are dashboard categories as they stand. */
const SECTOR_CATEGORIES: Readonly<Record<string, CoinCategory>> = {
  meme: "meme",
  ai: "ai",
  gaming: "gaming",
  stablecoin: "stablecoin",
};

/**
 * Dashboard categories the sector tags do not name, set by hand from what each project says it is:
 * AI agents (Virtuals is a platform for launching AI agents; aixbt is one), real-world assets (Ondo tokenises
 * US Treasuries; PAX Gold is a claim on vaulted gold) and DePIN (decentralised storage, GPU and video networks).
 * No coin of the universe is a DeFAI project, so that category stays empty and says so.
 */
export const EXTRA_CATEGORIES: Readonly<Record<string, readonly CoinCategory[]>> = {
  VIRTUAL: ["ai_agent"],
  AIXBT: ["ai_agent"],
  ONDO: ["rwa"],
  PAXG: ["rwa"],
  FIL: ["depin"],
  AR: ["depin"],
  RENDER: ["depin"],
  IO: ["depin"],
  THETA: ["depin"],
  LPT: ["depin"],
};

/**
 * The scraper lost the subscript of "$0.0₅8959"-style prices, leaving "$0.058959". For these two coins the
 * literal reading is off by 10^4 (SHIB's $5.28B cap at $0.058959 would mean ~90 billion coins, not ~589 trillion).
 */
const SUBSCRIPT_ZERO_PRICES = new Set(["SHIB", "PEPE"]);

const SCALE: Readonly<Record<string, number>> = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** "$1.9T", "$70,040,323,127", "$0.9993" -> number; "N/A" -> null. */
export function parseUsd(text: string): number | null {
  if (text.trim() === "N/A") return null;
  const match = /^\$([\d,]+(?:\.\d+)?)([KMBT]?)$/.exec(text.trim());
  const scale = SCALE[match?.[2] ?? ""];
  if (!match?.[1] || scale === undefined) throw new Error(`not a dollar amount: ${text}`);
  const amount = Number(match[1].replaceAll(",", ""));
  // "$1.9T" is whole dollars; multiplying the binary 1.9 would leave a fraction behind
  return scale === 1 ? amount : Math.round(amount * scale);
}

/** "0.0₅8959" written without its subscript as "0.058959": the digit after "0.0" counts further zeros. */
export function decodeSubscriptZeros(text: string): number {
  const match = /^\$0\.0(\d)(\d+)$/.exec(text.trim());
  if (!match?.[1] || !match[2]) throw new Error(`not a subscript-zero price: ${text}`);
  return Number(`0.${"0".repeat(Number(match[1]))}${match[2]}`);
}

const threeDigits = (value: number) => Number(value.toPrecision(3));

interface TopEntry {
  rank: number;
  marketCapUsd: number | null;
  volume24hUsd: number | null;
  circulatingSupply: number | null;
}

/**
 * The top-100 list of 2025-11-17 with its SHIFTED columns put right: `volume_24h` holds the market cap and
 * `circulating_supply` the 24h volume; the supply itself is absent, so it is estimated as cap / price and kept
 * to 3 significant digits (the cap is printed with 2-4).
 */
export function readTop100(text: string): { statsAsOf: string; bySymbol: Map<string, TopEntry> } {
  const source = top100Schema.parse(JSON.parse(text));
  const bySymbol = new Map<string, TopEntry>();
  for (const entry of source.data) {
    const price = SUBSCRIPT_ZERO_PRICES.has(entry.symbol) ? decodeSubscriptZeros(entry.price) : parseUsd(entry.price);
    const marketCapUsd = parseUsd(entry.volume_24h);
    if (bySymbol.has(entry.symbol)) throw new Error(`the top-100 list repeats ${entry.symbol}`);
    bySymbol.set(entry.symbol, {
      rank: entry.rank,
      marketCapUsd,
      volume24hUsd: parseUsd(entry.circulating_supply),
      circulatingSupply: marketCapUsd !== null && price ? threeDigits(marketCapUsd / price) : null,
    });
  }
  return { statsAsOf: source.fetched_at, bySymbol };
}

/**
 * The universe's coins.csv (symbol,name,rank,sector) joined with the top-100 list's figures. Ranked coins come
 * first in rank order, then the others by `order` (their average USDT volume over the data, highest first).
 * A rank in coins.csv must agree with the top-100 list.
 */
export function readCoinUniverse(
  coinsCsv: string,
  top100: ReturnType<typeof readTop100>,
  order: ReadonlyMap<string, number>,
): CoinRecord[] {
  const records = parseRecords(coinsCsv, ["symbol", "name", "rank", "sector"]);
  const coins = records.map((r): CoinRecord => {
    const top = top100.bySymbol.get(r.symbol);
    const rank = r.rank === "" ? null : Number(r.rank);
    if (rank !== null && top?.rank !== rank) throw new Error(`${r.symbol}: rank ${rank} is not the top-100 list's`);
    const categories = [...(r.sector in SECTOR_CATEGORIES ? [SECTOR_CATEGORIES[r.sector] as CoinCategory] : [])];
    for (const extra of EXTRA_CATEGORIES[r.symbol] ?? []) if (!categories.includes(extra)) categories.push(extra);
    return {
      symbol: r.symbol,
      name: r.name,
      rank,
      pair: `${r.symbol}USDT`,
      marketCapUsd: top?.marketCapUsd ?? null,
      volume24hUsd: top?.volume24hUsd ?? null,
      circulatingSupply: top?.circulatingSupply ?? null,
      sector: r.sector,
      categories,
    };
  });
  if (new Set(coins.map((coin) => coin.symbol)).size !== coins.length) throw new Error("coins.csv repeats a symbol");
  for (const symbol of Object.keys(EXTRA_CATEGORIES)) {
    if (!coins.some((coin) => coin.symbol === symbol)) throw new Error(`${symbol} is tagged but not in the universe`);
  }
  const weight = (coin: CoinRecord) => order.get(coin.symbol) ?? 0;
  return coins.sort((a, b) =>
    a.rank !== null && b.rank !== null
      ? a.rank - b.rank
      : a.rank !== null
        ? -1
        : b.rank !== null
          ? 1
          : weight(b) - weight(a),
  );
}
