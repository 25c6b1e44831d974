import {
  type FearGreedClass,
  fearGreedBandsText,
  fearGreedClasses,
  fearGreedClassOf,
} from "../../../contract/fear-greed.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { FearGreedIndex, FearGreedReading } from "../../providers/market/fear-greed-index.ts";
import type { Candle } from "../../providers/market/market-provider.ts";

const DAY = 86_400_000;

/** A value's band: the contract's one definition, which the app's gauge draws. */
export const classify = fearGreedClassOf;

export interface FearGreedDay {
  value: number;
  value_classification: FearGreedClass;
  /** computed: the close of the day the value is computed at; public index: the time the source gives; ISO */
  timestamp: string;
}

/**
 * The fear-and-greed index of this deployment, computed from the market data only (no survey, no social data):
 *
 *   momentum   = BTC close / mean of BTC's last 30 daily closes − 1;  score = 50 + 500 × momentum  (±10 % → 100/0)
 *   volatility = stdev of BTC's daily log returns over 30 days / over 90 days;
 *                score = 50 − 100 × (ratio − 1)  (calmer than usual → greed, 1.5× as wild → 0)
 *   breadth    = share of priced coins whose daily close rose against the day before; score = 100 × share
 *   index      = round(0.4 × momentum + 0.3 × volatility + 0.3 × breadth), each score clamped to 0..100
 *
 * Bands: those of the contract (src/contract/fear-greed.ts).
 */
export const FEAR_GREED_METHOD =
  "Computed from the market data at each day's close (UTC): 40% BTC momentum (close vs its 30-day average, ±10% spans the scale), " +
  "30% BTC volatility (30-day vs 90-day stdev of daily log returns, calmer reads as greed), " +
  `30% breadth (share of priced coins closing up on the day). Bands: ${fearGreedBandsText()}.`;

export const FEAR_GREED_DAYS = 30;

const clamp = (value: number) => Math.min(100, Math.max(0, value));
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const stdev = (values: readonly number[]) => {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
};

/**
 * The index of the last `days` completed days, newest first. `btc` is BTC's completed daily candles (ascending,
 * at least ~120 for full 90-day volatility; fewer work with shorter windows); `universe` every priced coin's.
 */
export function fearGreedSeries(
  btc: readonly Candle[],
  universe: readonly (readonly Candle[])[],
  days = FEAR_GREED_DAYS,
): FearGreedDay[] {
  const closeAt = universe.map((candles) => new Map(candles.map((c) => [c.openTime, c.close])));
  // logReturns[k] is the return of day k against day k - 1 (index 0 has none)
  const logReturns = btc.map((c, k) => (k === 0 ? 0 : Math.log(c.close / (btc[k - 1] as Candle).close)));
  const out: FearGreedDay[] = [];
  for (let i = btc.length - 1; i >= 1 && out.length < days; i--) {
    const day = btc[i] as Candle;
    const closes = btc.slice(Math.max(0, i - 29), i + 1).map((c) => c.close);
    const momentum = day.close / mean(closes) - 1;
    const returns = (n: number) => logReturns.slice(Math.max(1, i - n + 1), i + 1);
    const vol90 = stdev(returns(90));
    const ratio = vol90 > 0 ? stdev(returns(30)) / vol90 : 1;
    let up = 0;
    let counted = 0;
    for (const closes of closeAt) {
      const today = closes.get(day.openTime);
      const before = closes.get(day.openTime - DAY);
      if (today === undefined || before === undefined) continue;
      counted += 1;
      if (today > before) up += 1;
    }
    const breadth = counted > 0 ? up / counted : 0.5;
    const value = Math.round(
      0.4 * clamp(50 + 500 * momentum) + 0.3 * clamp(50 - 100 * (ratio - 1)) + 0.3 * clamp(100 * breadth),
    );
    out.push({
      value,
      value_classification: classify(value),
      timestamp: new Date(day.openTime + DAY).toISOString(),
    });
  }
  return out;
}

/** How long the public index's values serve before it is asked again, and the wait after a failed ask. */
export const PUBLIC_FEAR_GREED_TTL_MS = 3_600_000;
export const PUBLIC_FEAR_GREED_RETRY_MS = 10 * 60_000;

const isFearGreedClass = (text: string): text is FearGreedClass =>
  (fearGreedClasses as readonly string[]).includes(text);

/** The public index's readings as the API's days, newest first: its own band when it is one of the five. */
export function publicFearGreedDays(readings: readonly FearGreedReading[], days = FEAR_GREED_DAYS): FearGreedDay[] {
  return readings.slice(0, days).map((reading) => {
    const value = Math.round(Math.min(100, Math.max(0, reading.value)));
    return {
      value,
      value_classification: isFearGreedClass(reading.classification) ? reading.classification : classify(value),
      timestamp: new Date(reading.timestamp).toISOString(),
    };
  });
}

export const publicFearGreedMethod = (name: string) =>
  `${name}: the public index's daily values (0-100) and bands as it publishes them, read at most once an hour.`;

/** The computed index standing in for a configured public one that has not answered yet. */
export const fallbackFearGreedMethod = (name: string) =>
  `${FEAR_GREED_METHOD} (The public ${name} has not answered yet: this is the computed index.)`;

export interface PublicFearGreed {
  /** the public index's last 30 days, or undefined before its first good answer */
  days(): Promise<FearGreedDay[] | undefined>;
  readonly method: string;
  readonly fallbackMethod: string;
}

/**
 * The public index behind a cache: asked at most once an hour (once per 10 minutes while it fails); the last good
 * answer serves while it fails, and while a later ask is in flight.
 */
export function createPublicFearGreed(deps: { index: FearGreedIndex; clock: Clock; logger: Logger }): PublicFearGreed {
  const { index, clock, logger } = deps;
  let last: FearGreedDay[] | undefined;
  let dueAt = 0;
  let failing = false;
  let asking: Promise<void> | undefined;

  const ask = () => {
    asking ??= index
      .days(FEAR_GREED_DAYS)
      .then((readings) => {
        if (readings.length === 0) throw new Error(`${index.name} sent no values`);
        last = publicFearGreedDays(readings);
        dueAt = clock.now().getTime() + PUBLIC_FEAR_GREED_TTL_MS;
        if (failing) logger.info("fear-and-greed index recovered");
        failing = false;
      })
      .catch((error: unknown) => {
        dueAt = clock.now().getTime() + PUBLIC_FEAR_GREED_RETRY_MS;
        if (!failing) {
          logger.warn(
            { err: error },
            last ? "fear-and-greed index not refreshed; serving its last values" : "fear-and-greed index unavailable",
          );
        }
        failing = true;
      })
      .finally(() => {
        asking = undefined;
      });
    return asking;
  };

  return {
    async days() {
      if (clock.now().getTime() >= dueAt) {
        const pending = ask();
        // before the first good answer the caller waits for it; afterwards the last values serve meanwhile
        if (!last) await pending;
      }
      return last;
    },
    method: publicFearGreedMethod(index.name),
    fallbackMethod: fallbackFearGreedMethod(index.name),
  };
}
