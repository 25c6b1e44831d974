import type { ApiError } from "./api-error.ts";

/** What the HTTP client announces; the UI layer decides how to react (toast, login dialog, ...). */
export interface ApiEventMap {
  /** 4001: the token was rejected and has been cleared */
  loginInvalid: ApiError;
  /** 4003: the rate limiter refused the call */
  tooFrequent: ApiError;
}

type Handler<T> = (payload: T) => void;

export interface ApiEvents {
  on<K extends keyof ApiEventMap>(event: K, handler: Handler<ApiEventMap[K]>): () => void;
  emit<K extends keyof ApiEventMap>(event: K, payload: ApiEventMap[K]): void;
}

export function createApiEvents(): ApiEvents {
  const handlers: { [K in keyof ApiEventMap]: Set<Handler<ApiEventMap[K]>> } = {
    loginInvalid: new Set(),
    tooFrequent: new Set(),
  };
  return {
    on(event, handler) {
      handlers[event].add(handler);
      return () => {
        handlers[event].delete(handler);
      };
    },
    emit(event, payload) {
      for (const handler of handlers[event]) handler(payload);
    },
  };
}

export const apiEvents = createApiEvents();
