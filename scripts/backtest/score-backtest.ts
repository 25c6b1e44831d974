// `npm run backtest -- --score [--json OUT]`: the AI score judged week by week over the shipped history (data/market
// daily candles, data/news headlines). At each Monday the universe is scored from what was known by then, and the
// scores are rank-correlated (Spearman) with the next 7 days' returns. The app shows the same figures: the service's
// validation calls the same function (src/server/features/score/score-validation.ts).
import { writeFile } from "node:fs/promises";
import { loadShippedScoreHistory } from "../../src/server/features/score/score-history.ts";
import { weeklyScoreValidation } from "../../src/server/features/score/score-validation.ts";

const USAGE = "usage: npm run backtest -- --score [--json OUT]";

/** The options this part reads; `--score` itself selects it. */
function parseArgs(argv: readonly string[]): { json: string | undefined } | string {
  let json: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--score") continue;
    if (arg === "--json") {
      json = argv[i + 1];
      if (!json || json.startsWith("--")) return "--json needs a file name";
      i += 1;
    } else if (arg?.startsWith("--json=")) {
      json = arg.slice("--json=".length);
      if (!json) return "--json needs a file name";
    } else {
      return `unknown argument: ${arg}`;
    }
  }
  return { json };
}

const fixed = (value: number | null, digits = 3) =>
  value === null ? "-" : `${value >= 0 ? " " : ""}${value.toFixed(digits)}`;

/** Runs the weekly validation, prints it, writes it as JSON when asked; resolves to the exit code. */
export async function runScoreBacktest(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === "string") {
    console.error(`${args}\n${USAGE}`);
    return 2;
  }
  const history = await loadShippedScoreHistory();
  const started = performance.now();
  const { weeks, validation } = weeklyScoreValidation(history);
  const elapsed = performance.now() - started;

  console.log("AI score: weekly Spearman rank correlation of the score with the next 7-day return");
  console.log(`${"week of".padEnd(12)} ${"coins".padStart(5)}  spearman`);
  for (const week of weeks)
    console.log(`${week.from.padEnd(12)} ${String(week.coins).padStart(5)}  ${fixed(week.spearman)}`);
  if (!validation) {
    console.error("no week could be judged: the history is too short");
    return 1;
  }
  console.log("");
  console.log(`mean Spearman     ${fixed(validation.meanSpearman)}`);
  console.log(`weeks             ${validation.weeks} (${validation.from} .. ${validation.to})`);
  console.log(`positive weeks    ${validation.positiveWeeks} of ${validation.weeks}`);
  console.log(
    `time per week     ${(elapsed / Math.max(weeks.length, 1)).toFixed(1)} ms (scoring the universe, ranking returns)`,
  );
  if (args.json) {
    const report = { ...validation, byWeek: weeks };
    await writeFile(args.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written: ${args.json}`);
  }
  return 0;
}
