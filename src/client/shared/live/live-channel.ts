import type { z } from "zod";
import { API_PREFIX } from "../../../contract/constants.ts";
import type { helloEventSchema, tickEventSchema } from "../../../contract/market.ts";
import type { NewsItemData } from "../../../contract/news.ts";
import { readApiKeyMeta } from "../api/http.ts";
import { getDeviceNo } from "../storage/device-no.ts";

/** The server's language codes on the push channel. */
export type LiveLanguage = "en" | "cn";

/** What each Server-Sent Event of GET /v2/api/push carries. */
export interface LiveEvents {
  hello: z.infer<typeof helloEventSchema>;
  lang: { lang: LiveLanguage };
  tick: z.infer<typeof tickEventSchema>;
  news: NewsItemData;
}
export type LiveEventName = keyof LiveEvents;
export const liveEventNames: readonly LiveEventName[] = ["hello", "lang", "tick", "news"];

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
}

/** EventSource sends no headers, so the device number (and the API key, when the page has one) ride in the query. */
export function pushUrl(lang: LiveLanguage): string {
  const params = new URLSearchParams({ lang, deviceNo: getDeviceNo() });
  const apiKey = readApiKeyMeta();
  if (apiKey) params.set("apiKey", apiKey);
  return `${API_PREFIX}/push?${params.toString()}`;
}

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
 * EventSource retries on its own at a fixed pace; on any error this closes it and reopens after an
 * exponential backoff instead, so a server that is down is not hammered. A successful open resets the backoff.
 * Events whose data is not JSON are dropped.
 */
export function openLiveChannel({
  lang,
  signal,
  createEventSource = defaultEventSource,
  minDelayMs = 1_000,
  maxDelayMs = 30_000,
}: LiveChannelOptions): LiveChannelHandle {
  const listeners = new Map<LiveEventName, Set<(data: unknown) => void>>();
  let source: EventSourceLike | undefined;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const dispatch = (event: LiveEventName, raw: string) => {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
    for (const listener of listeners.get(event) ?? []) listener(data);
  };

  const connect = () => {
    if (signal.aborted) return;
    const current = createEventSource(pushUrl(lang));
    if (!current) return;
    source = current;
    current.onopen = () => {
      attempt = 0;
    };
    current.onerror = () => {
      current.close();
      if (source !== current || signal.aborted) return;
      source = undefined;
      const delay = backoffDelay(attempt, minDelayMs, maxDelayMs);
      attempt += 1;
      retryTimer = setTimeout(connect, delay);
    };
    for (const name of liveEventNames) {
      current.addEventListener(name, (event) => dispatch(name, String(event.data)));
    }
  };

  signal.addEventListener(
    "abort",
    () => {
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
