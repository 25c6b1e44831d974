import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { type Api, type Bot, BotError, type Composer, GrammyError } from "grammy";
import type { Update } from "grammy/types";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { UsersRepository } from "../features/accounts/users.repository.ts";
import type { Logger } from "../logger.ts";
import type { Clock } from "../providers/clock.ts";
import { createBot } from "./bot.ts";
import type { BotContext, BotMessage } from "./bot-context.ts";
import { createTelegramChats, inactiveReasonOf, type TelegramChats } from "./chats.ts";
import { helpFeature } from "./features/help.ts";
import { languageFeature } from "./features/language.ts";
import { laterFeature } from "./features/later.ts";
import { startFeature } from "./features/start.ts";
import { createReferrals } from "./features/start-referrals.ts";
import { type BotTranslator, createBotTranslator } from "./i18n.ts";
import { createLeases } from "./leases.ts";
import { chatTracking } from "./runtime/chat-tracking.ts";
import { announceCommands } from "./runtime/commands.ts";
import { createUpdateDispatcher } from "./runtime/dispatcher.ts";
import { fallbacks } from "./runtime/fallbacks.ts";
import { grammySignal } from "./runtime/grammy-signal.ts";
import { DEFAULT_RETRY, installOutgoingPolicy } from "./runtime/outgoing.ts";
import { createPoller, DEFAULT_POLLING_TIMING, type Poller, type PollingTiming, pause } from "./runtime/polling.ts";
import { safeError } from "./runtime/safe-error.ts";
import { isWellFormedUpdate } from "./runtime/update-shape.ts";
import { createHandledUpdates } from "./updates.ts";

/** The updates the bot asks Telegram for (webhook and polling alike). */
export const ALLOWED_UPDATES = [
  "message",
  "callback_query",
  "inline_query",
  "chosen_inline_result",
  "my_chat_member",
  "pre_checkout_query",
] as const satisfies readonly Exclude<keyof Update, "update_id">[];

/** Where Telegram posts updates: PUBLIC_URL + this + the webhook secret. */
export const WEBHOOK_PATH_PREFIX = "/telegram/webhook/";

const somethingWentWrong: BotMessage = /*i18n*/ {
  id: "Something went wrong on my side. Please try again in a moment.",
  message: "Something went wrong on my side. Please try again in a moment.",
};

/** Knobs of the runtime; the defaults are the product's, tests shorten the waits of polling. */
export interface TelegramRuntimeOptions {
  /** this process among the API nodes (the polling lease's holder) */
  nodeId: string;
  polling: PollingTiming;
  retry: { maxRetryDelaySeconds: number; maxRetryAttempts: number };
  /** updates handled at once on this node before the poller waits */
  maxInFlight: number;
  /** how long stop() waits for updates being handled */
  drainMs: number;
}

export interface TelegramBotDeps {
  config: Pick<Config["telegram"], "apiRoot" | "mode" | "webhookSecret" | "miniAppUrl"> & {
    botToken: string;
    publicUrl: string | undefined;
  };
  db: Database;
  clock: Clock;
  logger: Logger;
  users: UsersRepository;
  /**
   * The features beyond the core ones (/start, /language, /help and the not-yet notes), in the order they get
   * updates: /price, /news, inline mode, /subscribe, ... and last the answer to free text, which takes any message
   * left. Each is a grammY Composer<BotContext> (ctx.lang, ctx.t) built by the composition root (server.ts).
   */
  features?: Composer<BotContext>[];
  runtime?: Partial<TelegramRuntimeOptions>;
}

/** What the webhook route hands an update to (src/server/http/routes/telegram-webhook.routes.ts). */
export interface TelegramWebhookReceiver {
  /** the path's secret and the X-Telegram-Bot-Api-Secret-Token Telegram sends */
  secret: string;
  /** "unavailable" while the bot cannot take updates (starting, stopping, token refused): Telegram sends it again */
  receive(update: Update): Promise<"accepted" | "duplicate" | "unavailable">;
}

