import { readItem, removeItem, writeItem } from "./local-storage.ts";
import { StorageKeys } from "./storage-keys.ts";

type Listener = (token: string | null) => void;

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void;
}

/** The login token, persisted in localStorage. Accounts arrive in a later milestone; the HTTP client reads it now. */
export function createTokenStore(key: string = StorageKeys.token): TokenStore {
  const listeners = new Set<Listener>();
  const notify = (token: string | null) => {
    for (const listener of listeners) listener(token);
  };
  return {
    get: () => readItem(key),
    set(token) {
      writeItem(key, token);
      notify(token);
    },
    clear() {
      if (readItem(key) === null) return;
      removeItem(key);
      notify(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const tokenStore = createTokenStore();
