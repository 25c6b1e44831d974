import type { PredictInterval } from "../../../../contract/predict.ts";
import { formatDate } from "../../../shared/format/date-time.ts";

const HALF_DAY_MS = 12 * 3_600_000;

/**
 * The candle a forecast step or judgement is about, by its open time: the hour for hourly candles; for daily ones
 * the day, read at its noon UTC so that it is the same calendar day in every time zone.
 */
export function candleDateText(openTime: number, interval: PredictInterval, locale: string): string {
  if (interval === "1h") return formatDate(new Date(openTime), locale, { withTime: true });
  return formatDate(new Date(openTime + HALF_DAY_MS), locale);
}
