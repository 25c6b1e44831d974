/**
 * Derives data/market (the embedded replay's candles and coin list) from the shared data set: the 120-coin
 * universe's daily candles, and hourly candles where the data has them (BTC, ETH, BNB).
 *   node --import tsx scripts/data/build-market-data.ts [--shared ../shared/data]
 * Spot only: market/futures holds perpetual-futures prices, which differ from spot and are never read here.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type CandleRow, findGaps, formatCandleCsv, mergeCandles } from "./candle-rows.ts";
import { readCoinUniverse, readTop100 } from "./coin-universe.ts";
import { readBinanceKlines, readUniverseDaily, readUtcOhlcv } from "./market-sources.ts";
import { fileEntry, formatJson, kib, updateProvenance, type WrittenFile, writeOutput } from "./output.ts";

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The first day the replay ships: the universe starts there, and hourly candles before it are left out. */
const FIRST_DAY = Date.parse("2025-01-01T00:00:00Z");

/** Where each shared file came from (repository @ commit), as the shared README records it. */
const ORIGIN = {
  universe: "tttksj404/strategy-arena @0e0f09b7, Binance spot candles (see market/universe/PROVENANCE.md)",
  bian: "zhuxice-ctrl/bianV2 @5f0823d9 (Binance kline export, cut at 2026-04-01)",
  fishstick: "MikeBrants/friendly-fishstick @f7389f81 data/Binance_BTCUSDT_1h.csv",
  top100: "quanhua92/aipriceaction @1a05a21e",
} as const;

const root = fileURLToPath(new URL("../../", import.meta.url));
const { values } = parseArgs({ options: { shared: { type: "string", default: "../shared/data" } } });
const shared = path.resolve(values.shared);
const dailyDir = path.join(shared, "market", "daily");
const universeDir = path.join(shared, "market", "universe");
const hourlyDir = path.join(shared, "market", "hourly");

const iso = (ms: number) => new Date(ms).toISOString().replace(":00.000Z", "Z");
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const read = (file: string) => readFile(file, "utf8");

interface SeriesReport {
  file: WrittenFile;
  rows: CandleRow[];
  step: number;
  sources: string[];
}

const describeGaps = (rows: readonly CandleRow[], step: number) => {
  const gaps = findGaps(rows, step);
  if (gaps.length === 0) return "none";
  const unit = step === DAY ? day : iso;
  return gaps
    .map((gap) => {
      const [first, last] = [unit(gap.after + step), unit(gap.before - step)];
      return first === last ? first : `${first} .. ${last}`;
    })
    .join("; ");
};

async function buildDaily(symbol: string, files: readonly string[]): Promise<SeriesReport> {
  const pair = `${symbol}USDT`;
  const name = `market/universe/daily/${pair}.csv`;
  let rows = readUniverseDaily(await read(path.join(universeDir, "daily", `${pair}.csv`)), name);
  const sources = [`${name} (${rows.length} rows; ${ORIGIN.universe})`];
  // A second Binance export covers BTC, ETH and BNB: every shared day must agree
  const klineFile = files.find((file) => file.startsWith(`${pair}_1d_`));
  if (klineFile) {
    const other = readBinanceKlines(await read(path.join(dailyDir, klineFile)), DAY, klineFile);
    const merged = mergeCandles(
      rows,
      other.filter((row) => row.t >= FIRST_DAY),
      pair,
    );
    if (merged.added.length > 0) throw new Error(`${klineFile} has days the universe lacks`);
    rows = merged.rows;
    sources.push(`checked against market/daily/${klineFile} (${ORIGIN.bian}): equal on all ${merged.compared} days`);
  }
  const file = await writeOutput(root, `data/market/daily/${pair}.csv`, formatCandleCsv(rows));
  return { file, rows, step: DAY, sources };
}

