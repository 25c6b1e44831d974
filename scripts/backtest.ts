// npm run backtest -- --candles FILE --interval 1h|1d --from YYYY-MM-DD [--horizon N] [--step N] [--json OUT]
//   [--forecasts OUT.csv]
// The walk-forward backtest of the embedded forecaster against the naive "no change" forecast (docs/backtest.md).
// With --score the arguments go to the AI score's backtest instead.
import { readFileSync, writeFileSync } from "node:fs";
import { type BacktestRow, backtest } from "../src/server/features/predict/engine/index.ts";
import { parseBacktestArgs, USAGE, UsageError } from "./backtest/args.ts";
import { CandleFileError, parseCandles, symbolFromPath } from "./backtest/candles-csv.ts";
import { FORECASTS_HEADER, forecastLine } from "./backtest/forecasts-csv.ts";
import { formatReport } from "./backtest/report-text.ts";

/** The score backtest lives in its own module, loaded only when asked for. */
const SCORE_MODULE = "./backtest/score-backtest.ts";

interface ScoreModule {
  runScoreBacktest(argv: string[]): Promise<number>;
}

function runPriceBacktest(argv: readonly string[]): number {
  const args = parseBacktestArgs(argv);
  let text: string;
  try {
    text = readFileSync(args.candles, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read --candles ${args.candles}: ${error instanceof Error ? error.message : error}`);
  }
  const { bars } = parseCandles(text);
  const rows: string[] = [];
  const onRow = args.forecasts === undefined ? undefined : (row: BacktestRow) => rows.push(forecastLine(row));
  const report = backtest(
    bars,
    {
      interval: args.interval,
      from: args.from,
      horizon: args.horizon,
      step: args.step,
      symbol: symbolFromPath(args.candles),
    },
    undefined,
    onRow,
  );
  if (report.origins === 0) {
    process.stderr.write(
      `no origin to test: none from ${new Date(args.from).toISOString().slice(0, 10)} has its whole horizon of ` +
        `${args.horizon} ${args.interval} candles and enough contiguous history in ${args.candles} ` +
        `(skipped: ${report.skipped_gaps} across a gap, ${report.skipped_short} with too little history)\n`,
    );
    return 2;
  }
  if (args.json !== undefined) writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
  if (args.forecasts !== undefined) writeFileSync(args.forecasts, `${[FORECASTS_HEADER, ...rows].join("\n")}\n`);
  process.stdout.write(`${formatReport(report)}\n`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--score")) {
    const module = (await import(SCORE_MODULE)) as ScoreModule;
    return module.runScoreBacktest(argv);
  }
  try {
    return runPriceBacktest(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof CandleFileError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
