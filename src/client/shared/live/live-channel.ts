import type { z } from "zod";
import type { LimitOrder } from "../../../contract/ai-wallet.ts";
import { type AlarmEvent, alarmRoutes, pushTicketDataSchema } from "../../../contract/alarms.ts";
import { API_PREFIX } from "../../../contract/constants.ts";
import type { helloEventSchema, tickEventSchema } from "../../../contract/market.ts";
import type { NewsItemData } from "../../../contract/news.ts";
import { type HttpClient, http, readApiKeyMeta } from "../api/http.ts";
import { getDeviceNo } from "../storage/device-no.ts";
import { type TokenStore, tokenStore } from "../storage/token-store.ts";

/** The server's language codes on the push channel. */
export type LiveLanguage = "en" | "cn";

/** What each Server-Sent Event of GET /v2/api/push carries. */
export interface LiveEvents {
  hello: z.infer<typeof helloEventSchema>;
  lang: { lang: LiveLanguage };
  tick: z.infer<typeof tickEventSchema>;
  news: NewsItemData;
  /** one of the signed-in account's price alarms fired (only on a stream opened with a ticket) */
  alarm: AlarmEvent;
  /** one of the signed-in account's limit orders completed, failed or expired (only on a stream opened with a ticket) */
  limitOrder: LimitOrder;
}
export type LiveEventName = keyof LiveEvents;
export const liveEventNames: readonly LiveEventName[] = ["hello", "lang", "tick", "news", "alarm", "limitOrder"];

export type LiveListener<E extends LiveEventName> = (data: LiveEvents[E]) => void;

export interface LiveChannelHandle {
  /** listens to one event type; returns the unsubscribe function */
  subscribe<E extends LiveEventName>(event: E, listener: LiveListener<E>): () => void;
}

/** The slice of EventSource the channel uses, so tests can hand in a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
  onopen: ((event: Event) => void) | null;
}

export interface LiveChannelOptions {
  lang: LiveLanguage;
  signal: AbortSignal;
  createEventSource?: (url: string) => EventSourceLike | undefined;
  /** first reconnect delay; doubles per failed attempt up to maxDelayMs */
  minDelayMs?: number;
  maxDelayMs?: number;
  /**
   * The push ticket naming the signed-in account, asked afresh for every (re)connect (a ticket lasts a minute);
   * undefined for a visitor, whose stream carries no alarms (answered at once, so a visitor's stream opens at
   * once). When it fails (rate limit, server error) the stream opens without one, so ticks and news still arrive,
   * and a ticket is asked again after a backoff; the stream is reopened with it once it comes.
   */
  ticket?: () => string | undefined | Promise<string | undefined>;
  /** tells of a sign-in, a sign-out or another account: the stream is reopened with a ticket for the new login */
  onLoginChange?: (listener: () => void) => () => void;
}

/**
 * EventSource sends no headers, so the device number (and the API key, when the page has one) ride in the query,
 * and so does the signed-in account's push ticket.
 */
export function pushUrl(lang: LiveLanguage, ticket?: string): string {
  const params = new URLSearchParams({ lang, deviceNo: getDeviceNo() });
  const apiKey = readApiKeyMeta();
  if (apiKey) params.set("apiKey", apiKey);
  if (ticket) params.set("ticket", ticket);
  return `${API_PREFIX}/push?${params.toString()}`;
}

/** POST push/ticket while a login token is held; a visitor gets none at once (the stream then carries no alarms). */
export function fetchPushTicket(deps: { tokens?: TokenStore; client?: HttpClient } = {}): undefined | Promise<string> {
  if (!(deps.tokens ?? tokenStore).get()) return undefined;
  return (deps.client ?? http)
    .post(alarmRoutes.pushTicket.path, { parse: (raw) => pushTicketDataSchema.parse(raw) })
    .then((data) => data.ticket);
}

const onTokenChange = (listener: () => void) => tokenStore.subscribe(() => listener());

/** A browser without EventSource (or a test environment) simply gets no live updates. */
function defaultEventSource(url: string): EventSourceLike | undefined {
  return typeof EventSource === "undefined" ? undefined : new EventSource(url);
}