async function buildHourly(symbol: string, files: readonly string[]): Promise<SeriesReport | undefined> {
  const pair = `${symbol}USDT`;
  const own = files.filter((file) => file.startsWith(`${pair}_1h_`)).sort();
  if (own.length === 0) return undefined;
  let rows: CandleRow[] = [];
  const sources: string[] = [];
  for (const name of own) {
    const text = await read(path.join(hourlyDir, name));
    // two layouts: full Binance klines (bianV2) and timestamp/OHLCV without quote volume (friendly-fishstick)
    const part = text.startsWith("open_time,") ? readBinanceKlines(text, HOUR, name) : readUtcOhlcv(text, name);
    const origin = text.startsWith("open_time,") ? ORIGIN.bian : `${ORIGIN.fishstick}; no quote volume`;
    const merged = mergeCandles(
      rows,
      part.filter((row) => row.t >= FIRST_DAY),
      pair,
    );
    if (merged.compared > 0) sources.push(`(${merged.compared} hours overlap and agree)`);
    rows = merged.rows;
    sources.push(`market/hourly/${name} (${part.length} rows, those from 2025-01-01 on kept; ${origin})`);
  }
  const file = await writeOutput(root, `data/market/hourly/${pair}.csv`, formatCandleCsv(rows));
  return { file, rows, step: HOUR, sources };
}

const dailyFiles = await readdir(dailyDir);
const hourlyFiles = await readdir(hourlyDir);
const coinsCsv = await read(path.join(universeDir, "coins.csv"));
const symbols = coinsCsv
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => line.split(",")[0] ?? "");
const reports: SeriesReport[] = [];
const averageQuoteVolume = new Map<string, number>();
for (const symbol of symbols) {
  const daily = await buildDaily(symbol, dailyFiles);
  reports.push(daily);
  const total = daily.rows.reduce((sum, row) => sum + Number(row.qv), 0);
  averageQuoteVolume.set(symbol, total / Math.max(1, daily.rows.length));
  const hourly = await buildHourly(symbol, hourlyFiles);
  if (hourly) reports.push(hourly);
}

const top100 = readTop100(await read(path.join(shared, "market", "meta", "crypto_top_100.json")));
const coins = readCoinUniverse(coinsCsv, top100, averageQuoteVolume);
const coinsFile = await writeOutput(
  root,
  "data/market/coins.json",
  `${formatJson({ statsAsOf: top100.statsAsOf, coins })}\n`,
);

const total = reports.reduce((sum, report) => sum + report.file.bytes, coinsFile.bytes);
const stamp = (step: number) => (step === DAY ? day : iso);
const entries = reports.map(({ file, rows, step, sources }) => {
  const first = rows[0];
  const last = rows.at(-1);
  const span = first && last ? `${stamp(step)(first.t)} .. ${stamp(step)(last.t)}` : "empty";
  const kind = step === DAY ? "daily" : "hourly";
  return fileEntry(file, [
    `${rows.length} ${kind} candles, open times ${span}; missing: ${describeGaps(rows, step)}`,
    ...sources.map((source) => `from ${source}`),
  ]);
});
const ranked = coins.filter((coin) => coin.rank !== null);
const byCategory = new Map<string, string[]>();
for (const coin of coins) {
  for (const category of coin.categories) byCategory.set(category, [...(byCategory.get(category) ?? []), coin.symbol]);
}
entries.push(
  fileEntry(coinsFile, [
    `${coins.length} coins from market/universe/coins.csv (names, ranks, sector tags; ${ORIGIN.universe})`,
    `${ranked.length} ranked with market cap, 24h volume and estimated supply as of ${top100.statsAsOf} from market/meta/crypto_top_100.json (${ORIGIN.top100}); the other ${coins.length - ranked.length} have no supply figure and follow by average USDT volume`,
    `categories: ${[...byCategory].map(([category, members]) => `${category} ${members.join(" ")}`).join("; ")}`,
  ]),
);
await updateProvenance(
  root,
  "market",
  [
    `Generated by \`scripts/data/build-market-data.ts\` from \`${path.relative(root, shared) || shared}\`; total ${kib(total)}.`,
    "Times are candle open times (UTC); a gap names its first and last missing candle.",
    "",
    entries.join("\n\n"),
  ].join("\n"),
);

for (const report of reports)
  console.log(`${report.file.file}: ${report.rows.length} candles, ${kib(report.file.bytes)}`);
console.log(`${coinsFile.file}: ${coins.length} coins, ${kib(coinsFile.bytes)}`);
console.log(`data/market total: ${kib(total)}`);
