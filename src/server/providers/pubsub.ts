import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";

export type PubSubHandler = (message: string) => void;

/**
 * Fan-out of pushes (price ticks, news) and the leases of background jobs. In process by default; through
 * Redis when REDIS_URL is set, so a message published on one API node reaches the clients of every node and
 * one node at a time holds a job's lease.
 */
export interface PubSub {
  readonly kind: "memory" | "redis";
  publish(channel: string, message: string): Promise<void>;
  /** resolves once messages flow (Redis confirmed the subscription) with the unsubscribe function */
  subscribe(channel: string, handler: PubSubHandler): Promise<() => void>;
  /**
   * True while this node holds the named lease: taken when free, renewed by its holder, lost when the holder
   * stops renewing for `ttlMs`. In process there is one node, so always true.
   */
  lease(name: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: "memory",
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async lease() {
      return true;
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

// Renews the lease only when this node still holds it; one round trip, atomic.
const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;

/**
 * Redis pub/sub: `redis` publishes and keeps leases; a duplicate connection subscribes (a subscribed ioredis
 * connection takes no other commands). Channel and lease names get `prefix`.
 */
export function createRedisPubSub(redis: Redis, prefix: string): PubSub {
  const subscriber = redis.duplicate();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const nodeId = randomUUID();
  subscriber.on("message", (channel: string, message: string) => emitter.emit(channel, message));
  subscriber.on("error", () => undefined);
  return {
    kind: "redis",
    async publish(channel, message) {
      await redis.publish(prefix + channel, message);
    },
    async subscribe(channel, handler) {
      const full = prefix + channel;
      const first = emitter.listenerCount(full) === 0;
      emitter.on(full, handler);
      if (first) await subscriber.subscribe(full);
      return () => {
        emitter.off(full, handler);
        if (emitter.listenerCount(full) === 0) subscriber.unsubscribe(full).catch(() => undefined);
      };
    },
    async lease(name, ttlMs) {
      const key = `${prefix}lease:${name}`;
      const ttl = String(Math.max(1, Math.round(ttlMs)));
      try {
        if ((await redis.set(key, nodeId, "PX", ttl, "NX")) === "OK") return true;
        return (await redis.eval(RENEW, 1, key, nodeId, ttl)) === 1;
      } catch {
        return false;
      }
    },
    async close() {
      emitter.removeAllListeners();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
