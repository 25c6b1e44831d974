import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { RedisLink } from "./redis.ts";

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
 * Redis pub/sub: the link's connection publishes and keeps leases; a second connection subscribes (a subscribed
 * ioredis connection takes no other commands). Channel and lease names get `prefix`.
 *
 * Redis never holds a push up: while it is unreachable a message is delivered in process (to this node's
 * subscribers), a lease is this node's (each node then serves its own clients), and subscriptions are made
 * again whenever the subscribing connection (re)connects, so pushes fan out through Redis once it is back.
 */
export function createRedisPubSub(link: RedisLink, prefix: string): PubSub {
  const subscriber = link.connection();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const nodeId = randomUUID();
  const channels = new Set<string>();
  // the channels the subscribing connection confirmed since it last connected: Redis brings their messages here
  const subscribed = new Set<string>();
  subscriber.on("message", (channel: string, message: string) => emitter.emit(channel, message));
  subscriber.on("close", () => subscribed.clear());
  const subscribeAll = async () => {
    try {
      for (;;) {
        if (subscriber.status !== "ready") return;
        const missing = [...channels].filter((channel) => !subscribed.has(channel));
        if (missing.length === 0) break;
        await subscriber.subscribe(...missing);
        for (const channel of missing) if (channels.has(channel)) subscribed.add(channel);
      }
    } catch {
      // the connection went away again (its next "ready" tries again) or was too slow (local delivery stays)
    }
  };
  subscriber.on("ready", () => {
    void subscribeAll();
  });
  return {
    kind: "redis",
    async publish(channel, message) {
      const full = prefix + channel;
      const published = await link
        .run((redis) => redis.publish(full, message))
        .then(
          () => true,
          () => false,
        );
      if (!published) link.fellBack("pushes");
      // what Redis did not carry, or carries to a node not yet listening, is delivered here
      if (!published || !subscribed.has(full)) emitter.emit(full, message);
    },
    async subscribe(channel, handler) {
      const full = prefix + channel;
      emitter.on(full, handler);
      if (!channels.has(full)) {
        channels.add(full);
        await link.settled(subscriber);
        await subscribeAll();
      }
      return () => {
        emitter.off(full, handler);
        if (emitter.listenerCount(full) > 0) return;
        channels.delete(full);
        subscribed.delete(full);
        if (subscriber.status === "ready") subscriber.unsubscribe(full).catch(() => undefined);
      };
    },
    async lease(name, ttlMs) {
      const key = `${prefix}lease:${name}`;
      const ttl = String(Math.max(1, Math.round(ttlMs)));
      try {
        if ((await link.run((redis) => redis.set(key, nodeId, "PX", ttl, "NX"))) === "OK") return true;
        return (await link.run((redis) => redis.eval(RENEW, 1, key, nodeId, ttl))) === 1;
      } catch {
        link.fellBack("leases");
        return true;
      }
    },
    async close() {
      emitter.removeAllListeners();
      channels.clear();
      subscriber.disconnect();
    },
  };
}