/** The wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s, ... capped. */
export function backoffDelay(attempt: number, minDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, minDelayMs * 2 ** attempt);
}

/**
 * Opens the live push channel (Server-Sent Events) in the given language until `signal` aborts.
 * EventSource retries on its own at a fixed pace, with the URL (and so the ticket) it was opened with; on any
 * error this closes it and reopens after an exponential backoff instead, with a fresh ticket, so a server that is
 * down is not hammered and an expired ticket is never reused. A successful open resets the backoff. A ticket that
 * cannot be had leaves the user with a visitor's stream (prices and news) until a later ask, on its own backoff,
 * gets one. A change of login reopens the stream at once with the new login's ticket (none after a sign-out).
 * Events whose data is not JSON are dropped.
 */
export function openLiveChannel({
  lang,
  signal,
  createEventSource = defaultEventSource,
  minDelayMs = 1_000,
  maxDelayMs = 30_000,
  ticket = fetchPushTicket,
  onLoginChange = onTokenChange,
}: LiveChannelOptions): LiveChannelHandle {
  const listeners = new Map<LiveEventName, Set<(data: unknown) => void>>();
  let source: EventSourceLike | undefined;
  /** failed stream connects in a row, and failed ticket asks in a row: each backs off on its own */
  let attempt = 0;
  let ticketFailures = 0;
  /** the one pending reconnect or ticket retry */
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** bumped by every connect and by the abort: a ticket that arrives for an older connect is dropped */
  let generation = 0;

  const dispatch = (event: LiveEventName, raw: string) => {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
    for (const listener of listeners.get(event) ?? []) listener(data);
  };

  const schedule = (delay: number) => {
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, delay);
  };

  const retryLater = () => {
    schedule(backoffDelay(attempt, minDelayMs, maxDelayMs));
    attempt += 1;
  };

  /** No ticket now: keep (or open) a visitor's stream and ask again later. */
  const ticketFailed = () => {
    if (!source) open(undefined);
    schedule(backoffDelay(ticketFailures, minDelayMs, maxDelayMs));
    ticketFailures += 1;
  };

  const open = (ticketValue: string | undefined) => {
    source?.close();
    source = undefined;
    const current = createEventSource(pushUrl(lang, ticketValue));
    if (!current) return;
    source = current;
    current.onopen = () => {
      attempt = 0;
    };
    current.onerror = () => {
      current.close();
      if (source !== current || signal.aborted) return;
      source = undefined;
      // a ticket retry already pending reconnects as well
      if (retryTimer === undefined) retryLater();
    };
    for (const name of liveEventNames) {
      current.addEventListener(name, (event) => dispatch(name, String(event.data)));
    }
  };

  const ticketArrived = (value: string | undefined) => {
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
    if (value !== undefined) ticketFailures = 0;
    open(value);
  };

  function connect() {
    if (signal.aborted) return;
    retryTimer = undefined;
    generation += 1;
    const mine = generation;
    const current = () => mine === generation && !signal.aborted;
    let asked: ReturnType<typeof ticket>;
    try {
      asked = ticket();
    } catch {
      ticketFailed();
      return;
    }
    if (!(asked instanceof Promise)) {
      ticketArrived(asked);
      return;
    }
    asked.then(
      (value) => {
        if (current()) ticketArrived(value);
      },
      () => {
        if (current()) ticketFailed();
      },
    );
  }

  const reconnect = () => {
    if (signal.aborted) return;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
    source?.close();
    source = undefined;
    attempt = 0;
    ticketFailures = 0;
    connect();
  };
  const stopWatchingLogin = onLoginChange(reconnect);

  signal.addEventListener(
    "abort",
    () => {
      generation += 1;
      stopWatchingLogin();
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      source?.close();
      source = undefined;
      listeners.clear();
    },
    { once: true },
  );
  connect();

  return {
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = listener as (data: unknown) => void;
      set.add(wrapped);
      return () => {
        set.delete(wrapped);
      };
    },
  };
}
