import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleAll,
} from "cockatiel";
import ky, { HTTPError, type KyInstance, TimeoutError } from "ky";
import type { z } from "zod";

/**
 * A public HTTP service the server reads from (Binance, CoinGecko, an RSS feed, the fear-and-greed index), asked
 * through one resilient client:
 *
 * - timeout: each attempt is abandoned after `timeoutMs`;
 * - retries: GETs that time out, fail on the network, or answer 408/429/5xx are tried again up to `retries` times,
 *   waiting `backoffMs` × 2^(attempt − 1) with full jitter (capped at 30 s); a Retry-After header is obeyed up to
 *   `maxRetryAfterMs`, beyond which the call fails at once as rate-limited;
 * - circuit breaker: after `breakerFailures` calls in a row have failed (each call counting once, after its retries),
 *   the circuit opens and calls fail at once with kind "circuit-open" for `halfOpenAfterMs`; then one trial call
 *   decides whether it closes again.
 *
 * Every failure is an UpstreamError with a kind a caller can log or test. A payload that does not match the schema
 * is "malformed", never half-used. Calls whose answer the caller reads itself (a POST, an upload, a sign-in check)
 * go through callUpstream (upstream-call.ts): the same client, one attempt, its own timeout.
 */

export type UpstreamFailure =
  | "timeout"
  | "network"
  | "rate-limited"
  | "http"
  | "malformed"
  | "circuit-open"
  /** the caller gave up (callUpstream's signal) */
  | "aborted";

/** How the server names itself to the services it calls. */
export const USER_AGENT = "crypto-assistant/1.0";

export class UpstreamError extends Error {
  override name = "UpstreamError";
  constructor(
    readonly upstream: string,
    readonly kind: UpstreamFailure,
    /** what went wrong, without the service's name */
    readonly detail: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`${upstream}: ${detail}`, options);
  }
}

export interface UpstreamOptions {
  /** for errors and logs: "binance", "coingecko", "rss cointelegraph.com" */
  name: string;
  /** requests are resolved against it; a trailing slash is added when missing */
  baseUrl: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  maxRetryAfterMs?: number;
  breakerFailures?: number;
  halfOpenAfterMs?: number;
  headers?: Readonly<Record<string, string>>;
}

export const UPSTREAM_DEFAULTS = {
  timeoutMs: 8_000,
  retries: 2,
  backoffMs: 300,
  maxRetryAfterMs: 10_000,
  breakerFailures: 5,
  halfOpenAfterMs: 30_000,
} as const;

export type SearchParams = Readonly<Record<string, string | number | boolean>>;

export interface Upstream {
  readonly name: string;
  /** GET a JSON document and validate it */
  json<S extends z.ZodType>(path: string, schema: S, searchParams?: SearchParams): Promise<z.output<S>>;
  /** GET a text document (a feed) */
  text(path: string, searchParams?: SearchParams): Promise<string>;
  readonly circuit: "closed" | "open" | "half-open";
}

const RETRY_STATUS = [408, 429, 500, 502, 503, 504];

/** Retry-After in milliseconds (seconds or an HTTP date); 0 when absent or unreadable */
function retryAfterMs(response: Response): number {
  const header = response.headers.get("retry-after");
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? 0 : Math.max(0, date - Date.now());
}

function classify(name: string, error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (error instanceof BrokenCircuitError) {
    return new UpstreamError(name, "circuit-open", "circuit open after repeated failures", undefined, { cause: error });
  }
  if (error instanceof TimeoutError)
    return new UpstreamError(name, "timeout", "timed out", undefined, { cause: error });
  if (error instanceof HTTPError) {
    const status = error.response.status;
    // Binance answers 418 to an address it has banned for ignoring its 429s
    const limited = status === 429 || status === 418;
    return new UpstreamError(name, limited ? "rate-limited" : "http", `answered ${status}`, status, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new UpstreamError(name, "network", message, undefined, { cause: error });
}

export function createUpstream(options: UpstreamOptions): Upstream {
  const o = { ...UPSTREAM_DEFAULTS, ...options };
  const prefixUrl = o.baseUrl.endsWith("/") ? o.baseUrl : `${o.baseUrl}/`;
  const client: KyInstance = ky.create({
    prefixUrl,
    timeout: o.timeoutMs,
    headers: { "user-agent": USER_AGENT, ...o.headers },
    retry: {
      limit: o.retries,
      methods: ["get"],
      statusCodes: RETRY_STATUS,
      afterStatusCodes: [413, 429, 503],
      maxRetryAfter: o.maxRetryAfterMs,
      retryOnTimeout: true,
      delay: (attempt) => o.backoffMs * 2 ** (attempt - 1),
      backoffLimit: 30_000,
      jitter: true,
      // a service asking for a longer pause than we will wait is not asked again now (the breaker takes over)
      shouldRetry: ({ error }) =>
        error instanceof HTTPError && retryAfterMs(error.response) > o.maxRetryAfterMs ? false : undefined,
    },
  });
  const breaker: CircuitBreakerPolicy = circuitBreaker(handleAll, {
    halfOpenAfter: o.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(o.breakerFailures),
  });

  const get = async (path: string, searchParams: SearchParams | undefined, accept: string) => {
    try {
      return await breaker.execute(() =>
        client
          .get(path.replace(/^\//, ""), {
            searchParams: searchParams as Record<string, string> | undefined,
            headers: { accept },
          })
          .text(),
      );
    } catch (error) {
      throw classify(o.name, error);
    }
  };

  return {
    name: o.name,
    async json(path, schema, searchParams) {
      const body = await get(path, searchParams, "application/json");
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch (error) {
        throw new UpstreamError(o.name, "malformed", "answered with something other than JSON", undefined, {
          cause: error,
        });
      }
      const result = schema.safeParse(parsed);
      if (!result.success) {
        const where = result.error.issues[0]?.path.join(".") || "the document";
        throw new UpstreamError(o.name, "malformed", `unexpected payload at ${where}`, undefined, {
          cause: result.error,
        });
      }
      return result.data;
    },
    text: (path, searchParams) =>
      get(path, searchParams, "application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5"),
    get circuit() {
      if (breaker.state === CircuitState.Closed) return "closed";
      if (breaker.state === CircuitState.HalfOpen) return "half-open";
      return "open";
    },
  };
}
