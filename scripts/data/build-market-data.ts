/**
 * Derives data/market (the embedded replay's candles and coin list) from the shared data set.
 *   node --import tsx scripts/data/build-market-data.ts [--shared ../shared/data]
 * Spot only: market/futures holds perpetual-futures prices, which differ from spot and are never read here.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type CandleRow, findGaps, formatCandleCsv, mergeCandles } from "./candle-rows.ts";
import { readCoinUniverse } from "./coin-universe.ts";
import { readBinanceKlines, readCryptoDataDownloadDaily, readUtcOhlcv } from "./market-sources.ts";
import { fileEntry, formatJson, kib, updateProvenance, type WrittenFile, writeOutput } from "./output.ts";

const HOUR = 3_600_000;
const DAY = 86_400_000;
const SYMBOLS = ["BTC", "ETH", "BNB", "SOL", "XRP", "DOGE", "ADA", "TRX", "BCH"] as const;

/** Where each shared file came from (repository @ commit), as the shared README records it. */
const ORIGIN = {
  cdd: "mschindler779/CausCrypto @4e767698 (Unlicense), a CryptoDataDownload export of Binance spot",
  bian: "zhuxice-ctrl/bianV2 @5f0823d9 (Binance kline export, cut at 2026-04-01)",
  fishstick: "MikeBrants/friendly-fishstick @f7389f81 data/Binance_BTCUSDT_1h.csv",
  top100: "quanhua92/aipriceaction @1a05a21e",
} as const;

const root = fileURLToPath(new URL("../../", import.meta.url));
const { values } = parseArgs({ options: { shared: { type: "string", default: "../shared/data" } } });
const shared = path.resolve(values.shared);
const dailyDir = path.join(shared, "market", "daily");
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
  const cddFile = `Binance_${pair}_d.csv`;
  let rows = readCryptoDataDownloadDaily(await read(path.join(dailyDir, cddFile)), symbol, cddFile);
  const sources = [`market/daily/${cddFile} (${rows.length} rows; ${ORIGIN.cdd})`];
  // A second, complete export covers 2024-07-27..2026-03-31 for some pairs: it fills the days the
  // CryptoDataDownload file lacks and adds 2026-03-31, after agreeing on every shared day.
  const klineFile = files.find((file) => file.startsWith(`${pair}_1d_`));
  if (klineFile) {
    const other = readBinanceKlines(await read(path.join(dailyDir, klineFile)), DAY, klineFile);
    const merged = mergeCandles(rows, other, pair);
    rows = merged.rows;
    const added = merged.added.map((row) => day(row.t)).join(", ") || "none";
    sources.push(
      `market/daily/${klineFile} (${ORIGIN.bian}): equal on all ${merged.compared} shared days; filled ${added}`,
    );
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
    const merged = mergeCandles(rows, part, pair);
    if (merged.compared > 0) sources.push(`(${merged.compared} hours overlap and agree)`);
    rows = merged.rows;
    sources.push(`market/hourly/${name} (${part.length} rows; ${origin})`);
  }
  const file = await writeOutput(root, `data/market/hourly/${pair}.csv`, formatCandleCsv(rows));
  return { file, rows, step: HOUR, sources };
}

const dailyFiles = await readdir(dailyDir);
const hourlyFiles = await readdir(hourlyDir);
const reports: SeriesReport[] = [];
for (const symbol of SYMBOLS) {
  reports.push(await buildDaily(symbol, dailyFiles));
  const hourly = await buildHourly(symbol, hourlyFiles);
  if (hourly) reports.push(hourly);
}

const universe = readCoinUniverse(
  await read(path.join(shared, "market", "meta", "crypto_top_100.json")),
  new Set(SYMBOLS.map((symbol) => `${symbol}USDT`)),
);
const coinsFile = await writeOutput(
  root,
  "data/market/coins.json",
  `${formatJson({ statsAsOf: universe.statsAsOf, coins: universe.coins })}\n`,
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
const categorised = universe.coins.filter((coin) => coin.categories.length > 0);
entries.push(
  fileEntry(coinsFile, [
    `${universe.coins.length} coins, stats as of ${universe.statsAsOf}; ranks ${universe.missingRanks.join(", ")} are absent in the source`,
    `from market/meta/crypto_top_100.json (${ORIGIN.top100})`,
    `category tags: ${categorised.map((coin) => `${coin.symbol} ${coin.categories.join("/")}`).join(", ")}`,
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
console.log(`${coinsFile.file}: ${universe.coins.length} coins, ${kib(coinsFile.bytes)}`);
console.log(`data/market total: ${kib(total)}`);
