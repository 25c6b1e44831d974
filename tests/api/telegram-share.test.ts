import { sign as signInitData } from "@telegram-apps/init-data-node";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatGroups, chatMessages, chatShares } from "../../src/server/db/schema.ts";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { type CallOptions, call, createTestDatabase, type TestDatabase, type TestServer } from "./harness.ts";
import { BOT_TOKEN, botServerForTests, startBotServer, telegramUserId } from "./telegram-bot-harness.ts";

const fixture = botServerForTests({ mode: "webhook" });

interface Account {
  userId: number;
  telegramId: number | undefined;
  post(path: string, body: unknown, options?: CallOptions): ReturnType<typeof call>;
}

/** A mini app user: signed in with init data the bot token signed, as the app does it silently inside Telegram. */
async function telegramAccount(server: TestServer = fixture.srv): Promise<Account> {
  const telegramId = telegramUserId();
  const initData = signInitData(
    { user: { id: telegramId, first_name: "Ada", username: `ada${telegramId}` }, query_id: "AAHshare" } as never,
    BOT_TOKEN,
    new Date(),
  );
  const login = await call(server.url, "/telegramLogin", { body: { initData } });
  expect(login.status).toBe(200);
  const auth = { authorization: `Bearer ${String(login.json?.data.user_token)}` };
  return {
    userId: Number(login.json?.data.user_id),
    telegramId,
    post: (path, body, options = {}) => call(server.url, path, { ...options, body, headers: { ...auth } }),
  };
}

