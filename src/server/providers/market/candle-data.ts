import type { CandleData } from "../../../contract/market.ts";
import type { Candle } from "./market-provider.ts";

/** A provider's candle as the API sends it (time = open time; the quote volume stays on the server). */
export const candleData = (c: Candle): CandleData => ({
  time: c.openTime,
  open: c.open,
  high: c.high,
  low: c.low,
  close: c.close,
  volume: c.volume,
});
