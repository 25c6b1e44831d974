import { z } from "zod";
import type { CoinCategory } from "../../src/server/providers/market/market-provider.ts";

const sourceSchema = z.object({
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
  rank: number;
  pair: string | null;
  marketCapUsd: number | null;
  volume24hUsd: number | null;
  circulatingSupply: number | null;
  categories: CoinCategory[];
}

/**
 * Categories the project vouches for, by hand: coins that are memes or dollar stablecoins by their own
 * description. No source here says which coins are AI, RWA, DePIN, DeFAI or gaming, so those stay empty
 * rather than guessed.
 */
const CATEGORIES: Readonly<Record<string, CoinCategory[]>> = {
  DOGE: ["meme"],
  SHIB: ["meme"],
  PEPE: ["meme"],
  BONK: ["meme"],
  FLOKI: ["meme"],
  TRUMP: ["meme"],
  USDT: ["stablecoin"],
  USDC: ["stablecoin"],
  USDe: ["stablecoin"],
  DAI: ["stablecoin"],
  PYUSD: ["stablecoin"],
  USD1: ["stablecoin"],
  USDG: ["stablecoin"],
  RLUSD: ["stablecoin"],
  FDUSD: ["stablecoin"],
};

/**
 * The scraper lost the subscript of "$0.0₅8959"-style prices, leaving "$0.058959". For these two coins the
 * literal reading is off by 10^4: SHIB's $5.28B cap at $0.058959 would mean ~90 billion coins, against the
 * ~589 trillion in circulation; decoded ($0.000008959) it gives 589 trillion, and PEPE 420 trillion.
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

/**
 * The top-100 list of 2025-11-17 with its SHIFTED columns put right: `volume_24h` holds the market cap and
 * `circulating_supply` the 24h volume; the supply itself is absent, so it is estimated as cap / price and kept
 * to 3 significant digits (the cap is printed with 2-4). `pairs` names the coins that ship candles.
 */
export function readCoinUniverse(
  text: string,
  pairs: ReadonlySet<string>,
): { statsAsOf: string; coins: CoinRecord[]; missingRanks: number[] } {
  const source = sourceSchema.parse(JSON.parse(text));
  const coins = source.data.map((entry): CoinRecord => {
    const price = SUBSCRIPT_ZERO_PRICES.has(entry.symbol) ? decodeSubscriptZeros(entry.price) : parseUsd(entry.price);
    const marketCapUsd = parseUsd(entry.volume_24h);
    const pair = `${entry.symbol}USDT`;
    return {
      symbol: entry.symbol,
      name: entry.name,
      rank: entry.rank,
      pair: pairs.has(pair) ? pair : null,
      marketCapUsd,
      volume24hUsd: parseUsd(entry.circulating_supply),
      circulatingSupply: marketCapUsd !== null && price ? threeDigits(marketCapUsd / price) : null,
      categories: CATEGORIES[entry.symbol] ?? [],
    };
  });
  const symbols = new Set(coins.map((coin) => coin.symbol));
  if (symbols.size !== coins.length) throw new Error("the coin list repeats a symbol");
  for (const pair of pairs) {
    if (!coins.some((coin) => coin.pair === pair)) throw new Error(`${pair} has candles but is not in the coin list`);
  }
  const ranks = new Set(coins.map((coin) => coin.rank));
  const maxRank = Math.max(...ranks);
  const missingRanks = Array.from({ length: maxRank }, (_, i) => i + 1).filter((rank) => !ranks.has(rank));
  return { statsAsOf: source.fetched_at, coins: coins.sort((a, b) => a.rank - b.rank), missingRanks };
}
