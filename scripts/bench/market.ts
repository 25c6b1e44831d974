// The market's throughput beside a bare JSON route on the same HTTP stack: getCoinList at pageSize 100 (its two pages
// over the 120-coin universe) and dashboard/token/info over every coin of the universe, one coin after another.
// npm run bench runs it with the rest; `npm run bench:market` (node --import tsx scripts/bench/market.ts) runs only
// this part against its own bench server.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

/** each market route must keep at least half the bare route's throughput */
export const MARKET_RATIO_BUDGET = 0.5;
const DEVICE = { "x-device-no": "benchdevice0001" };

interface Run {
  rps: number;
  p50: number;
  errors: number;
}

export interface MarketThroughput {
  rounds: number;
  seconds: number;
  coins: number;
  bare: Run;
  /** a bare route sending the coin list's own bytes (pages 1 and 2) */
  bareList: Run;
  /** a static API answer (llm/model/list) through the same middleware: the floor of the API stack */
  staticApi: Run & { ratio: number };
  /** ratio: to the bare route; sameBytesRatio: to the bare route sending the same bytes */
  coinList: Run & { ratio: number; sameBytesRatio: number };
  tokenInfo: Run & { ratio: number };
}

/** The symbols of the shipped universe, in display order. */
function universe(): string[] {
  const file = fileURLToPath(new URL("../../data/market/coins.json", import.meta.url));
  const parsed = JSON.parse(readFileSync(file, "utf8")) as { coins: { symbol: string }[] };
  return parsed.coins.map((coin) => coin.symbol);
}

