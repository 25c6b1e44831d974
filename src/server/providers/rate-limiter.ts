import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

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

export function createRateLimiter(options: RateLimitOptions, redis?: Redis): RateLimiter {
  const base = { points: options.points, duration: options.windowSeconds, keyPrefix: options.prefix ?? "rl" };
  const memory = new RateLimiterMemory(base);
  // With Redis, the in-process limiter stands in while Redis is unreachable, so an outage never blocks users.
  const limiter = redis ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: memory }) : memory;
  return {
    async consume(key) {
      try {
        const res = await limiter.consume(key);
        return { allowed: true, remaining: res.remainingPoints, retryAfterMs: 0 };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, remaining: 0, retryAfterMs: rejection.msBeforeNext };
        }
        throw rejection;
      }
    },
  };
}
