import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { RedisLink } from "./redis.ts";

export interface RateLimitDecision {
  allowed: boolean;
  remaining: number;
  retryAfterMs: number;
}

/** Counts requests per key in a fixed window; in process by default, in Redis across API nodes. */
export interface RateLimiter {
  consume(key: string): Promise<RateLimitDecision>;
}

export interface RateLimitOptions {
  points: number;
  windowSeconds: number;
  /** key prefix, so several limiters can share one Redis */
  prefix?: string;
}

/** One point taken from `limiter`; a refusal is a decision, any other failure is thrown. */
async function decide(limiter: RateLimiterAbstract, key: string): Promise<RateLimitDecision> {
  try {
    const res = await limiter.consume(key);
    return { allowed: true, remaining: res.remainingPoints, retryAfterMs: 0 };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return { allowed: false, remaining: 0, retryAfterMs: rejection.msBeforeNext };
    }
    throw rejection;
  }
}

/**
 * With Redis, the counts are shared by every node; while Redis is unreachable (or slow: each call is bounded
 * and a breaker stops trying), this node counts in process, so limits still apply and nobody waits on Redis.
 */
export function createRateLimiter(options: RateLimitOptions, redis?: RedisLink): RateLimiter {
  const base = { points: options.points, duration: options.windowSeconds, keyPrefix: options.prefix ?? "rl" };
  const memory = new RateLimiterMemory(base);
  const shared = redis
    ? new RateLimiterRedis({ ...base, storeClient: redis.client, rejectIfRedisNotReady: true })
    : undefined;
  return {
    async consume(key) {
      if (redis && shared) {
        try {
          return await redis.run(() => decide(shared, key));
        } catch {
          // unreachable or too slow: counted in process below
        }
        redis.fellBack("rate limits");
      }
      return decide(memory, key);
    },
  };
}