export interface TelegramBot {
  nodeId: string;
  bot: Bot<BotContext>;
  /** the Bot API client with the throttler, the retries and the 403 watcher: for sending outside an update */
  api: Api;
  chats: TelegramChats;
  /** the bot's texts in English and Chinese (read once at start), for messages sent outside an update */
  translator: BotTranslator;
  webhook: TelegramWebhookReceiver;
  /** asks getMe, announces the commands and menu button, then sets the webhook or starts polling (in the background) */
  start(): void;
  /** true once the bot is up, false if it never will be (token refused, stopped first) */
  readonly started: Promise<boolean>;
  /** resolves when every update taken so far has been handled */
  idle(): Promise<void>;
  /** true while this node holds the polling lease */
  readonly polling: boolean;
  /** stops taking updates, stops polling and gives the lease back, waits (bounded) for updates being handled */
  stop(): Promise<void>;
}

const PRUNE_EVERY_MS = 3_600_000;

/**
 * The bot's composition root: the grammY bot with the outgoing policy (throttle, bounded retries, 403 marks the
 * chat inactive), chat tracking and account linking, the core features, the features handed in, and a fallback;
 * updates come through the webhook receiver or the poller, each claimed once in the database.
 */
export async function createTelegramBot(deps: TelegramBotDeps): Promise<TelegramBot> {
  const { db, clock, logger, users } = deps;
  const { botToken: token, miniAppUrl } = deps.config;
  const options: TelegramRuntimeOptions = {
    nodeId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    polling: DEFAULT_POLLING_TIMING,
    retry: DEFAULT_RETRY,
    maxInFlight: 100,
    drainMs: 10_000,
    ...deps.runtime,
  };
  const log = logger.child({ component: "telegram-bot" });
  const translator = await createBotTranslator();
  const chats = createTelegramChats(db, clock);
  const handled = createHandledUpdates(db, clock);
  const leases = createLeases(db, clock);

  const bot = createBot({ token, apiRoot: deps.config.apiRoot, translator, chosenLanguage: chats.chosenLanguage }, [
    chatTracking({ chats, users, logger: log, token }),
    startFeature({ miniAppUrl, referrals: createReferrals(db, clock), logger: log, token }),
    languageFeature({ chats }),
    helpFeature({ miniAppUrl }),
    laterFeature({ miniAppUrl }),
    ...(deps.features ?? []),
    fallbacks(),
  ]);
  installOutgoingPolicy(bot.api, {
    ...options.retry,
    onForbidden: async (chatId, description) => {
      const reason = inactiveReasonOf(description);
      log.info({ chatId, reason }, "telegram chat inactive: Telegram refused a message with 403");
      await chats
        .markInactive(chatId, reason)
        .catch((error: unknown) => log.warn({ err: safeError(error, token) }, "telegram chat not marked inactive"));
    },
  });

  const onError = async (error: BotError<BotContext>) => {
    const ctx = error.ctx;
    log.error(
      { updateId: ctx.update.update_id, err: safeError(error.error, token) },
      "telegram update not handled to the end",
    );
    // a failure of ours (not Telegram refusing a call) in a chat that wrote to us gets a word, once
    if (!(error.error instanceof GrammyError) && ctx.message && ctx.chat) {
      await ctx
        .reply(ctx.t(somethingWentWrong))
        .catch((replyError: unknown) => log.warn({ err: safeError(replyError, token) }, "telegram apology not sent"));
    }
  };
  bot.catch(onError);

  const stopping = new AbortController();
  let resolveStarted: (up: boolean) => void = () => {};
  const started = new Promise<boolean>((resolve) => {
    resolveStarted = resolve;
  });
  let up = false;

  const dispatcher = createUpdateDispatcher({
    claim: (updateId) => handled.claim(updateId),
    maxInFlight: options.maxInFlight,
    handle: async (update) => {
      if (!isWellFormedUpdate(update)) {
        log.debug({ updateId: update.update_id }, "telegram update dropped: parts it needs are missing");
        return;
      }
      try {
        await bot.handleUpdate(update);
      } catch (error) {
        if (error instanceof BotError) await onError(error as BotError<BotContext>);
        else log.error({ updateId: update.update_id, err: safeError(error, token) }, "telegram update failed");
      }
    },
  });

  let poller: Poller | undefined;
  let pruneTimer: ReturnType<typeof setInterval> | undefined;
  const prune = () =>
    handled
      .prune()
      .catch((error: unknown) => log.warn({ err: safeError(error, token) }, "telegram update ids not pruned"));

  /** Repeats a call while it fails for a reason that may pass (network, 5xx, 429); false if refused or stopped. */
  const persist = async (what: string, call: () => Promise<unknown>): Promise<boolean> => {
    let backoff = options.polling.errorBackoffMs;
    while (!stopping.signal.aborted) {
      try {
        await call();
        return true;
      } catch (error) {
        if (stopping.signal.aborted) return false;
        const refused = error instanceof GrammyError && error.error_code < 500 && error.error_code !== 429;
        if (refused) {
          log.error({ err: safeError(error, token) }, `telegram ${what} refused`);
          return false;
        }
        log.warn({ err: safeError(error, token), retryInMs: backoff }, `telegram ${what} failed`);
        await pause(backoff, stopping.signal);
        backoff = Math.min(options.polling.maxErrorBackoffMs, backoff * 2);
      }
    }
    return false;
  };

  const run = async () => {
    const known = await persist("getMe", async () => {
      bot.botInfo = await bot.api.getMe(grammySignal(stopping.signal));
    });
    if (!known) {
      if (!stopping.signal.aborted) log.error("the bot is off: Telegram refused its token (BOT_TOKEN)");
      resolveStarted(false);
      return;
    }
    up = true;
    resolveStarted(true);
    log.info({ username: bot.botInfo.username, mode: deps.config.mode, nodeId: options.nodeId }, "telegram bot up");
    void prune();
    pruneTimer = setInterval(() => void prune(), PRUNE_EVERY_MS);
    pruneTimer.unref();
    await persist("setMyCommands", () => announceCommands(bot.api, translator, miniAppUrl));
    if (stopping.signal.aborted) return;
    if (deps.config.mode === "webhook") {
      const secret = deps.config.webhookSecret ?? "";
      const base = (deps.config.publicUrl ?? "").replace(/\/+$/, "");
      await persist("setWebhook", () =>
        bot.api.setWebhook(
          `${base}${WEBHOOK_PATH_PREFIX}${secret}`,
          { secret_token: secret, allowed_updates: ALLOWED_UPDATES, drop_pending_updates: false },
          grammySignal(stopping.signal),
        ),
      );
    } else {
      poller = createPoller({
        api: bot.api,
        token,
        leases,
        nodeId: options.nodeId,
        dispatcher,
        allowedUpdates: ALLOWED_UPDATES,
        logger: log,
        timing: options.polling,
      });
      poller.start();
    }
  };

  let runStarted = false;
  return {
    nodeId: options.nodeId,
    bot,
    api: bot.api,
    chats,
    translator,
    webhook: {
      secret: deps.config.webhookSecret ?? "",
      async receive(update) {
        // before getMe has answered (or once stopping) the update is left to Telegram, which sends it again
        if (!up || stopping.signal.aborted) return "unavailable";
        return dispatcher.accept(update);
      },
    },
    start() {
      if (runStarted) return;
      runStarted = true;
      run().catch((error: unknown) => {
        log.error({ err: safeError(error, token) }, "telegram bot start failed");
        resolveStarted(false);
      });
    },
    started,
    idle: () => dispatcher.idle(),
    get polling() {
      return poller?.polling ?? false;
    },
    async stop() {
      stopping.abort();
      resolveStarted(up);
      // the start sequence sees the abort at its next step and starts nothing more (no poller after this point)
      await poller?.stop();
      clearInterval(pruneTimer);
      const drained = await Promise.race([
        dispatcher.idle().then(() => true),
        pause(options.drainMs, new AbortController().signal).then(() => false),
      ]);
      if (!drained) log.warn({ inFlight: dispatcher.inFlight }, "telegram updates still being handled at shutdown");
    },
  };
}
