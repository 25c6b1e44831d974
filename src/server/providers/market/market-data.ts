import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { parseCandleCsv } from "./candle-csv.ts";
import { type Candle, type CoinMeta, coinCategories, INTERVAL_MS } from "./market-provider.ts";

/** Where the build script writes the shipped market data (the project's data/market). */
export const SHIPPED_MARKET_DIR = fileURLToPath(new URL("../../../../data/market/", import.meta.url));

/** The real candles of one coin, ascending; `hourly` is empty for coins without hourly data. */
export interface SymbolSeries {
  symbol: string;
  pair: string;
  daily: Candle[];
  hourly: Candle[];
}

export interface MarketData {
  /** by base symbol ("BTC") */
  series: ReadonlyMap<string, SymbolSeries>;
  /** the whole universe: ranked coins in rank order, then the others by trading volume */
  coins: CoinMeta[];
}

const coinsFileSchema = z.object({
  statsAsOf: z.iso.datetime(),
  coins: z.array(
    z.object({
      symbol: z.string().min(1),
      name: z.string().min(1),
      rank: z.number().int().positive().nullable(),
      pair: z.string().regex(/^[A-Z0-9]+USDT$/),
      marketCapUsd: z.number().nonnegative().nullable(),
      volume24hUsd: z.number().nonnegative().nullable(),
      circulatingSupply: z.number().nonnegative().nullable(),
      sector: z.string().min(1),
      categories: z.array(z.enum(coinCategories)),
      imageUrl: z.null().default(null),
    }),
  ),
});

const readOptional = async (file: string): Promise<string | undefined> => {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return undefined;
    throw error;
  }
};

/**
 * Reads data/market once: coins.json names the universe and, through `pair`, which candle files exist
 * (daily required, hourly optional). Everything is held in memory afterwards; the files total a few MB.
 */
export async function loadMarketData(dir: string = SHIPPED_MARKET_DIR): Promise<MarketData> {
  const coinsFile = coinsFileSchema.parse(JSON.parse(await readFile(path.join(dir, "coins.json"), "utf8")));
  const statsAsOf = Date.parse(coinsFile.statsAsOf);
  // coins.json is in display order already (see scripts/data/build-market-data.ts)
  const coins: CoinMeta[] = coinsFile.coins.map((coin) => ({ ...coin, statsAsOf }));
  const series = await Promise.all(
    coinsFile.coins.map(async ({ symbol, pair }): Promise<SymbolSeries> => {
      const dailyFile = path.join(dir, "daily", `${pair}.csv`);
      const hourlyFile = path.join(dir, "hourly", `${pair}.csv`);
      const [dailyText, hourlyText] = await Promise.all([readFile(dailyFile, "utf8"), readOptional(hourlyFile)]);
      return {
        symbol,
        pair,
        daily: parseCandleCsv(dailyText, dailyFile),
        hourly: hourlyText === undefined ? [] : parseCandleCsv(hourlyText, hourlyFile),
      };
    }),
  );
  return { series: new Map(series.map((s) => [s.symbol, s])), coins };
}

/** The span the data covers: used to place the default replay window. */
export function marketCoverage(data: MarketData): { first: number; hourlyEnd: number; end: number } {
  let first = Number.POSITIVE_INFINITY;
  let hourlyEnd = Number.NEGATIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const { daily, hourly } of data.series.values()) {
    const firstDaily = daily[0];
    const lastDaily = daily.at(-1);
    const lastHourly = hourly.at(-1);
    if (firstDaily) first = Math.min(first, firstDaily.openTime);
    if (lastDaily) end = Math.max(end, lastDaily.openTime + INTERVAL_MS["1d"]);
    if (lastHourly) {
      hourlyEnd = Math.max(hourlyEnd, lastHourly.openTime + INTERVAL_MS["1h"]);
      end = Math.max(end, hourlyEnd);
    }
  }
  if (!Number.isFinite(first) || !Number.isFinite(end)) throw new Error("the market data holds no candles");
  return { first, hourlyEnd: Number.isFinite(hourlyEnd) ? hourlyEnd : end, end };
}
