import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { routes } from "../../../contract/routes.ts";
import { TICK_CHANNEL } from "../../features/market/market.service.ts";
import type { MarketStatus } from "../../features/market/market-view.ts";
import { NEWS_CHANNEL } from "../../features/news/news.service.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import type { AppEnv } from "../app-env.ts";
import { queryParams } from "../validate.ts";

/** The live push channel: GET /v2/api/push?lang=en|cn, Server-Sent Events. */
export const PUSH_PATH = routes.push.path;
const HEARTBEAT_MS = 20_000;

type Send = (event: "tick" | "news", data: string) => void;

/**
 * One node's end of the push channel: it subscribes once to the ticks and news published through pubsub (by
 * whichever node holds the refresh lease) and forwards each to the streams open on this node. close() ends every
 * stream, so the HTTP server's close does not wait on them.
 */
export interface PushHub {
  start(): Promise<void>;
  /** registers a stream; the returned promise settles when the hub closes */
  attach(send: Send): { closed: Promise<void>; detach(): void };
  readonly size: number;
  close(): Promise<void>;
}

export function createPushHub(pubsub: PubSub): PushHub {
  const clients = new Map<Send, () => void>();
  const unsubscribes: (() => void)[] = [];
  let shut = false;
  const fanOut = (event: "tick" | "news") => (data: string) => {
    for (const send of clients.keys()) send(event, data);
  };
  return {
    async start() {
      unsubscribes.push(await pubsub.subscribe(TICK_CHANNEL, fanOut("tick")));
      unsubscribes.push(await pubsub.subscribe(NEWS_CHANNEL, fanOut("news")));
    },
    attach(send) {
      let release: () => void = () => undefined;
      const closed = new Promise<void>((resolve) => {
        release = resolve;
      });
      if (shut) release();
      else clients.set(send, release);
      return {
        closed,
        detach: () => {
          clients.delete(send);
          release();
        },
      };
    },
    get size() {
      return clients.size;
    },
    async close() {
      shut = true;
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      for (const release of clients.values()) release();
      clients.clear();
    },
  };
}

/**
 * The stream sends `hello` (market status and the language it will speak), `lang` (the language
 * acknowledgement), then `tick` after every market refresh and `news` for each new item; a comment every 20 s
 * keeps proxies from closing it. It passes the API guards once, when opened (one rate-limit point).
 */
export function pushRoutes(deps: { hub: PushHub; status(): MarketStatus }) {
  return new Hono<AppEnv>().get(PUSH_PATH, (c) => {
    const { lang } = queryParams(c, routes.push.query);
    c.header("x-accel-buffering", "no");
    return streamSSE(c, async (stream) => {
      await stream.writeSSE({ event: "hello", data: JSON.stringify({ market: deps.status(), lang }) });
      await stream.writeSSE({ event: "lang", data: JSON.stringify({ lang }) });
      const client = deps.hub.attach((event, data) => {
        stream.writeSSE({ event, data }).catch(() => client.detach());
      });
      const heartbeat = setInterval(() => {
        stream.write(": heartbeat\n\n").catch(() => client.detach());
      }, HEARTBEAT_MS);
      stream.onAbort(() => client.detach());
      try {
        await client.closed;
      } finally {
        clearInterval(heartbeat);
        client.detach();
      }
    });
  });
}