/** An email account, signed in: it has no Telegram identity. */
async function emailAccount(): Promise<Account> {
  const database = fixture.srv.server.database.db;
  const user = await createUsersRepository(database, { now: () => new Date() }).create({
    email: `share-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    username: `sharer${Math.random().toString(36).slice(2, 10)}`,
  });
  if (!user) throw new Error("user not created");
  const login = await createSessionsService(database, { now: () => new Date() }).signIn(user, "email");
  const auth = { authorization: `Bearer ${login.user_token}` };
  return {
    userId: user.id,
    telegramId: undefined,
    post: (path, body, options = {}) => call(fixture.srv.url, path, { ...options, body, headers: { ...auth } }),
  };
}

/** A finished chat of the account: a question (with markup-like text) and its answer. */
async function chatOf(account: Account, question: string) {
  const database = fixture.srv.server.database.db;
  const msggroup = `${Date.now()}tg${account.userId}${Math.random().toString(36).slice(2, 8)}`;
  await database.insert(chatGroups).values({ msggroup, owner: `u:${account.userId}`, content: question });
  const codes = [`${msggroup}-q`, `${msggroup}-a`];
  await database.insert(chatMessages).values([
    { code: codes[0] as string, msggroup, role: "user", content: question, model: 6, status: "complete" },
    {
      code: codes[1] as string,
      msggroup,
      role: "assistant",
      content: "BTC is up 2.10%.",
      model: 6,
      status: "complete",
    },
  ]);
  return { msggroup, codes };
}

const sharesCount = async () => {
  const [row] = await fixture.srv.server.database.db.select({ n: count() }).from(chatShares);
  return row?.n ?? 0;
};

describe("POST /v2/api/telegram/share", () => {
  it("prepares the chat's card for the user's Telegram id and answers its id", async () => {
    const account = await telegramAccount();
    const question = `Why is <b>BTC</b> & "ETH" moving?`;
    const chat = await chatOf(account, question);
    const before = fixture.standIn.callsOf("savePreparedInlineMessage").length;

    const res = await account.post("/telegram/share", {
      msggroup: chat.msggroup,
      messages: chat.codes,
      language: "en",
    });
    expect(res.status).toBe(200);
    const data = res.json?.data as { id: string; expiration_date: number; code: string; url: string };
    expect(data.url).toBe(`/chatDetail/${data.code}`);

    const calls = fixture.standIn.callsOf("savePreparedInlineMessage");
    expect(calls).toHaveLength(before + 1);
    const prepared = calls.at(-1);
    // the stand-in answers ids as Telegram does; the route hands that id back unchanged
    expect(data.id).toMatch(/^prepared-\d+$/);
    expect(prepared?.params).toMatchObject({
      user_id: account.telegramId,
      allow_user_chats: true,
      allow_group_chats: true,
    });
    const result = prepared?.params.result as {
      type: string;
      title: string;
      url: string;
      input_message_content: { message_text: string; parse_mode: string };
      reply_markup: { inline_keyboard: { text: string; url: string }[][] };
    };
    expect(result.type).toBe("article");
    expect(result.title).toBe(question);
    expect(result.url).toBe(`https://app.example/chatDetail/${data.code}`);
    expect(result.input_message_content.parse_mode).toBe("HTML");
    // the user's text is escaped, never markup
    expect(result.input_message_content.message_text).toContain(
      "<b>Why is &lt;b&gt;BTC&lt;/b&gt; &amp; &quot;ETH&quot; moving?</b>",
    );
    expect(result.input_message_content.message_text).toContain(
      `<a href="https://app.example/chatDetail/${data.code}">Read the whole chat</a>`,
    );
    expect(result.reply_markup.inline_keyboard).toEqual([
      [{ text: "Open", url: `https://t.me/mountainlion_test_bot?startapp=share_${data.code}` }],
    ]);

    // the share is the public page's: anyone reads it by the code
    const page = await call(fixture.srv.url, `/getShareMessages?code=${data.code}`);
    expect(page.json?.data).toMatchObject({ code: data.code, summary: question });
  });

  it("reuses a share made before (its code) without making another", async () => {
    const account = await telegramAccount();
    const chat = await chatOf(account, "What moved SOL?");
    const first = await account.post("/telegram/share", { msggroup: chat.msggroup, messages: chat.codes });
    const code = String(first.json?.data.code);
    const shares = await sharesCount();

    const again = await account.post("/telegram/share", { code, language: "cn" });
    expect(again.status).toBe(200);
    expect(again.json?.data).toMatchObject({ code, url: `/chatDetail/${code}` });
    expect(again.json?.data.id).not.toBe(first.json?.data.id);
    expect(await sharesCount()).toBe(shares);
    const result = fixture.standIn.callsOf("savePreparedInlineMessage").at(-1)?.params.result as Record<
      string,
      unknown
    >;
    expect(result.id).toBe(`share_${code}`);
  });

  it("names the field of bad input in the error envelope", async () => {
    const account = await telegramAccount();
    const chat = await chatOf(account, "What about ETH?");
    const cases: [unknown, string, string][] = [
      [{}, "msggroup", "required"],
      [{ msggroup: chat.msggroup, messages: [] }, "messages", "chooseChat"],
      [{ msggroup: chat.msggroup, messages: Array.from({ length: 7 }, (_, i) => `m${i}`) }, "messages", "chooseChat"],
      [{ msggroup: chat.msggroup, messages: chat.codes, language: "fr" }, "language", "invalidValue"],
    ];
    for (const [body, field, key] of cases) {
      const res = await account.post("/telegram/share", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json, JSON.stringify(body)).toMatchObject({ code: 1001, data: { field, key } });
    }
    const unknown = await account.post("/telegram/share", { code: "noSuchShare123" });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 1001, data: { field: "code", key: "notFound" } });

    // another user's chat answers as if it did not exist
    const other = await telegramAccount();
    const theirs = await other.post("/telegram/share", { msggroup: chat.msggroup, messages: chat.codes });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ data: { field: "msggroup", key: "notFound" } });
  });

  it("needs a signed-in account with Telegram", async () => {
    const anonymous = await call(fixture.srv.url, "/telegram/share", { body: { code: "abc" } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });

    const account = await emailAccount();
    const chat = await chatOf(account, "Is it time to buy?");
    const before = fixture.standIn.callsOf("savePreparedInlineMessage").length;
    const res = await account.post("/telegram/share", { msggroup: chat.msggroup, messages: chat.codes });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "telegramAccountRequired" } });
    expect(fixture.standIn.callsOf("savePreparedInlineMessage")).toHaveLength(before);
  });

  it("says so when Telegram refuses the card, with no made-up id", async () => {
    const account = await telegramAccount();
    const chat = await chatOf(account, "Will it rain BTC?");
    fixture.standIn.failNext("savePreparedInlineMessage", {
      error_code: 400,
      description: "Bad Request: USER_ID_INVALID",
    });
    const res = await account.post("/telegram/share", { msggroup: chat.msggroup, messages: chat.codes });
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "Serverbusy" } });
    expect(res.json?.msg).toContain("USER_ID_INVALID");
    expect(res.json?.data).not.toHaveProperty("id");
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${fixture.srv.url}/v2/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.paths["/v2/api/telegram/share"]?.post?.requestBody).toBeDefined();
    expect(doc.paths["/v2/api/telegram/notifications"]?.get).toBeDefined();
    expect(doc.paths["/v2/api/telegram/notifications"]?.post).toBeDefined();
  });
});

describe("a server without a bot", () => {
  let plainDb: TestDatabase;
  let plain: TestServer;
  beforeAll(async () => {
    plainDb = await createTestDatabase();
    // the token only checks the mini app's init data: no bot runs
    plain = await startBotServer(fixture.standIn, plainDb.env, { env: { BOT_MODE: "off" } });
  });
  afterAll(async () => {
    await plain?.stop();
    await plainDb?.drop();
  });

  it("answers a clear 'not configured', not a server failure", async () => {
    expect(plain.server.telegram).toBeUndefined();
    const account = await telegramAccount(plain);
    const res = await account.post("/telegram/share", { code: "abc" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "notConfigured" } });
    const settings = await call(plain.url, "/telegram/notifications", {
      headers: { authorization: (await loginHeader(plain)).authorization },
    });
    expect(settings.json?.data).toMatchObject({ available: false, reason: "noBot", subscribed: false });
  });
});

async function loginHeader(server: TestServer) {
  const initData = signInitData(
    { user: { id: telegramUserId(), first_name: "Bo" }, query_id: "AAHplain" } as never,
    BOT_TOKEN,
    new Date(),
  );
  const login = await call(server.url, "/telegramLogin", { body: { initData } });
  return { authorization: `Bearer ${String(login.json?.data.user_token)}` };
}
