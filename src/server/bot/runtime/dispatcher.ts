import type { Update } from "grammy/types";

/**
 * Takes updates from the webhook or the poller: each is handled at most once over every API node (its id is
 * claimed in the database first; a claimed id is dropped), in the background so the webhook answers at once, and
 * in order within one chat (a /language choice is stored before the next message of that chat is read).
 */
export interface UpdateDispatcher {
  /** claims the update and starts handling it; "duplicate" when some node claimed it before */
  accept(update: Update): Promise<"accepted" | "duplicate">;
  /** resolves when fewer than the limit of updates are being handled (the poller waits before reading more) */
  room(): Promise<void>;
  /** resolves when every update accepted so far has been handled */
  idle(): Promise<void>;
  readonly inFlight: number;
}

export interface DispatcherDeps {
  claim(updateId: number): Promise<boolean>;
  /** handles one update; never rejects (errors are the caller's to log) */
  handle(update: Update): Promise<void>;
  maxInFlight: number;
}

/** The number at `path` inside a value, if there is one (updates come from outside: any part may be missing). */
function numberAt(value: unknown, ...path: string[]): number | undefined {
  let here: unknown = value;
  for (const key of path) {
    if (typeof here !== "object" || here === null) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return typeof here === "number" ? here : undefined;
}

/** The chat (or user, for updates without a chat) an update belongs to: updates of one key run one at a time. */
export function orderingKey(update: Update): string {
  const chat =
    numberAt(update, "message", "chat", "id") ??
    numberAt(update, "edited_message", "chat", "id") ??
    numberAt(update, "channel_post", "chat", "id") ??
    numberAt(update, "callback_query", "message", "chat", "id") ??
    numberAt(update, "my_chat_member", "chat", "id") ??
    numberAt(update, "chat_member", "chat", "id");
  if (chat !== undefined) return `c${chat}`;
  const user =
    numberAt(update, "callback_query", "from", "id") ??
    numberAt(update, "inline_query", "from", "id") ??
    numberAt(update, "chosen_inline_result", "from", "id");
  return user === undefined ? `u${update.update_id}` : `c${user}`;
}

export function createUpdateDispatcher(deps: DispatcherDeps): UpdateDispatcher {
  const tails = new Map<string, Promise<void>>();
  const running = new Set<Promise<void>>();
  let roomWaiters: (() => void)[] = [];

  const settled = (task: Promise<void>) => {
    running.delete(task);
    if (running.size < deps.maxInFlight) {
      const waiters = roomWaiters;
      roomWaiters = [];
      for (const wake of waiters) wake();
    }
  };

  return {
    async accept(update) {
      const key = orderingKey(update);
      if (!(await deps.claim(update.update_id))) return "duplicate";
      const before = tails.get(key) ?? Promise.resolve();
      const task = before.then(() => deps.handle(update));
      tails.set(key, task);
      running.add(task);
      void task.finally(() => {
        if (tails.get(key) === task) tails.delete(key);
        settled(task);
      });
      return "accepted";
    },
    room() {
      if (running.size < deps.maxInFlight) return Promise.resolve();
      return new Promise((resolve) => roomWaiters.push(resolve));
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    get inFlight() {
      return running.size;
    },
  };
}
