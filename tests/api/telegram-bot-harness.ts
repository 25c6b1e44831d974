import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { telegramChats } from "../../src/server/db/schema.ts";
import type { ServerOptions } from "../../src/server/server.ts";
import {
  type BotApiStandIn,
  type RecordedCall,
  type StandInUpdate,
  startBotApiStandIn,
} from "../support/bot-api-stand-in.ts";
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

/** A token of Telegram's shape; only the stand-in ever sees it. */
export const BOT_TOKEN = "7000000001:AAbotTestTokenbotTestTokenbotTestToken";
export const WEBHOOK_SECRET = "webhook-secret-0123456789abcdef";
export const MINI_APP_URL = "https://app.example/";

/** The shortest polling waits that still behave as in production (a lease outlives several renewals). */
export const FAST_POLLING: NonNullable<ServerOptions["telegram"]> = {
  polling: {
    leaseMs: 2_000,
    pollTimeoutSeconds: 1,
    standbyCheckMs: 50,
    errorBackoffMs: 20,
    maxErrorBackoffMs: 100,
  },
};

/** A server with the bot on, talking to the stand-in; webhook mode unless `mode` says polling. */
export async function startBotServer(
  standIn: BotApiStandIn,
  dbEnv: Record<string, string>,
  options: { mode?: "webhook" | "polling"; env?: Record<string, string> } & Pick<
    ServerOptions,
    "clock" | "telegram"
  > = {},
): Promise<TestServer> {
  const env = {
    ...dbEnv,
    BOT_TOKEN,
    TELEGRAM_API_ROOT: standIn.apiRoot,
    BOT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    MINI_APP_URL,
    PUBLIC_URL: "https://app.example",
    BOT_MODE: options.mode ?? "webhook",
    ...options.env,
  };
  return startTestServer(env, { clock: options.clock, telegram: options.telegram ?? FAST_POLLING });
}

/** The bot of a started server (the test fails here when the server has none). */
export function botOf(srv: TestServer) {
  const telegram = srv.server.telegram;
  if (!telegram) throw new Error("the server runs no bot");
  return telegram;
}

let nextUpdateId = 100_000;
let nextUserId = 500_000_000;
/** A fresh update id, unique in this process. */
export const updateId = () => ++nextUpdateId;
/** A fresh Telegram user (and private chat) id, unique in this process: each test talks in its own chat. */
export const telegramUserId = () => ++nextUserId;

export interface PrivateUser {
  id: number;
  language_code?: string;
  first_name?: string;
  username?: string;
}

/** A message a user writes to the bot in their private chat; a leading /command gets Telegram's entity. */
export function textUpdate(user: PrivateUser, text: string, id = updateId()): StandInUpdate {
  const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
  return {
    update_id: id,
    message: {
      message_id: id,
      date: 1_700_000_000,
      chat: { id: user.id, type: "private", first_name: user.first_name ?? "Ada" },
      from: {
        id: user.id,
        is_bot: false,
        first_name: user.first_name ?? "Ada",
        ...(user.username ? { username: user.username } : {}),
        ...(user.language_code ? { language_code: user.language_code } : {}),
      },
      text,
      ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] } : {}),
    },
  };
}

/** A press of an inline button with this data, under a message the bot sent in the user's private chat. */
export function callbackUpdate(user: PrivateUser, data: string, id = updateId()): StandInUpdate {
  return {
    update_id: id,
    callback_query: {
      id: `cb-${id}`,
      chat_instance: `ci-${user.id}`,
      from: {
        id: user.id,
        is_bot: false,
        first_name: "Ada",
        ...(user.language_code ? { language_code: user.language_code } : {}),
      },
      message: {
        message_id: 42,
        date: 1_700_000_000,
        chat: { id: user.id, type: "private", first_name: "Ada" },
        from: { id: 7_000_000_001, is_bot: true, first_name: "MountainLion" },
        text: "Which language should I answer in?",
      },
      data,
    },
  };
}

/** The bot's own membership in a private chat changed: "kicked" (blocked by the user) or "member" (unblocked). */
export function myChatMemberUpdate(userId: number, status: "kicked" | "member", id = updateId()): StandInUpdate {
  const bot = { id: 7_000_000_001, is_bot: true, first_name: "MountainLion", username: "mountainlion_test_bot" };
  const old = status === "kicked" ? { status: "member", user: bot } : { status: "kicked", user: bot, until_date: 0 };
  const now = status === "kicked" ? { status: "kicked", user: bot, until_date: 0 } : { status: "member", user: bot };
  return {
    update_id: id,
    my_chat_member: {
      chat: { id: userId, type: "private", first_name: "Ada" },
      from: { id: userId, is_bot: false, first_name: "Ada" },
      date: 1_700_000_000,
      old_chat_member: old,
      new_chat_member: now,
    },
  };
}

/** POSTs an update to the server's webhook as Telegram does (the path's and the header's secret by default). */
export async function postWebhook(
  srv: TestServer,
  body: unknown,
  options: { pathSecret?: string; headerSecret?: string | null; rawBody?: string } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const headerSecret = options.headerSecret === undefined ? WEBHOOK_SECRET : options.headerSecret;
  if (headerSecret !== null) headers["x-telegram-bot-api-secret-token"] = headerSecret;
  const response = await fetch(`${srv.url}/telegram/webhook/${options.pathSecret ?? WEBHOOK_SECRET}`, {
    method: "POST",
    headers,
    body: options.rawBody ?? JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/** Sends an update through the webhook and waits until the bot has handled it (and everything before it). */
export async function deliver(srv: TestServer, update: StandInUpdate): Promise<void> {
  const answer = await postWebhook(srv, update);
  if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}: ${answer.text}`);
  await botOf(srv).idle();
}

/** The calls of a method the bot made to one chat. */
export function callsTo(standIn: BotApiStandIn, method: string, chatId: number): RecordedCall[] {
  return standIn.callsOf(method).filter((call) => Number(call.params.chat_id) === chatId);
}

/** The inline keyboard of a recorded call, as rows of buttons. */
export function keyboardOf(call: RecordedCall | undefined): Record<string, unknown>[][] {
  const markup = call?.params.reply_markup as { inline_keyboard?: Record<string, unknown>[][] } | undefined;
  return markup?.inline_keyboard ?? [];
}

/** The bot's row for a chat. */
export async function chatRow(srv: TestServer, chatId: number) {
  const [row] = await srv.server.database.db.select().from(telegramChats).where(eq(telegramChats.chatId, chatId));
  return row;
}

/** A file's bot server: its stand-in, its fresh database and the server, all up once its bot has started. */
export interface BotServerFixture {
  standIn: BotApiStandIn;
  db: TestDatabase;
  srv: TestServer;
}

/**
 * Starts, before the file's (or describe's) tests, a stand-in, a fresh database and the server with its bot (up:
 * getMe answered), and stops them after; the fields are set once the tests run.
 */
export function botServerForTests(options: Parameters<typeof startBotServer>[2] = {}): BotServerFixture {
  const fixture = {} as BotServerFixture;
  beforeAll(async () => {
    fixture.standIn = await startBotApiStandIn();
    fixture.db = await createTestDatabase();
    fixture.srv = await startBotServer(fixture.standIn, fixture.db.env, options);
    if (!(await botOf(fixture.srv).started)) throw new Error("the bot did not start");
  });
  afterAll(async () => {
    await fixture.srv?.stop();
    await fixture.standIn?.close();
    await fixture.db?.drop();
  });
  return fixture;
}
