import { z } from "zod";
import { chunks } from "../../chunks.ts";
import type { Clock } from "../clock.ts";
import { createUpstream, type SearchParams, UpstreamError, type UpstreamOptions } from "../upstream/upstream.ts";
import type { Candle, Interval } from "./market-provider.ts";

/**
 * Binance's public spot REST API (no key), read through the resilient upstream client.
 *
 * Request weights (Binance's IP limit is 6,000 weight per minute; documented at
 * developers.binance.com, "Market Data endpoints"):
 *   GET /api/v3/ticker/price (all symbols)          4
 *   GET /api/v3/ticker/24hr?symbols=[...]           2 for 1-20 symbols, 40 for 21-100, 80 above
 *   GET /api/v3/ticker?windowSize=..&symbols=[...]  4 per symbol, capped at 200 above 50 symbols; at most 100 symbols
 *   GET /api/v3/klines                              2
 *
 * A 429 (too many requests) or 418 (the address is banned for ignoring 429s) makes this client stop asking until
 * the Retry-After Binance sent has passed: calls meanwhile fail at once as "rate-limited", without a request, so a
 * ban is never extended by our own retries.
 */

/** Upstream settings a caller may tune (tests: short timeouts, no retries). */
export type UpstreamTuning = Partial<Omit<UpstreamOptions, "name" | "baseUrl">>;

/** a decimal as Binance writes it: "66797.37000000" */
const decimal = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, "a decimal string")
  .transform(Number);

const priceSchema = z.array(z.object({ symbol: z.string(), price: decimal }));

/** The fields of a 24hr or rolling-window ticker (type MINI; FULL has these and more). */
const windowTickerSchema = z.object({
  symbol: z.string(),
  openPrice: decimal,
  highPrice: decimal,
  lowPrice: decimal,
  lastPrice: decimal,
  volume: decimal,
  quoteVolume: decimal,
  openTime: z.number().int(),
  closeTime: z.number().int(),
  /** trades in the window */
  count: z.number().int(),
});
const windowTickersSchema = z.array(windowTickerSchema);

/** [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, takerBase, takerQuote, ignore] */
const klinesSchema = z.array(
  z
    .tuple([
      z.number().int(),
      decimal,
      decimal,
      decimal,
      decimal,
      decimal,
      z.number().int(),
      decimal,
      z.number().int(),
      decimal,
      decimal,
      z.string(),
    ])
    .rest(z.unknown()),
);

const errorBodySchema = z.object({ code: z.number().int(), msg: z.string() });

export type BinanceWindowTicker = z.output<typeof windowTickerSchema>;
export type RollingWindow = "1h" | "7d";

export interface BinanceKlineQuery {
  /** inclusive bounds on openTime */
  startTime?: number;
  endTime?: number;
  limit: number;
}

export interface BinanceClient {
  /** every pair Binance lists (GET /api/v3/ticker/price, all symbols; weight 4) */
  pairs(): Promise<Set<string>>;
  /** the rolling 24-hour tickers of these pairs, in requests of at most 100 */
  tickers24h(pairs: readonly string[]): Promise<BinanceWindowTicker[]>;
  /** the rolling-window tickers of these pairs, in requests of at most 100 */
  rollingTickers(pairs: readonly string[], windowSize: RollingWindow): Promise<BinanceWindowTicker[]>;
  /** candles as Binance sends them, ascending; the one still open included when the range reaches it */
  klines(pair: string, interval: Interval, query: BinanceKlineQuery): Promise<Candle[]>;
}

/** An error Binance explained in its body: {"code":-1121,"msg":"Invalid symbol."} */
export class BinanceApiError extends UpstreamError {
  override name = "BinanceApiError";
  constructor(
    readonly code: number,
    readonly binanceMessage: string,
    cause: UpstreamError,
  ) {
    super("binance", cause.kind, `answered ${cause.status}: ${binanceMessage} (${code})`, cause.status, { cause });
  }
}

/** Binance's code for a symbol it does not list */
export const INVALID_SYMBOL = -1121;

export const isInvalidSymbol = (error: unknown) => error instanceof BinanceApiError && error.code === INVALID_SYMBOL;

