import { readItem, removeItem, writeItem } from "../storage/local-storage.ts";

/**
 * Where persisted settings live: the host's storage (Telegram CloudStorage behind a local cache, or
 * localStorage in a browser). Shaped like the host's storage so the bootstrap can hand it over; until then
 * (and in unit tests) localStorage serves.
 */
export interface SettingsStore {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  remove(key: string): void;
  subscribe(listener: (key: string, value: string | undefined) => void): () => void;
}

const localStore: SettingsStore = {
  get: (key) => readItem(key) ?? undefined,
  set: writeItem,
  remove: removeItem,
  subscribe: () => () => undefined,
};

let current: SettingsStore = localStore;

export function setSettingsStore(store: SettingsStore): void {
  current = store;
}

export function settingsStore(): SettingsStore {
  return current;
}
