import {
  type LiveChannelHandle,
  type LiveChannelOptions,
  type LiveEventName,
  type LiveLanguage,
  type LiveListener,
  liveEventNames,
  openLiveChannel,
} from "./live-channel.ts";

export interface LiveHub {
  /** keeps the channel open in `lang` until the returned release is called */
  retain(lang: LiveLanguage): () => void;
  subscribe<E extends LiveEventName>(event: E, listener: LiveListener<E>): () => void;
}

type Open = (options: Pick<LiveChannelOptions, "lang" | "signal">) => LiveChannelHandle;

/**
 * One channel for the whole app, shared by every screen that shows live data. Listeners outlive the
 * channel itself: a language change closes it and opens one in the new language, and they keep receiving.
 * The channel closes a moment after the last screen lets go, so moving between pages does not reconnect.
 */
export function createLiveHub(open: Open = openLiveChannel, lingerMs = 2_000): LiveHub {
  const listeners = new Map<LiveEventName, Set<(data: unknown) => void>>();
  const holders = new Map<symbol, LiveLanguage>();
  let current: { lang: LiveLanguage; controller: AbortController } | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;

  const wantedLang = (): LiveLanguage | undefined => [...holders.values()].at(-1);

  const sync = () => {
    const lang = wantedLang();
    if (closeTimer !== undefined) {
      clearTimeout(closeTimer);
      closeTimer = undefined;
    }
    if (lang === undefined) {
      closeTimer = setTimeout(() => {
        current?.controller.abort();
        current = undefined;
      }, lingerMs);
      return;
    }
    if (current?.lang === lang) return;
    current?.controller.abort();
    const controller = new AbortController();
    const handle = open({ lang, signal: controller.signal });
    for (const name of liveEventNames) {
      handle.subscribe(name, (data) => {
        for (const listener of listeners.get(name) ?? []) listener(data);
      });
    }
    current = { lang, controller };
  };

  return {
    retain(lang) {
      const id = Symbol("holder");
      holders.set(id, lang);
      sync();
      return () => {
        holders.delete(id);
        sync();
      };
    },
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

export const liveHub = createLiveHub();
