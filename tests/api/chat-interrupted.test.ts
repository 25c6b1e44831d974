import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type ChatMessage, chatGroupSchema, chatMessageSchema } from "../../src/contract/chat.ts";
import { apiNodes, chatGroups, chatMessages } from "../../src/server/db/schema.ts";
import { NODE_LEASE_MS } from "../../src/server/features/chat/answer-nodes.ts";
import { createSseReader } from "../../src/server/features/chat/chat-sse.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { type LoopbackModel, startLoopbackModel } from "./chat-loopback.ts";
import {
  call,
  createTestDatabase,
  newDeviceNo,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from "./harness.ts";

const GPT = 1;

/**
 * Reads a stored state another process writes until it holds: that process tells nothing when it writes, so the
 * state is read again (vi.waitFor retries; its limit is for a loaded machine).
 */
function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, ms = 20_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!accept(value)) throw new Error("the stored state is not there yet");
      return value;
    },
    { timeout: ms, interval: 50 },
  );
}

/** The chat as the app reads it, checked against the contract. */
async function messages(url: string, deviceNo: string, msggroup: string): Promise<ChatMessage[]> {
  const res = await call(url, `/getMessageList?msggroup=${msggroup}`, { deviceNo });
  expect(res.json?.code).toBe(200);
  return z.object({ list: z.array(chatMessageSchema) }).parse(res.json?.data).list;
}

const answerOf = (list: ChatMessage[]) => list.find((message) => message.role === "assistant");

/** The product's server in its own process, as `npm start` runs it, so the test can kill it without warning. */
async function startServerProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      STATIC_DIR: path.join(tmpdir(), "ml-no-static"),
      // the shipped market and news, never the network
      MARKET_PROVIDER: "replay",
      NEWS_PROVIDER: "archive",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`the server process exited (${String(code)}) before listening`);
  });
  const listening = (async () => {
    for await (const line of lines) {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === "listening" && entry.port) return `http://127.0.0.1:${entry.port}`;
    }
    throw new Error("the server process closed its output before listening");
  })();
  const url = await Promise.race([listening, exited]);
  // keep draining its log (the line reader closed once it found the address) so the pipe never fills
  child.stdout?.resume();
  return { child, url };
}

describe("answers of a server that died mid-answer", () => {
  let db: TestDatabase;
  let model: LoopbackModel;
  let child: ChildProcess | undefined;
  let srv: TestServer | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    model = await startLoopbackModel();
  });
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
    child = undefined;
    await srv?.stop();
    srv = undefined;
  });
  afterAll(async () => {
    await model?.close();
    await db?.drop();
  });

  it("are kept as interrupted, with what was written, when the server starts again after kill -9", async () => {
    const llm = { LLM_GPT_BASE_URL: model.baseUrl, LLM_GPT_API_KEY: "test" };
    const started = await startServerProcess({ ...db.env, ...llm });
    child = started.child;
    const deviceNo = newDeviceNo();
    const msggroup = `${Date.now()}7`;

    const controller = new AbortController();
    const response = await fetch(`${started.url}/v2/api/chat/send`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-device-no": deviceNo },
      body: JSON.stringify({ msggroup, model: GPT, question: "[[slow]] BTC trend?" }),
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    const sse = createSseReader();
    const decoder = new TextDecoder();
    let streamed = "";
    while (reader && (streamed.match(/w\d+ /g) ?? []).length < 3) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const event of sse.feed(decoder.decode(value, { stream: true }))) {
        if (event.event === "text") streamed += (JSON.parse(event.data) as { delta: string }).delta;
      }
    }
    expect(streamed).toMatch(/^w0 w1 w2 /);
    // the answer as the dying server stored it so far: streaming, with some text
    const before = await until(
      () => messages(started.url, deviceNo, msggroup),
      (list) => (answerOf(list)?.content.length ?? 0) > 0,
    );
    expect(answerOf(before)?.status).toBe("streaming");

    child.kill("SIGKILL");
    await once(child, "exit");
    controller.abort();

    srv = await startTestServer({ ...db.env, ...llm });
    const after = answerOf(await messages(srv.url, deviceNo, msggroup));
    expect(after?.status).toBe("interrupted");
    expect(after?.content).toMatch(/^w0 (w\d+ )*$/);
    expect(after?.content.length).toBeGreaterThanOrEqual(answerOf(before)?.content.length ?? 1);

    // the chat is still listed
    const list = await call(srv.url, "/getMsgGroupList", { deviceNo });
    const groups = z.object({ list: z.array(chatGroupSchema) }).parse(list.json?.data).list;
    expect(groups.map((group) => group.msggroup)).toEqual([msggroup]);
  }, 120_000);

  it("are told from those of a live node by its lease: only a lapsed lease closes them", async () => {
    const clock = manualClock(new Date("2026-11-25T10:00:00Z"));
    const now = clock.now();
    srv = await startTestServer(db.env, { clock });
    const deviceNo = newDeviceNo();
    const msggroup = `${now.getTime()}8`;
    // two answers written by API nodes on other machines: one renewed its lease just now, one went silent
    const live = { id: "other-a:41:live", host: "other-a", pid: 41 };
    const lapsed = { id: "other-b:42:gone", host: "other-b", pid: 42 };
    const database = srv.server.database.db;
    await database.insert(apiNodes).values([
      { ...live, startedAt: now, leaseUntil: new Date(now.getTime() + NODE_LEASE_MS) },
      { ...lapsed, startedAt: now, leaseUntil: new Date(now.getTime() - 1) },
    ]);
    await database.insert(chatGroups).values({ msggroup, owner: `v:${deviceNo}`, content: "BTC?" });
    const row = (code: string, node: string) => ({
      code,
      msggroup,
      role: "assistant" as const,
      content: `written by ${node}`,
      model: GPT,
      status: "streaming" as const,
      node,
      createdAt: now,
    });
    await database.insert(chatMessages).values([row("live1", live.id), row("lapsed1", lapsed.id)]);
    await srv.stop();

    srv = await startTestServer(db.env, { clock });
    const statusOf = async () =>
      Object.fromEntries(
        (await messages(srv?.url ?? "", deviceNo, msggroup)).map((message) => [message.code, message.status]),
      );
    expect(await statusOf()).toEqual({ live1: "streaming", lapsed1: "interrupted" });
    const kept = await messages(srv.url, deviceNo, msggroup);
    expect(kept.find((message) => message.code === "lapsed1")?.content).toBe(`written by ${lapsed.id}`);
    await srv.stop();

    // the live node stops renewing: once its lease has run out, the next server to start closes its answer
    clock.advance(NODE_LEASE_MS + 1);
    srv = await startTestServer(db.env, { clock });
    expect(await statusOf()).toEqual({ live1: "interrupted", lapsed1: "interrupted" });
  }, 120_000);
});