async function throughput(url: string, seconds: number, paths?: readonly string[]): Promise<Run> {
  const result = await autocannon({
    url,
    connections: 32,
    duration: seconds,
    headers: DEVICE,
    // each connection walks the paths in turn, so every coin is asked for
    ...(paths ? { requests: paths.map((path) => ({ method: "GET" as const, path })) } : {}),
  });
  return { rps: result.requests.average, p50: result.latency.p50, errors: result.errors + result.non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Alternates the bare route and the two market reads over several short rounds and takes medians (drift on a
 * shared machine weighs on all alike); the ratio is the median of each round's ratio.
 */
export async function marketThroughput(
  urls: { product: string; bare: string },
  { rounds = 5, seconds = 3 }: { rounds?: number; seconds?: number } = {},
): Promise<MarketThroughput> {
  const symbols = universe();
  const listPaths = ["/v2/api/getCoinList?pageSize=100&page=1", "/v2/api/getCoinList?pageSize=100&page=2"];
  const infoPaths = symbols.map((symbol) => `/v2/api/dashboard/token/info?coinAbbr=${symbol}`);
  // warm up: the JIT, and the coin list's answers serialised once per snapshot
  await autocannon({ url: `${urls.bare}/bare`, connections: 8, duration: 1 });
  await autocannon({
    url: urls.product,
    connections: 8,
    duration: 1,
    headers: DEVICE,
    requests: [...listPaths, ...infoPaths].map((path) => ({ method: "GET" as const, path })),
  });
  const bareRuns: Run[] = [];
  const bareListRuns: Run[] = [];
  const staticRuns: Run[] = [];
  const listRuns: Run[] = [];
  const infoRuns: Run[] = [];
  for (let round = 0; round < rounds; round++) {
    bareRuns.push(await throughput(`${urls.bare}/bare`, seconds));
    bareListRuns.push(await throughput(urls.bare, seconds, ["/bare/list/1", "/bare/list/2"]));
    staticRuns.push(await throughput(`${urls.product}/v2/api/llm/model/list`, seconds));
    listRuns.push(await throughput(urls.product, seconds, listPaths));
    infoRuns.push(await throughput(urls.product, seconds, infoPaths));
  }
  const summarize = (runs: Run[]): Run => ({
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  });
  const ratio = (runs: Run[], to: Run[] = bareRuns) =>
    median(runs.map((run, i) => run.rps / (to[i]?.rps ?? Number.NaN)));
  return {
    rounds,
    seconds,
    coins: symbols.length,
    bare: summarize(bareRuns),
    bareList: summarize(bareListRuns),
    staticApi: { ...summarize(staticRuns), ratio: ratio(staticRuns) },
    coinList: { ...summarize(listRuns), ratio: ratio(listRuns), sameBytesRatio: ratio(listRuns, bareListRuns) },
    tokenInfo: { ...summarize(infoRuns), ratio: ratio(infoRuns) },
  };
}

type Row = (name: string, value: string, budget: string, ok: boolean) => void;

/** Prints the figures, each market route's ratio to the bare route, and the budget beside them. */
export function printMarketThroughput(m: MarketThroughput, row: Row): void {
  console.log(
    `\nmarket throughput: medians of ${m.rounds} alternating rounds of ${m.seconds} s, 32 connections, over the ${m.coins}-coin universe (the machine is shared: read the ratios)`,
  );
  row("bare JSON route", `${m.bare.rps.toFixed(0)} req/s`, "reference", m.bare.errors === 0);
  row(
    "  static API answer (llm/model/list), ratio",
    `${m.staticApi.rps.toFixed(0)} / ${m.staticApi.ratio.toFixed(2)}`,
    "reference",
    m.staticApi.errors === 0,
  );
  const budget = `>= ${MARKET_RATIO_BUDGET}`;
  row("GET getCoinList?pageSize=100 (pages 1, 2)", `${m.coinList.rps.toFixed(0)} req/s`, "", m.coinList.errors === 0);
  row(
    "  ratio to bare route",
    m.coinList.ratio.toFixed(2),
    budget,
    m.coinList.ratio >= MARKET_RATIO_BUDGET && m.coinList.errors === 0,
  );
  row(
    `  bare route sending the list's bytes`,
    `${m.bareList.rps.toFixed(0)} req/s`,
    "reference",
    m.bareList.errors === 0,
  );
  row(
    "  ratio to it (the stack's cost, the bytes' cost left out)",
    m.coinList.sameBytesRatio.toFixed(2),
    budget,
    m.coinList.sameBytesRatio >= MARKET_RATIO_BUDGET && m.coinList.errors === 0,
  );
  row(
    `GET dashboard/token/info (all ${m.coins} coins)`,
    `${m.tokenInfo.rps.toFixed(0)} req/s`,
    "",
    m.tokenInfo.errors === 0,
  );
  row(
    "  ratio to bare route",
    m.tokenInfo.ratio.toFixed(2),
    budget,
    m.tokenInfo.ratio >= MARKET_RATIO_BUDGET && m.tokenInfo.errors === 0,
  );
  row(
    "  median latency (bare / static / list / info)",
    `${m.bare.p50} / ${m.staticApi.p50} / ${m.coinList.p50} / ${m.tokenInfo.p50} ms`,
    "",
    true,
  );
  if (m.coinList.errors + m.tokenInfo.errors > 0) {
    console.log(`  errors: coin list ${m.coinList.errors}, token info ${m.tokenInfo.errors}`);
  }
}

function printRow(name: string, value: string, budget: string, ok: boolean) {
  console.log(`${name.padEnd(46)} ${value.padStart(14)}   budget ${budget.padEnd(12)} ${ok ? "ok" : "OVER"}`);
}

// Run alone: start the bench server (scripts/bench/serve.ts), measure, stop it.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const seconds = Number(process.argv.find((arg) => arg.startsWith("--seconds="))?.split("=")[1] ?? 3);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/serve.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const firstLine = await new Promise<string>((resolve) => {
      createInterface({ input: child.stdout }).once("line", resolve);
    });
    const urls = JSON.parse(firstLine) as { product: string; bare: string };
    printMarketThroughput(await marketThroughput(urls, { seconds }), printRow);
  } finally {
    child.kill("SIGTERM");
  }
}
