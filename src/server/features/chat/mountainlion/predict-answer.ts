import type { PredictOutput } from "../tools/tool-outputs.ts";
import { type AnswerLanguage, formatPercent, formatPrice, formatTime, table } from "./format.ts";

/**
 * A forecast as the Predict page shows it: the steps with their 80 % band, then the record that goes with it (the
 * walk-forward backtest on unseen data, the live record), the model and whether it beats "no change", a plain
 * caveat and the page's link. Every figure is the predict tool's.
 */

type L = AnswerLanguage;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const share = (value: number) => `${(value * 100).toFixed(1)}%`;
const interval95 = (ci: readonly [number, number] | null, language: L) =>
  ci
    ? language === "zh"
      ? `，95% 区间 ${share(ci[0])}–${share(ci[1])}`
      : `, 95% interval ${share(ci[0])}–${share(ci[1])}`
    : "";

/** Which steps a horizon shows: tomorrow on hourly steps, every 4 hours of the first 24; else every step (hourly: every 6th). */
function shownSteps(output: PredictOutput, horizon: "day" | "week" | undefined): PredictOutput["steps"] {
  const { steps, interval } = output;
  if (interval === "1d") return horizon === "day" ? steps.slice(0, 1) : steps;
  const every = horizon === "day" ? 4 : 6;
  const last = horizon === "day" ? 24 : steps.length;
  return steps.filter((s) => s.step <= last && s.step % every === 0);
}

