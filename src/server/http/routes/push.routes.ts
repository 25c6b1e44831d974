import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { routes } from "../../../contract/routes.ts";
import type { PushTickets } from "../../features/alarms/push-tickets.ts";
import { readUserPushes, USER_PUSH_CHANNEL, type UserPush } from "../../features/alarms/user-push.ts";
import { TICK_CHANNEL } from "../../features/market/market.service.ts";
import type { MarketStatus } from "../../features/market/market-view.ts";
import { NEWS_CHANNEL } from "../../features/news/news.service.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import type { AppEnv } from "../app-env.ts";
import { queryParams } from "../validate.ts";

/** The live push channel: GET /v2/api/push?lang=en|cn, Server-Sent Events. */
export const PUSH_PATH = routes.push.path;
const HEARTBEAT_MS = 20_000;

type Send = (event: "tick" | "news" | UserPush["event"], data: string) => void;

/**
 * One node's end of the push channel: it subscribes once to the ticks and news published through pubsub (by
 * whichever node holds the refresh lease) and forwards each to the streams open on this node; an account's events
 * (fired alarms, limit order outcomes, published by whichever node made them) go to that account's streams only.
 * close() ends every stream, so the HTTP server's close does not wait on them.
 */
export interface PushHub {
  start(): Promise<void>;
  /**
   * registers a stream, as an account's when `userId` is given (its events reach it); the returned promise settles
   * when the hub closes
   */
  attach(send: Send, userId?: number): { closed: Promise<void>; detach(): void };
  readonly size: number;
  close(): Promise<void>;
}

export function createPushHub(pubsub: PubSub): PushHub {
  const clients = new Map<Send, () => void>();
  const byUser = new Map<number, Set<Send>>();
  const unsubscribes: (() => void)[] = [];
  let shut = false;
  const fanOut = (event: "tick" | "news") => (data: string) => {
    for (const send of clients.keys()) send(event, data);
  };
  const toOwners = (message: string) => {
    for (const { userId, event, data } of readUserPushes(message)) {
      const streams = byUser.get(userId);
      if (!streams) continue;
      const text = JSON.stringify(data);
      for (const send of streams) send(event, text);
    }
  };
  const forget = (send: Send, userId: number | undefined) => {
    clients.delete(send);
    if (userId === undefined) return;
    const streams = byUser.get(userId);
    streams?.delete(send);
    if (streams?.size === 0) byUser.delete(userId);
  };
  return {
    async start() {
      unsubscribes.push(await pubsub.subscribe(TICK_CHANNEL, fanOut("tick")));
      unsubscribes.push(await pubsub.subscribe(NEWS_CHANNEL, fanOut("news")));
      unsubscribes.push(await pubsub.subscribe(USER_PUSH_CHANNEL, toOwners));
    },
    attach(send, userId) {
      let release: () => void = () => undefined;
      const closed = new Promise<void>((resolve) => {
        release = resolve;
      });
      if (shut) release();
      else {
        clients.set(send, release);
        if (userId !== undefined) byUser.set(userId, (byUser.get(userId) ?? new Set()).add(send));
      }
      return {
        closed,
        detach: () => {
          forget(send, userId);
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
      byUser.clear();
    },
  };
}

/**
 * The stream sends `hello` (market status and the language it will speak), `lang` (the language
 * acknowledgement), then `tick` after every market refresh and `news` for each new item; a comment every 20 s
 * keeps proxies from closing it. It passes the API guards once, when opened (one rate-limit point).
 *
 * With a valid `ticket` (POST push/ticket, one minute) the stream is also the ticket's account's: its fired price
 * alarms arrive as `alarm`, its limit orders that executed, failed or expired as `limitOrder`. A forged, damaged or
 * expired ticket is not an error: the stream opens as a visitor's (ticks and news, nothing of an account's), so an
 * EventSource reconnecting with the ticket it was opened with keeps its ticks; the app asks for a fresh ticket
 * whenever it (re)opens the stream.
 */
export function pushRoutes(deps: { hub: PushHub; status(): MarketStatus; tickets: Pick<PushTickets, "verify"> }) {
  return new Hono<AppEnv>().get(PUSH_PATH, (c) => {
    const { lang, ticket } = queryParams(c, routes.push.query);
    const userId = ticket === undefined ? undefined : deps.tickets.verify(ticket);
    c.header("x-accel-buffering", "no");
    return streamSSE(c, async (stream) => {
      await stream.writeSSE({ event: "hello", data: JSON.stringify({ market: deps.status(), lang }) });
      await stream.writeSSE({ event: "lang", data: JSON.stringify({ lang }) });
      const client = deps.hub.attach((event, data) => {
        stream.writeSSE({ event, data }).catch(() => client.detach());
      }, userId);
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
