import type { Update } from "grammy/types";
import { afterAll, beforeAll } from "vitest";
import { type BotApiStandIn, type RecordedCall, startBotApiStandIn } from "../support/bot-api-stand-in.ts";
import { createTestDatabase, type TestDatabase, type TestServer } from "./harness.ts";
import { botOf, MINI_APP_URL, startBotServer, WEBHOOK_SECRET } from "./telegram-bot-harness.ts";

/**
 * The product's server with its Telegram bot on a webhook, talking to a loopback Bot API stand-in (the bot tests'
 * own server, telegram-bot-harness.ts): updates are posted to /telegram/webhook/<secret> as Telegram posts them, and
 * what the bot sends is read from the stand-in. Builders of the updates the content tests send.
 */

export { MINI_APP_URL };

export interface ContentBot {
  server: TestServer;
  standIn: BotApiStandIn;
  /** posts an update to the webhook and waits until the bot has handled it */
  send(update: Record<string, unknown>): Promise<Response>;
  /** the calls of a method made for one chat (chat_id) */
  callsTo(method: string, chatId: number): RecordedCall[];
  stop(): Promise<void>;
}

/** A content bot started before the file's tests and stopped after them; usable once the tests run. */
export function contentBotForTests(env: Record<string, string> = {}): ContentBot {
  let started: ContentBot | undefined;
  beforeAll(async () => {
    started = await startContentBot(env);
  });
  afterAll(async () => {
    await started?.stop();
  });
  const current = () => {
    if (!started) throw new Error("the content bot is used before it started");
    return started;
  };
  return {
    get server() {
      return current().server;
    },
    get standIn() {
      return current().standIn;
    },
    send: (update) => current().send(update),
    callsTo: (method, chatId) => current().callsTo(method, chatId),
    stop: () => current().stop(),
  };
}

/** `env` adds to the bot tests' settings (a different MINI_APP_URL, ...). */
export async function startContentBot(env: Record<string, string> = {}): Promise<ContentBot> {
  const standIn = await startBotApiStandIn();
  const db: TestDatabase = await createTestDatabase();
  const server = await startBotServer(standIn, db.env, { env });
  const telegram = botOf(server);
  if (!(await telegram.started)) throw new Error("the bot did not start");
  return {
    server,
    standIn,
    async send(update) {
      const response = await fetch(`${server.url}/telegram/webhook/${WEBHOOK_SECRET}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": WEBHOOK_SECRET },
        body: JSON.stringify(update),
      });
      await telegram.idle();
      return response;
    },
    callsTo: (method, chatId) => standIn.callsOf(method).filter((call) => Number(call.params.chat_id) === chatId),
    async stop() {
      await server.stop();
      await standIn.close();
      await db.drop();
    },
  };
}

let nextId = 1;
/** A fresh id for an update, a chat or a user: each test makes its own. */
export const freshId = () => 100_000 + nextId++ * 7 + Math.floor(Math.random() * 7);

export interface Person {
  id: number;
  first_name: string;
  language_code?: string;
}

export function person(language_code = "en"): Person {
  return { id: freshId(), first_name: "Ada", language_code };
}

/** A text message from `from` in their private chat (a command when it starts with /). */
export function privateText(from: Person, text: string): Record<string, unknown> {
  const command = /^\/\w+/.exec(text);
  return {
    update_id: freshId(),
    message: {
      message_id: freshId(),
      date: 1_700_000_000,
      chat: { id: from.id, type: "private", first_name: from.first_name },
      from: { ...from, is_bot: false },
      text,
      ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] } : {}),
    },
  } satisfies Partial<Update> & Record<string, unknown>;
}

/** The stand-in's bot (getMe). */
export const BOT_USERNAME = "mountainlion_test_bot";
export const BOT_ID = 7_000_000_001;

/** A text message in a group from `from` (a command when it starts with /; mentions of @BOT_USERNAME marked). */
export function groupText(
  from: Person,
  groupId: number,
  text: string,
  options: { replyToBot?: boolean } = {},
): Record<string, unknown> {
  const command = /^\/[\w@]+/.exec(text);
  const mention = `@${BOT_USERNAME}`;
  const at = command ? -1 : text.indexOf(mention);
  const entities = [
    ...(command ? [{ type: "bot_command", offset: 0, length: command[0].length }] : []),
    ...(at >= 0 ? [{ type: "mention", offset: at, length: mention.length }] : []),
  ];
  return {
    update_id: freshId(),
    message: {
      message_id: freshId(),
      date: 1_700_000_000,
      chat: { id: groupId, type: "supergroup", title: "Traders" },
      from: { ...from, is_bot: false },
      text,
      ...(entities.length > 0 ? { entities } : {}),
      ...(options.replyToBot
        ? {
            reply_to_message: {
              message_id: freshId(),
              date: 1_700_000_000,
              chat: { id: groupId, type: "supergroup", title: "Traders" },
              from: { id: BOT_ID, is_bot: true, first_name: "MountainLion", username: BOT_USERNAME },
              text: "An earlier answer",
            },
          }
        : {}),
    },
  };
}

/**
 * A button press: on a message of the bot in `from`'s private chat (`messageId`, a photo card when `withPhoto`),
 * or on a message sent through inline mode (`inlineMessageId`); data "" is a press without data.
 */
export function callbackQuery(
  from: Person,
  data: string,
  at: { messageId?: number; withPhoto?: boolean; inlineMessageId?: string },
): { id: string; update: Record<string, unknown> } {
  const id = `cb-${freshId()}`;
  const message =
    at.messageId === undefined
      ? undefined
      : {
          message_id: at.messageId,
          date: 1_700_000_000,
          chat: { id: from.id, type: "private", first_name: from.first_name },
          from: { id: BOT_ID, is_bot: true, first_name: "MountainLion", username: BOT_USERNAME },
          ...(at.withPhoto
            ? { photo: [{ file_id: "p", file_unique_id: "pu", width: 640, height: 280 }], caption: "card" }
            : { text: "card" }),
        };
  return {
    id,
    update: {
      update_id: freshId(),
      callback_query: {
        id,
        from: { ...from, is_bot: false },
        chat_instance: `ci-${from.id}`,
        ...(message ? { message } : {}),
        ...(at.inlineMessageId ? { inline_message_id: at.inlineMessageId } : {}),
        ...(data ? { data } : {}),
      },
    },
  };
}

/** An inline query from `from` (`@bot <query>` typed in any chat). */
export function inlineQuery(from: Person, query: string): { id: string; update: Record<string, unknown> } {
  const id = `iq-${freshId()}`;
  return {
    id,
    update: {
      update_id: freshId(),
      inline_query: { id, from: { ...from, is_bot: false }, query, offset: "", chat_type: "supergroup" },
    },
  };
}
