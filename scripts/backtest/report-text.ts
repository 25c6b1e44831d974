import type { BacktestReport } from "../../src/server/features/predict/engine/index.ts";

/** The human-readable summary the command prints: the model beside "no change", and a plain verdict. */

function fixed(value: number | null | undefined, digits: number): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "-" : value.toFixed(digits);
}

function percent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "-" : `${(value * 100).toFixed(1)}%`;
}

/** A plain sentence on whether the model beats the naive forecast on this test. */
export function verdict(report: BacktestReport): string {
  const ratio = report.mae_ratio;
  if (report.non_naive_share === 0) {
    return 'At every origin the model kept the naive "no change" forecast: nothing beat it on the data it had seen.';
  }
  if (ratio < 1) {
    return `The model beats "no change": its mean absolute error is ${((1 - ratio) * 100).toFixed(1)}% lower.`;
  }
  if (ratio === 1) return 'The model does no better than "no change": equal mean absolute error.';
  return `The model does NOT beat "no change": its mean absolute error is ${((ratio - 1) * 100).toFixed(1)}% higher.`;
}

export function formatReport(report: BacktestReport): string {
  const { model, naive } = report;
  const ci =
    model.direction_ci95 === null
      ? ""
      : ` (95% CI ${percent(model.direction_ci95[0])}-${percent(model.direction_ci95[1])})`;
  const chosen = Object.entries(report.models_chosen)
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${name} ${count}`)
    .join(", ");
  const rows: [string, string, string][] = [
    ["", "model", "naive"],
    ["MAE", fixed(model.mae, 6), fixed(naive.mae, 6)],
    ["MAPE %", fixed(model.mape, 3), fixed(naive.mape, 3)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const column = Math.max(...rows.map(([, value]) => value.length), ...rows.map(([, , value]) => value.length));
  const table = rows
    .map(([label, a, b]) => `  ${label.padEnd(width)}  ${a.padStart(column)}  ${b.padStart(column)}`)
    .join("\n");
  return [
    `${report.symbol || "(series)"} ${report.interval}  origins ${report.origins} (${report.from} .. ${report.to}), ` +
      `horizon ${report.horizon}, step ${report.step}, ${report.model_version}`,
    table,
    `  MAE ratio (model / naive)  ${fixed(report.mae_ratio, 4)}`,
    `  direction accuracy         ${percent(model.direction_accuracy)} of ${model.direction_calls} calls${ci}`,
    `  80% band coverage          ${percent(model.coverage80)}`,
    `  similarity                 ${fixed(model.similarity, 2)}%`,
    `  models chosen              ${chosen || "-"}`,
    `  skipped origins            ${report.skipped_gaps} across a gap, ${report.skipped_short} with too little history`,
    verdict(report),
  ].join("\n");
}
