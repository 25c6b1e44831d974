import type { HostStorage } from "./host.ts";
import { createListenerSet } from "./listener-set.ts";
import type { LocalStore } from "./safe-local-storage.ts";

/** The host's remote key-value store (Telegram CloudStorage), as the cached storage needs it. */
export interface CloudStore {
  readonly available: boolean;
  getAll(): Promise<Record<string, string>>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

// Telegram CloudStorage: keys of 1-128 characters A-Z, a-z, 0-9, _ and -; values up to 4096 characters.
const CLOUD_KEY = /^[A-Za-z0-9_-]{1,128}$/;
const CLOUD_VALUE_MAX = 4096;

/**
 * Reads come from the local cache at once, so start-up never waits for the network. Writes go to the cache and,
 * in the background, to the cloud (a failure is logged, never thrown). `ready` resolves once the cloud's values
 * are merged into the cache; subscribers hear of every key that changed then. A key written on this page before
 * the cloud answered keeps the newer local value.
 */
export function createCloudCachedStorage(cache: LocalStore, cloud: CloudStore): HostStorage {
  const listeners = createListenerSet<[key: string, value: string | undefined]>();
  const writtenHere = new Set<string>();

  const inBackground = (what: string, key: string, write: () => Promise<void>) => {
    if (!cloud.available) return;
    if (!CLOUD_KEY.test(key)) {
      console.warn(`The key "${key}" cannot go to the cloud storage; it stays on this device`);
      return;
    }
    write().catch((error: unknown) => console.error(`Could not ${what} "${key}" in the cloud storage`, error));
  };

  const change = (key: string, value: string | undefined): void => {
    writtenHere.add(key);
    if (cache.get(key) === value) return;
    if (value === undefined) cache.remove(key);
    else cache.set(key, value);
    listeners.emit(key, value);
  };

  const merge = async (): Promise<void> => {
    if (!cloud.available) return;
    try {
      const values = await cloud.getAll();
      for (const [key, value] of Object.entries(values)) {
        if (writtenHere.has(key) || cache.get(key) === value) continue;
        cache.set(key, value);
        listeners.emit(key, value);
      }
    } catch (error) {
      // The cache keeps serving; the cloud copy is merged on the next start.
      console.error("Could not read the cloud storage", error);
    }
  };

  return {
    get: (key) => cache.get(key),
    set(key, value) {
      change(key, value);
      if (value.length > CLOUD_VALUE_MAX) {
        console.warn(`The value of "${key}" is too long for the cloud storage; it stays on this device`);
        return;
      }
      inBackground("save", key, () => cloud.set(key, value));
    },
    remove(key) {
      change(key, undefined);
      inBackground("delete", key, () => cloud.remove(key));
    },
    subscribe: (listener) => listeners.add(listener),
    ready: merge(),
  };
}