/** Without a Retry-After, how long to stay away after a 429 and after a 418 (a ban lasts 2 minutes to 3 days). */
const PAUSE_AFTER_429_MS = 60_000;
const PAUSE_AFTER_418_MS = 5 * 60_000;
const MAX_SYMBOLS_PER_REQUEST = 100;

/** The HTTP response behind an UpstreamError of kind http or rate-limited, when there was one. */
function responseOf(error: UpstreamError): Response | undefined {
  const cause = error.cause;
  if (typeof cause === "object" && cause !== null && "response" in cause && cause.response instanceof Response) {
    return cause.response;
  }
  return undefined;
}

function retryAfterMs(response: Response | undefined, now: number): number | undefined {
  const header = response?.headers.get("retry-after");
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

async function errorBody(response: Response | undefined): Promise<z.output<typeof errorBodySchema> | undefined> {
  if (!response || response.bodyUsed) return undefined;
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(await response.text()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface BinanceOptions {
  baseUrl: string;
  clock: Clock;
  upstream?: UpstreamTuning;
  /** requests in flight at once (a service backfilling candles of 100 coins asks for 200 at once) */
  maxConcurrent?: number;
}

export function createBinance(options: BinanceOptions): BinanceClient {
  const { clock } = options;
  const upstream = createUpstream({ ...options.upstream, name: "binance", baseUrl: options.baseUrl });
  const now = () => clock.now().getTime();
  let paused: { until: number; status: number } | undefined;

  // a small semaphore: Binance counts weight per minute, and a burst of sockets helps nobody
  const maxConcurrent = Math.max(1, options.maxConcurrent ?? 8);
  let active = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (active >= maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
  };
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };

  async function explain(error: unknown): Promise<unknown> {
    if (!(error instanceof UpstreamError)) return error;
    const response = responseOf(error);
    // only an answer pauses (not the failure of a call made during a pause)
    if (response && (error.status === 429 || error.status === 418)) {
      const fallback = error.status === 418 ? PAUSE_AFTER_418_MS : PAUSE_AFTER_429_MS;
      paused = { until: now() + (retryAfterMs(response, now()) ?? fallback), status: error.status };
    }
    const body = await errorBody(response);
    return body ? new BinanceApiError(body.code, body.msg, error) : error;
  }

  async function get<S extends z.ZodType>(path: string, schema: S, params: SearchParams): Promise<z.output<S>> {
    await acquire();
    try {
      if (paused && now() < paused.until) {
        throw new UpstreamError(
          "binance",
          "rate-limited",
          `not asked until ${new Date(paused.until).toISOString()}: it answered ${paused.status}`,
          paused.status,
        );
      }
      return await upstream.json(path, schema, params);
    } catch (error) {
      throw await explain(error);
    } finally {
      release();
    }
  }

  const windowTickers = async (path: string, pairs: readonly string[], extra: SearchParams) => {
    const parts = await Promise.all(
      chunks(pairs, MAX_SYMBOLS_PER_REQUEST).map((part) =>
        get(path, windowTickersSchema, { ...extra, symbols: JSON.stringify(part), type: "MINI" }),
      ),
    );
    return parts.flat();
  };

  return {
    async pairs() {
      const prices = await get("api/v3/ticker/price", priceSchema, {});
      return new Set(prices.map((p) => p.symbol));
    },
    tickers24h: (pairs) => windowTickers("api/v3/ticker/24hr", pairs, {}),
    rollingTickers: (pairs, windowSize) => windowTickers("api/v3/ticker", pairs, { windowSize }),
    async klines(pair, interval, query) {
      const params: Record<string, string | number> = { symbol: pair, interval, limit: query.limit };
      if (query.startTime !== undefined) params.startTime = query.startTime;
      if (query.endTime !== undefined) params.endTime = query.endTime;
      const rows = await get("api/v3/klines", klinesSchema, params);
      return rows.map((row) => ({
        openTime: row[0],
        open: row[1],
        high: row[2],
        low: row[3],
        close: row[4],
        volume: row[5],
        quoteVolume: row[7],
      }));
    },
  };
}
