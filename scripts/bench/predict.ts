// getPredictInfo over the whole universe (issue budget: < 2 s cold for every coin, < 20 ms per coin warm): the first
// pass makes every forecast (the engine, the record from the shipped summaries, the forecast stored); the second
// is answered from the forecasts made.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const PREDICT_BUDGET = { coldMs: 2_000, warmPerCoinMs: 20 };
const DEVICE = { "x-device-no": "benchdevice0002" };

export interface PredictTimings {
  coins: number;
  /** answers that were forecasts (200) and refusals of a coin too new (422) */
  forecasts: number;
  tooNew: number;
  errors: number;
  coldMs: number;
  warmMedianMs: number;
  warmP95Ms: number;
}

function universe(): string[] {
  const file = fileURLToPath(new URL("../../data/market/coins.json", import.meta.url));
  return (JSON.parse(readFileSync(file, "utf8")) as { coins: { symbol: string }[] }).coins.map((c) => c.symbol);
}

export async function predictTimings(product: string): Promise<PredictTimings> {
  const symbols = universe();
  const ask = async (symbol: string) => {
    const started = performance.now();
    const response = await fetch(`${product}/v2/api/getPredictInfo?coinAbbr=${symbol}&interval=1d`, {
      headers: DEVICE,
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const coldStart = performance.now();
  const cold = [];
  for (const symbol of symbols) cold.push(await ask(symbol));
  const coldMs = performance.now() - coldStart;
  const warm = [];
  for (const symbol of symbols) warm.push(await ask(symbol));
  const sorted = warm.map((w) => w.ms).sort((a, b) => a - b);
  return {
    coins: symbols.length,
    forecasts: cold.filter((c) => c.status === 200).length,
    tooNew: cold.filter((c) => c.status === 422).length,
    errors: [...cold, ...warm].filter((c) => c.status !== 200 && c.status !== 422).length,
    coldMs,
    warmMedianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    warmP95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
  };
}

type Row = (name: string, value: string, budget: string, ok: boolean) => void;

export function printPredictTimings(p: PredictTimings, row: Row): void {
  console.log(`\nforecasts: getPredictInfo (daily) for each of the ${p.coins} coins, one after another, twice`);
  row(
    "cold pass, whole universe",
    `${p.coldMs.toFixed(0)} ms`,
    `< ${PREDICT_BUDGET.coldMs} ms`,
    p.coldMs < PREDICT_BUDGET.coldMs && p.errors === 0,
  );
  row(
    "warm, per coin (median / p95)",
    `${p.warmMedianMs.toFixed(1)} / ${p.warmP95Ms.toFixed(1)} ms`,
    `< ${PREDICT_BUDGET.warmPerCoinMs} ms`,
    p.warmMedianMs < PREDICT_BUDGET.warmPerCoinMs && p.errors === 0,
  );
  row("  forecasts / too new / errors", `${p.forecasts} / ${p.tooNew} / ${p.errors}`, "0 errors", p.errors === 0);
}
