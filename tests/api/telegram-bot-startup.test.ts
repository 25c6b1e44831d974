import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type BotApiStandIn, startBotApiStandIn } from "../support/bot-api-stand-in.ts";
import { freePort } from "../support/free-port.ts";
import { createTestDatabase, type TestDatabase, type TestServer } from "./harness.ts";
import { BOT_TOKEN, botOf, postWebhook, startBotServer, telegramUserId, textUpdate } from "./telegram-bot-harness.ts";

const started: { servers: TestServer[]; standIns: BotApiStandIn[]; dbs: TestDatabase[]; silent: Server[] } = {
  servers: [],
  standIns: [],
  dbs: [],
  silent: [],
};
afterEach(async () => {
  await Promise.all(started.servers.splice(0).map((srv) => srv.stop()));
  await Promise.all(started.standIns.splice(0).map((standIn) => standIn.close()));
  await Promise.all(started.dbs.splice(0).map((db) => db.drop()));
  for (const server of started.silent.splice(0)) server.close();
});

async function database() {
  const db = await createTestDatabase();
  started.dbs.push(db);
  return db;
}

/** A Bot API address that takes connections and never answers (Telegram unreachable behind a stalled network). */
async function silentApi() {
  const sockets = new Set<Socket>();
  let connected: () => void = () => {};
  const firstConnection = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const server = createServer((socket) => {
    socket.resume(); // the request is read and never answered; the client's close is seen
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    connected();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  started.silent.push(server);
  return { apiRoot: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, firstConnection, sockets };
}

const pending = Symbol("pending");
const stateOf = <T>(promise: Promise<T>) => Promise.race([promise, Promise.resolve(pending)]);

describe("starting and stopping the bot", () => {
  it("starts the server without waiting for Telegram, refuses updates until it answers, and stops cleanly", async () => {
    const db = await database();
    const silent = await silentApi();
    const standIn = await startBotApiStandIn();
    started.standIns.push(standIn);
    const srv = await startBotServer(standIn, db.env, { env: { TELEGRAM_API_ROOT: silent.apiRoot } });
    started.servers.push(srv);
    await silent.firstConnection;
    expect(await stateOf(botOf(srv).started)).toBe(pending);
    // Telegram sends the update again later
    const early = await postWebhook(srv, textUpdate({ id: telegramUserId() }, "/start"));
    expect(early.status).toBe(503);
    expect(early.json).toMatchObject({ code: 1001 });
    // the rest of the app does not wait for the bot
    expect((await fetch(`${srv.url}/v2/api/openapi.json`)).status).toBe(200);

    await srv.stop();
    expect(await botOf(srv).started).toBe(false);
    // the call left hanging was given up (its connection closed), so nothing keeps the process up
    await vi.waitFor(() => expect(silent.sockets.size).toBe(0), { timeout: 5_000, interval: 20 });
  });

  it("keeps trying an unreachable Telegram with growing pauses, never writing the token, until stopped", async () => {
    const db = await database();
    const standIn = await startBotApiStandIn();
    started.standIns.push(standIn);
    const closedPort = await freePort();
    const srv = await startBotServer(standIn, db.env, { env: { TELEGRAM_API_ROOT: `http://127.0.0.1:${closedPort}` } });
    started.servers.push(srv);
    const failures = () => srv.logs.filter((line) => line.msg === "telegram getMe failed");
    await vi.waitFor(() => expect(failures().length).toBeGreaterThanOrEqual(3), { timeout: 20_000, interval: 20 });
    const pauses = failures().map((line) => Number(line.retryInMs));
    expect(pauses[1]).toBeGreaterThan(pauses[0] ?? 0);
    await srv.stop();
    expect(await botOf(srv).started).toBe(false);
    expect(JSON.stringify(srv.logs)).not.toContain(BOT_TOKEN.split(":")[1]);
  });

  it("turns the bot off when Telegram refuses the token, and the server keeps serving", async () => {
    const db = await database();
    const standIn = await startBotApiStandIn();
    started.standIns.push(standIn);
    standIn.failNext("getMe", { error_code: 401, description: "Unauthorized" });
    const srv = await startBotServer(standIn, db.env);
    started.servers.push(srv);
    expect(await botOf(srv).started).toBe(false);
    expect(standIn.callsOf("getMe")).toHaveLength(1);
    expect(standIn.callsOf("setWebhook")).toHaveLength(0);
    expect(srv.logs.some((line) => line.msg === "the bot is off: Telegram refused its token (BOT_TOKEN)")).toBe(true);
    expect((await postWebhook(srv, textUpdate({ id: telegramUserId() }, "/start"))).status).toBe(503);
    expect((await fetch(`${srv.url}/v2/api/openapi.json`)).status).toBe(200);
  });
});
