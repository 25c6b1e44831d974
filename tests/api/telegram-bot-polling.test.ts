import { afterEach, describe, expect, inject, it } from "vitest";
import { type BotApiStandIn, startBotApiStandIn } from "../support/bot-api-stand-in.ts";
import { createTestDatabase, ONE_NODE_PER_PGLITE, type TestDatabase, type TestServer } from "./harness.ts";
import {
  botOf,
  callsTo,
  FAST_POLLING,
  keyboardOf,
  startBotServer,
  telegramUserId,
  textUpdate,
  updateId,
} from "./telegram-bot-harness.ts";

/** What each test started, stopped after it whatever happened. */
const started: { servers: TestServer[]; standIns: BotApiStandIn[]; dbs: TestDatabase[] } = {
  servers: [],
  standIns: [],
  dbs: [],
};
afterEach(async () => {
  await Promise.all(started.servers.splice(0).map((srv) => srv.stop()));
  await Promise.all(started.standIns.splice(0).map((standIn) => standIn.close()));
  await Promise.all(started.dbs.splice(0).map((db) => db.drop()));
});

async function setUp() {
  const standIn = await startBotApiStandIn();
  started.standIns.push(standIn);
  const db = await createTestDatabase();
  started.dbs.push(db);
  return { standIn, db };
}

async function node(standIn: BotApiStandIn, dbEnv: Record<string, string>, nodeId: string, env = {}) {
  const srv = await startBotServer(standIn, dbEnv, {
    mode: "polling",
    env,
    telegram: { ...FAST_POLLING, nodeId },
  });
  started.servers.push(srv);
  return srv;
}

describe("the bot by long polling", () => {
  it("polls when PUBLIC_URL is not https, and opens an http app address with a plain link button", async () => {
    const { standIn, db } = await setUp();
    const srv = await node(standIn, db.env, "solo", {
      BOT_MODE: "",
      PUBLIC_URL: "",
      MINI_APP_URL: "http://app.example/",
    });
    await standIn.waitForCall("deleteWebhook");
    const user = { id: telegramUserId() };
    const update = textUpdate(user, "/start coin_eth");
    standIn.pushUpdate(update);
    const reply = await standIn.waitForCall("sendMessage", 1, (call) => call.params.chat_id === user.id);
    expect(keyboardOf(reply)).toEqual([[{ text: "Open ETH", url: "http://app.example/?startapp=coin_ETH" }]]);
    // the update is confirmed to Telegram by the next call's offset
    await standIn.waitForCall("getUpdates", 1, (call) => Number(call.params.offset) === update.update_id + 1);
    expect(standIn.pendingUpdates()).toEqual([]);
    expect(standIn.callsOf("setWebhook")).toHaveLength(0);
    // Telegram takes web_app menu buttons only with https addresses
    expect(standIn.callsOf("setChatMenuButton")).toHaveLength(0);
    expect(standIn.callsOf("setMyCommands")).toHaveLength(2);
    expect(botOf(srv).polling).toBe(true);
  });

  it("has exactly one of two nodes poll, handles each update once, and the other takes over when it stops", async (ctx) => {
    ctx.skip(inject("database") === "pglite", ONE_NODE_PER_PGLITE);
    const { standIn, db } = await setUp();
    const first = await node(standIn, db.env, "node-a");
    await standIn.waitForCall("deleteWebhook");
    const second = await node(standIn, db.env, "node-b");
    expect(await botOf(second).started).toBe(true);
    // the first node took the lease before the second started: the second stands by
    expect(botOf(first).polling).toBe(true);
    expect(botOf(second).polling).toBe(false);

    const users = Array.from({ length: 12 }, () => ({ id: telegramUserId() }));
    const before = users.map((user) => textUpdate(user, "/help"));
    standIn.pushUpdate(...before);
    for (const user of users) {
      await standIn.waitForCall("sendMessage", 1, (call) => call.params.chat_id === user.id);
    }

    await first.stop();
    await standIn.waitForCall("deleteWebhook", 2);
    expect(botOf(second).polling).toBe(true);
    // the new poller is also handed updates the first one handled (as when their confirmation was lost): dropped
    const later = users.map((user) => textUpdate(user, "/predict", updateId()));
    standIn.pushUpdate(...before.slice(0, 4), ...later);
    for (const user of users) {
      await standIn.waitForCall("sendMessage", 2, (call) => call.params.chat_id === user.id);
    }
    await botOf(second).idle();
    for (const user of users) {
      const texts = callsTo(standIn, "sendMessage", user.id).map((call) => String(call.params.text));
      expect(texts).toHaveLength(2);
      expect(texts[0]).toContain("Here is what I can do:");
      expect(texts[1]).toContain("Which coin? Send /predict with a symbol");
    }
    const tookLease = (srv: TestServer) =>
      srv.logs.filter((line) => line.msg === "telegram polling lease taken; this node polls");
    expect(tookLease(first)).toHaveLength(1);
    expect(tookLease(second)).toHaveLength(1);
  });
});
