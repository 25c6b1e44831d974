import { z } from "zod";
import { createUpstream, UpstreamError } from "../upstream/upstream.ts";
import type { UpstreamTuning } from "./binance.ts";

/**
 * The public Crypto Fear & Greed Index in alternative.me's format (GET <url>?limit=N&format=json):
 *
 *   {"name":"Fear and Greed Index","data":[{"value":"40","value_classification":"Fear","timestamp":"1551157200",
 *     "time_until_update":"68499"}],"metadata":{"error":null}}
 *
 * One value a day; timestamps are seconds since the epoch (the start of the UTC day the value is for).
 */

export interface FearGreedReading {
  /** 0..100 */
  value: number;
  /** the source's own band: "Extreme Fear", "Fear", "Neutral", "Greed", "Extreme Greed" */
  classification: string;
  /** ms */
  timestamp: number;
}

export interface FearGreedIndex {
  /** how the UI names the source: "Fear and Greed Index (api.alternative.me)" */
  readonly name: string;
  /** the last `limit` daily values, newest first */
  days(limit: number): Promise<FearGreedReading[]>;
}

const integer = z
  .union([z.string().regex(/^\d+$/), z.number().int()])
  .transform(Number)
  .pipe(z.number().int().nonnegative());

const documentSchema = z.object({
  name: z.string().optional(),
  data: z.array(
    z.object({
      value: integer.pipe(z.number().max(100)),
      value_classification: z.string(),
      timestamp: integer,
    }),
  ),
  metadata: z.object({ error: z.string().nullable() }).optional(),
});

export interface FearGreedIndexOptions {
  /** the index's address, e.g. https://api.alternative.me/fng/ */
  url: string;
  timeoutMs?: number;
  upstream?: UpstreamTuning;
}

export function createFearGreedIndex(options: FearGreedIndexOptions): FearGreedIndex {
  const url = new URL(options.url);
  // the upstream resolves paths against a base ending in "/": keep the configured address exactly
  const slash = url.pathname.lastIndexOf("/");
  const base = `${url.origin}${url.pathname.slice(0, slash + 1)}`;
  const path = url.pathname.slice(slash + 1);
  const name = `Fear and Greed Index (${url.host})`;
  const upstream = createUpstream({
    timeoutMs: options.timeoutMs ?? 5_000,
    retries: 1,
    ...options.upstream,
    name: "fear-greed",
    baseUrl: base,
  });
  return {
    name,
    async days(limit) {
      const document = await upstream.json(path, documentSchema, { limit, format: "json" });
      if (document.metadata?.error) {
        throw new UpstreamError("fear-greed", "malformed", `reported an error: ${document.metadata.error}`);
      }
      return document.data
        .map((day) => ({ value: day.value, classification: day.value_classification, timestamp: day.timestamp * 1000 }))
        .sort((a, b) => b.timestamp - a.timestamp)
        .slice(0, limit);
    },
  };
}
