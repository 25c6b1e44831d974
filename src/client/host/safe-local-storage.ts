/**
 * localStorage can be missing or throw (private mode, some in-app webviews, a full quota): every access goes
 * through here. A value that could not be stored lives in memory for this page, so a write is still readable.
 */
export interface LocalStore {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function createLocalStore(win: Window): LocalStore {
  const unsaved = new Map<string, string>();
  const storage = (): Storage | undefined => {
    try {
      return win.localStorage ?? undefined;
    } catch {
      return undefined;
    }
  };
  return {
    get(key) {
      if (unsaved.has(key)) return unsaved.get(key);
      try {
        return storage()?.getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      try {
        const store = storage();
        if (!store) throw new Error("localStorage is unavailable");
        store.setItem(key, value);
        unsaved.delete(key);
      } catch {
        unsaved.set(key, value);
      }
    },
    remove(key) {
      unsaved.delete(key);
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing to clean up when storage is unavailable.
      }
    },
  };
}