export function predictBlock(output: PredictOutput, language: L, horizon?: "day" | "week"): string {
  const c = language === "zh";
  const step = output.interval === "1h" ? HOUR : DAY;
  const originClose = formatTime(new Date(Date.parse(output.origin.time) + step).toISOString());
  const name = output.name === output.symbol ? output.symbol : `${output.name} (${output.symbol})`;
  const lines: string[] = [];
  lines.push(c ? `**${name} · 价格预测**` : `**${name} · price forecast**`);
  if (output.unavailableInterval) {
    lines.push(
      c
        ? `${output.symbol} 没有${output.unavailableInterval === "1h" ? "小时" : "日"}线预测，以下是它的${output.interval === "1h" ? "小时" : "日"}线预测。`
        : `${output.symbol} has no ${output.unavailableInterval === "1h" ? "hourly" : "daily"} forecast; here is its ${output.interval === "1h" ? "hourly" : "daily"} one.`,
    );
  }
  const shown = shownSteps(output, horizon);
  const span =
    output.interval === "1h"
      ? c
        ? horizon === "day"
          ? "未来 24 小时（每 4 小时一行）"
          : `未来 ${output.steps.length} 小时（每 6 小时一行）`
        : horizon === "day"
          ? "the next 24 hours (every 4th hour)"
          : `the next ${output.steps.length} hours (every 6th hour)`
      : c
        ? horizon === "day"
          ? "明天（日线第 1 步）"
          : `未来 ${output.steps.length} 天`
        : horizon === "day"
          ? "tomorrow (daily step 1)"
          : `the next ${output.steps.length} days`;
  lines.push(
    c
      ? `${span}，起点是 ${originClose} 的收盘价 **${formatPrice(output.origin.close)} USDT**：`
      : `${span[0]?.toUpperCase()}${span.slice(1)}, from the close of ${originClose} at **${formatPrice(output.origin.close)} USDT**:`,
  );
  const header = c
    ? ["步", "时间（收盘）", "预测（USDT）", "80% 区间（USDT）", "相对起点"]
    : ["Step", "Close time", "Forecast (USDT)", "80% band (USDT)", "vs last close"];
  const rows = shown.map((s) => [
    String(s.step),
    formatTime(new Date(Date.parse(s.time) + step).toISOString()),
    formatPrice(s.forecast),
    `${formatPrice(s.lo80)} – ${formatPrice(s.hi80)}`,
    formatPercent(Math.round((s.forecast / output.origin.close - 1) * 10_000) / 100, language),
  ]);
  lines.push(table(header, rows));

  const b = output.backtest;
  const ratio = b.maeRatio.toFixed(2);
  const direction =
    b.directionAccuracy === null
      ? c
        ? "没有做出方向判断"
        : "it made no direction calls"
      : c
        ? `方向判断正确率 ${share(b.directionAccuracy)}（共 ${b.directionCalls} 次${interval95(b.directionCi95, language)}）`
        : `it called the direction right ${share(b.directionAccuracy)} of ${b.directionCalls} times${interval95(b.directionCi95, language)}`;
  lines.push(
    c
      ? `**历史记录**（滚动回测，模型没见过的数据，${b.origins} 个起点，${b.from.slice(0, 10)} 至 ${b.to.slice(0, 10)}，第 1–${b.horizon} 步）：平均误差是“不变”预测的 **${ratio} 倍**（低于 1 才算胜过“不变”）；${direction}；80% 区间覆盖了 ${share(b.coverage80)} 的实际收盘价。`
      : `**Record** (walk-forward backtest on data the model had not seen, ${b.origins} origins from ${b.from.slice(0, 10)} to ${b.to.slice(0, 10)}, steps 1–${b.horizon}): its average error was **${ratio}×** that of "no change" (below 1 beats it); ${direction}; the 80% band held ${share(b.coverage80)} of actual closes.`,
  );
  lines.push(
    output.model.beatsNaive
      ? c
        ? `模型：${output.model.name}（${output.model.version}），在验证中胜过“不变”预测。`
        : `Model: ${output.model.name} (${output.model.version}); it beat "no change" on its validation.`
      : c
        ? `模型：${output.model.name}（${output.model.version}）。没有模型在这个币上胜过“不变”预测，所以预测就是“不变”：最后的收盘价，加上常见波动的区间。`
        : `Model: ${output.model.name} (${output.model.version}). No model beat "no change" on this coin, so the forecast is "no change": the last close, with the band of its usual moves.`,
  );
  const live = output.live;
  // 24 hours, 90 days: whole days from two days up
  const inDays = live.windowMs >= 2 * DAY && live.windowMs % DAY === 0;
  const window = inDays ? `${live.windowMs / DAY}` : `${Math.round(live.windowMs / HOUR)}`;
  const unit = inDays ? (c ? "天" : "days") : c ? "小时" : "hours";
  lines.push(
    live.judged === 0
      ? c
        ? `实盘记录：最近 ${window} ${unit}内还没有被评判的预测。`
        : `Live record: no stored forecast has been judged in the last ${window} ${unit} yet.`
      : c
        ? `实盘记录（最近 ${window} ${unit}，做出时保存、到期后评判）：评判 ${live.judged} 次，方向正确率 ${live.winRate === null ? "无数据" : share(live.winRate)}（${live.calls} 次判断${interval95(live.winRateCi95, language)}），区间覆盖率 ${live.coverage80 === null ? "无数据" : share(live.coverage80)}。`
        : `Live record (last ${window} ${unit}, forecasts stored when made and judged when due): ${live.judged} judged, direction right ${live.winRate === null ? "n/a" : share(live.winRate)} of ${live.calls} calls${interval95(live.winRateCi95, language)}, band coverage ${live.coverage80 === null ? "n/a" : share(live.coverage80)}.`,
  );
  lines.push(
    c
      ? "这是统计估计，不是承诺：加密货币价格接近随机游走，大部分变动无法预测，区间比中间那条线更重要。这不是投资建议。"
      : "This is a statistical estimate, not a promise: crypto prices move close to a random walk, so most of the next move cannot be predicted and the band matters more than the line. It is not financial advice.",
  );
  lines.push(
    c
      ? `[在预测页面查看 ${output.symbol} 的预测](${output.page})`
      : `[Open the ${output.symbol} forecast on the Predict page](${output.page})`,
  );
  return lines.join("\n\n");
}
