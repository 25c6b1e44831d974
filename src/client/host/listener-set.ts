import type { Unsubscribe } from "./host.ts";

/** A set of listeners; one failing listener must not keep the others from hearing the news. */
export interface ListenerSet<Args extends unknown[]> {
  add(listener: (...args: Args) => void): Unsubscribe;
  emit(...args: Args): void;
  readonly size: number;
}

export function createListenerSet<Args extends unknown[]>(): ListenerSet<Args> {
  const listeners = new Set<(...args: Args) => void>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(...args) {
      for (const listener of [...listeners]) {
        try {
          listener(...args);
        } catch (error) {
          console.error("A host listener failed", error);
        }
      }
    },
    get size() {
      return listeners.size;
    },
  };
}
