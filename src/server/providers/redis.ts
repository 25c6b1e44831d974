import { Redis } from "ioredis";

/** One Redis connection for rate limits (and later caches and pub/sub); created only when REDIS_URL is set. */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 2_000,
  });
}
