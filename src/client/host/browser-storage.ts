import type { HostStorage } from "./host.ts";
import { createListenerSet } from "./listener-set.ts";
import { createLocalStore } from "./safe-local-storage.ts";

/**
 * localStorage, synchronous and ready at once. Subscribers hear this page's own changes and, through the
 * `storage` event, those made in other tabs.
 */
export function createBrowserStorage(win: Window): HostStorage {
  const local = createLocalStore(win);
  const listeners = createListenerSet<[key: string, value: string | undefined]>();

  const change = (key: string, value: string | undefined) => {
    if (local.get(key) === value) return;
    if (value === undefined) local.remove(key);
    else local.set(key, value);
    listeners.emit(key, value);
  };

  const onStorage = (event: StorageEvent) => {
    // key is null when another tab cleared the whole storage; there is no key to report then.
    if (event.key === null || event.storageArea !== readLocalStorage(win)) return;
    listeners.emit(event.key, event.newValue ?? undefined);
  };

  return {
    get: (key) => local.get(key),
    set: (key, value) => change(key, value),
    remove: (key) => change(key, undefined),
    subscribe(listener) {
      if (listeners.size === 0) win.addEventListener("storage", onStorage);
      const unsubscribe = listeners.add(listener);
      return () => {
        unsubscribe();
        if (listeners.size === 0) win.removeEventListener("storage", onStorage);
      };
    },
    ready: Promise.resolve(),
  };
}

function readLocalStorage(win: Window): Storage | undefined {
  try {
    return win.localStorage;
  } catch {
    return undefined;
  }
}
