import { autoRetry } from "@grammyjs/auto-retry";
import { apiThrottler } from "@grammyjs/transformer-throttler";
import type { Api, Transformer } from "grammy";

/** How the bot's outgoing calls behave; the defaults suit Telegram, tests keep the same ones. */
export interface OutgoingPolicy {
  /** a 429 whose retry_after is longer than this fails at once instead of holding the update (seconds) */
  maxRetryDelaySeconds: number;
  /** retries of one call after a 429 or a 5xx */
  maxRetryAttempts: number;
  /** Telegram answered 403 for a call to this chat: the bot was blocked, kicked, or the user is gone */
  onForbidden(chatId: number, description: string): Promise<void>;
}

/** The calls that put a message into a chat: sendMessage, sendPhoto, ..., copyMessage, forwardMessage (not sendChatAction). */
const MESSAGE_METHOD = /^(send(?!ChatAction$)[A-Z]|copyMessages?$|forwardMessages?$)/;

export const DEFAULT_RETRY = { maxRetryDelaySeconds: 5, maxRetryAttempts: 3 } as const;

/**
 * Installs, innermost first: the throttler for calls that send messages (Telegram's limits: about 30 messages a
 * second overall, one a second per private chat, 20 a minute per group; other calls pass straight through),
 * auto-retry (a 429 is tried again after its retry_after when that is short, a 5xx after a short backoff, both a
 * bounded number of times; network errors are not retried, so an update's handler never hangs on them; a retry
 * goes through the throttler again), and outermost the 403 watcher, which sees each call's final answer: a 403
 * is never retried and marks the chat inactive.
 */
export function installOutgoingPolicy(api: Api, policy: OutgoingPolicy): void {
  const throttler = apiThrottler({
    // 30 a second refilled at once would let 60 go within one second across a refill: spaced as well (1000/34 < 30)
    global: { reservoir: 30, reservoirRefreshAmount: 30, reservoirRefreshInterval: 1000, minTime: 34 },
    out: { maxConcurrent: 1, minTime: 1000 },
    group: {
      maxConcurrent: 1,
      minTime: 1000,
      reservoir: 20,
      reservoirRefreshAmount: 20,
      reservoirRefreshInterval: 60_000,
    },
  });
  // Telegram's limits are on messages: settings (the menu button), edits, chat actions and answers pass at once
  api.config.use((prev, method, payload, signal) =>
    MESSAGE_METHOD.test(method) ? throttler(prev, method, payload, signal) : prev(method, payload, signal),
  );
  api.config.use(
    autoRetry({
      maxDelaySeconds: policy.maxRetryDelaySeconds,
      maxRetryAttempts: policy.maxRetryAttempts,
      rethrowHttpErrors: true,
    }),
  );
  api.config.use(forbiddenWatcher(policy.onForbidden));
}

function forbiddenWatcher(onForbidden: OutgoingPolicy["onForbidden"]): Transformer {
  return async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    if (!result.ok && result.error_code === 403 && payload && typeof payload === "object" && "chat_id" in payload) {
      // chat_id may also be a channel's @username: only numeric ids name a row of telegram_chats
      const chatId = Number(payload.chat_id);
      if (Number.isSafeInteger(chatId)) await onForbidden(chatId, result.description);
    }
    return result;
  };
}
