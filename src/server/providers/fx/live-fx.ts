import { z } from "zod";
import type { Clock } from "../clock.ts";
import { createUpstream, UpstreamError, type UpstreamOptions } from "../upstream/upstream.ts";
import { ECB_REFERENCE_RATE, type FiatCurrency, type FxProvider, type FxQuote, usdQuote } from "./fx-rates.ts";

/**
 * The live FX adapter: the ECB reference rates as the Frankfurter API republishes them (FX_URL, by default
 * https://api.frankfurter.dev/v1), one US dollar against the euro and the yuan:
 *
 *   GET <url>/latest?base=USD&symbols=EUR,CNY       the last published rates
 *   GET <url>/2026-03-28?base=USD&symbols=EUR,CNY   the rates of that day, or of the last business day before it
 *   → {"amount":1.0,"base":"USD","date":"2026-03-27","rates":{"CNY":6.9138,"EUR":0.86828}}
 *
 * As for the shipped rates (ecb-rates.ts), a day's rate is in force from its publication (15:00 UTC) on: the rate
 * in force at `at` is the one of the last business day on or before the day of `at − 15 h`, which is the day the
 * source is asked for. Answers are kept per such day: a past day's answer for good, today's once it carries
 * today's rate; until it does (the ECB publishes around 16:00 CET) it is asked again after `pendingTtlMs`.
 */

const PUBLISHED_AT_UTC_MS = 15 * 3_600_000;
const DAY_MS = 86_400_000;
/** days kept (a year of distinct days is far more than a market's clock visits) */
const CACHE_DAYS = 400;

const isoDay = (ms: number) => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

const documentSchema = z.object({
  amount: z.literal(1),
  base: z.literal("USD"),
  date: z.iso.date(),
  rates: z.object({ EUR: z.number().positive(), CNY: z.number().positive() }),
});
type RatesDocument = z.output<typeof documentSchema>;

export interface LiveFxOptions {
  /** the source's address: https://api.frankfurter.dev/v1 or another Frankfurter deployment */
  url: string;
  clock: Clock;
  /** each attempt gives up after this long (3 s): a price screen waits for it */
  timeoutMs?: number;
  upstream?: Partial<Omit<UpstreamOptions, "name" | "baseUrl">>;
  /** how long an answer for today that still holds an earlier day's rate is kept (1 h) */
  pendingTtlMs?: number;
}

export interface LiveFx extends FxProvider {
  readonly kind: "live";
  /** how the logs name the source: "fx api.frankfurter.dev" */
  readonly name: string;
}

interface Kept {
  document: RatesDocument;
  /** wall time after which it is asked again; Infinity when final */
  until: number;
}

export function openLiveFx(options: LiveFxOptions): LiveFx {
  const url = new URL(options.url);
  const name = `fx ${url.host}`;
  const upstream = createUpstream({
    timeoutMs: options.timeoutMs ?? 3_000,
    retries: 1,
    // one failed call (after its retry) opens the circuit: while the source is down, rates come from the fallback
    // at once instead of each screen waiting for a timeout; a trial call a minute later decides whether it is back
    breakerFailures: 1,
    halfOpenAfterMs: 60_000,
    ...options.upstream,
    name,
    baseUrl: url.href,
  });
  const pendingTtlMs = options.pendingTtlMs ?? 3_600_000;
  const kept = new Map<string, Kept>();
  const asking = new Map<string, Promise<RatesDocument | undefined>>();

  async function ask(day: string, today: string): Promise<RatesDocument | undefined> {
    const path = day >= today ? "latest" : day;
    let document: RatesDocument;
    try {
      document = await upstream.json(path, documentSchema, { base: "USD", symbols: "EUR,CNY" });
    } catch (error) {
      // a day the source holds no rates for (before the euro): no rate, not an outage
      if (error instanceof UpstreamError && error.status === 404) return undefined;
      throw error;
    }
    if (document.date > day) {
      throw new UpstreamError(name, "malformed", `answered the rate of ${document.date} for ${day}`);
    }
    const final = day < today || document.date === day;
    if (kept.size >= CACHE_DAYS) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    kept.set(day, { document, until: final ? Number.POSITIVE_INFINITY : options.clock.now().getTime() + pendingTtlMs });
    return document;
  }

  /** the rates in force on `day` (a lookup day, see above), from the cache or the source */
  function ratesOf(day: string): Promise<RatesDocument | undefined> {
    const now = options.clock.now().getTime();
    const hit = kept.get(day);
    if (hit && hit.until > now) return Promise.resolve(hit.document);
    let pending = asking.get(day);
    if (!pending) {
      pending = ask(day, isoDay(now)).finally(() => asking.delete(day));
      asking.set(day, pending);
    }
    return pending;
  }

  return {
    kind: "live",
    name,
    async rate(currency: FiatCurrency, at: number): Promise<FxQuote | undefined> {
      if (currency === "USD") return usdQuote(at);
      const document = await ratesOf(isoDay(at - PUBLISHED_AT_UTC_MS));
      if (!document) return undefined;
      return {
        currency,
        perUsd: document.rates[currency],
        date: document.date,
        source: ECB_REFERENCE_RATE,
        carriedForward: document.date < isoDay(at),
      };
    },
  };
}
