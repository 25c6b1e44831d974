import type { Report, ReportLanguage, ReportRisk } from "../../../contract/report.ts";
import { amount, day, percent, ratio } from "./report-format.ts";

/**
 * The report's risks: sentences read off its own figures, each naming the figures and the threshold it rests on.
 * Nothing here is an opinion: a risk appears only when a figure crosses a stated line.
 */

/** Volatility this many times BTC's or more is flagged. */
export const VOLATILITY_VS_BTC = 1.5;
/** A fall from a close to a later one of this many percent or more within 90 days is flagged. */
export const DEEP_DRAWDOWN_PERCENT = -30;
/** 24 h volume under this many USDT is flagged as thin trading. */
export const LOW_VOLUME_USDT = 5_000_000;
/** A correlation with BTC of this or more is flagged. */
export const HIGH_CORRELATION = 0.8;
/** Fewer daily closes than the 90-day window needs. */
const FULL_HISTORY_CLOSES = 91;

type Figures = Pick<Report, "coinAbbr" | "overview" | "volatility" | "correlation" | "forecast">;

const sentences = {
  highVolatility: (l: ReportLanguage, abbr: string, coin: string, btc: string, times: string) =>
    l === "cn"
      ? `${abbr} 的 30 日年化波动率为 ${coin}，是 BTC（${btc}）的 ${times} 倍：价格起落比 BTC 大得多。`
      : `${abbr}'s 30-day annualised volatility is ${coin}, ${times}× BTC's ${btc}: its price swings far more than BTC's.`,
  deepDrawdown: (l: ReportLanguage, abbr: string, fall: string, from: string, to: string) =>
    l === "cn"
      ? `${abbr} 在过去 90 天内从 ${from} 的收盘价下跌了 ${fall}（至 ${to}）。`
      : `${abbr} fell ${fall} from its close of ${from} to ${to} within the last 90 days.`,
  lowVolume: (l: ReportLanguage, abbr: string, volume: string, line: string) =>
    l === "cn"
      ? `${abbr} 的 24 小时成交额为 ${volume} USDT，低于 ${line} USDT：交易清淡，大额买卖可能明显推动价格。`
      : `${abbr}'s 24 h trading volume is ${volume} USDT, under ${line} USDT: thin trading, so large orders can move the price.`,
  highBtcCorrelation: (l: ReportLanguage, abbr: string, value: string) =>
    l === "cn"
      ? `${abbr} 与 BTC 的 90 日日收益相关系数为 ${value}：BTC 下跌时它通常也跟着下跌，持有两者分散不了多少风险。`
      : `${abbr}'s daily returns correlate ${value} with BTC's over 90 days: when BTC falls it has usually fallen too, so holding both spreads little risk.`,
  modelNoEdge: (l: ReportLanguage, value: string) =>
    l === "cn"
      ? `预测模型在回测中没有跑赢"价格不变"的预测（误差比 ${value}，低于 1 才算跑赢）：不要依赖这份预测。`
      : `The forecast model did not beat the "no change" forecast in its backtest (error ratio ${value}; below 1 beats it): do not lean on the forecast.`,
  noForecast: (l: ReportLanguage, abbr: string) =>
    l === "cn"
      ? `${abbr} 的历史数据太短，无法给出经过检验的预测，因此本报告没有预测。`
      : `${abbr}'s history is too short for a tested forecast, so this report has none.`,
  shortHistory: (l: ReportLanguage, abbr: string, days: number) =>
    l === "cn"
      ? `数据中 ${abbr} 只有 ${days} 天的日收盘价：90 日的数字缺失或覆盖更短的时间。`
      : `The data holds only ${days} daily closes of ${abbr}: the 90-day figures are missing or cover less time.`,
  noneFlagged: (l: ReportLanguage) =>
    l === "cn"
      ? "以上数字没有越过本报告的任何风险线；加密货币价格仍可能大幅波动。"
      : "None of these figures crosses the report's risk lines; crypto prices can still move sharply.",
};

/** The risks of a report's figures, in its language; "noneFlagged" when no line is crossed. */
export function reportRisks(figures: Figures, language: ReportLanguage, dailyCloses: number): ReportRisk[] {
  const risks: ReportRisk[] = [];
  const abbr = figures.coinAbbr;
  const { volatility30d, btcVolatility30d, maxDrawdown90d, drawdownPeak, drawdownTrough } = figures.volatility;
  const coinVol = volatility30d.value;
  const btcVol = btcVolatility30d?.value ?? null;
  if (coinVol !== null && btcVol !== null && btcVol > 0 && coinVol >= VOLATILITY_VS_BTC * btcVol) {
    const text = sentences.highVolatility(language, abbr, percent(coinVol), percent(btcVol), ratio(coinVol / btcVol));
    risks.push({ code: "highVolatility", text });
  }
  const fall = maxDrawdown90d.value;
  if (fall !== null && fall <= DEEP_DRAWDOWN_PERCENT && drawdownPeak && drawdownTrough) {
    const text = sentences.deepDrawdown(
      language,
      abbr,
      percent(Math.abs(fall)),
      day(drawdownPeak.time),
      day(drawdownTrough.time),
    );
    risks.push({ code: "deepDrawdown", text });
  }
  const volume = figures.overview.volume24h.value;
  if (volume !== null && volume < LOW_VOLUME_USDT) {
    risks.push({
      code: "lowVolume",
      text: sentences.lowVolume(language, abbr, amount(volume), amount(LOW_VOLUME_USDT)),
    });
  }
  const correlation = figures.correlation.withBtc90d?.value ?? null;
  if (correlation !== null && correlation >= HIGH_CORRELATION) {
    risks.push({ code: "highBtcCorrelation", text: sentences.highBtcCorrelation(language, abbr, ratio(correlation)) });
  }
  const forecast = figures.forecast;
  if (!forecast.available) {
    risks.push({ code: "noForecast", text: sentences.noForecast(language, abbr) });
  } else if (!forecast.model.beatsNaive || forecast.backtest.maeRatio >= 1) {
    risks.push({ code: "modelNoEdge", text: sentences.modelNoEdge(language, ratio(forecast.backtest.maeRatio)) });
  }
  if (dailyCloses < FULL_HISTORY_CLOSES) {
    risks.push({ code: "shortHistory", text: sentences.shortHistory(language, abbr, dailyCloses) });
  }
  if (risks.length === 0) risks.push({ code: "noneFlagged", text: sentences.noneFlagged(language) });
  return risks;
}
