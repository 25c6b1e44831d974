import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { tool } from "ai";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  type ChatEventName,
  type ChatEvents,
  chatEventSchemas,
  chatGroupSchema,
  chatMessageSchema,
} from "../../src/contract/chat.ts";
import { loadConfig } from "../../src/server/config.ts";
import { chatMessages, chatUploads, quotaUsage, users } from "../../src/server/db/schema.ts";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import type { ChatToolkit } from "../../src/server/features/chat/chat.service.ts";
import { createSseReader } from "../../src/server/features/chat/chat-sse.ts";
import { systemClock } from "../../src/server/providers/clock.ts";
import { type RunningServer, startServer } from "../../src/server/server.ts";
import { LOOPBACK_ANSWER, type LoopbackModel, SLOW_WORDS, startLoopbackModel } from "./chat-loopback.ts";
import {
  call,
  createTestDatabase,
  newDeviceNo,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from "./harness.ts";

const TIMEOUT_MS = 4_000;
const GPT = 1;

/** The test's own tool: the loopback model calls it, and its result must reach the model. */
const testToolkit: ChatToolkit = {
  tools: () => ({
    test_price: tool({
      description: "The price of a coin",
      inputSchema: z.object({ symbol: z.string() }),
      execute: async ({ symbol }) => ({
        symbol,
        price: 64_000,
        source: "test feed",
        at: "2025-05-01T00:00:00.000Z",
      }),
    }),
  }),
  summary: (name, input, language) => `${language === "cn" ? "查询" : "looked up"} ${name} ${JSON.stringify(input)}`,
  citation: (output) => {
    const parsed = z.object({ source: z.string(), at: z.string() }).safeParse(output);
    return parsed.success ? { tool: "test_price", source: parsed.data.source, at: parsed.data.at } : null;
  },
};

let db: TestDatabase;
let model: LoopbackModel;
let server: RunningServer;
let url: string;

beforeAll(async () => {
  db = await createTestDatabase();
  model = await startLoopbackModel();
  const config = loadConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    STATIC_DIR: path.join(tmpdir(), "ml-no-static"),
    REDIS_KEY_PREFIX: `t${randomUUID().slice(0, 8)}:`,
    RATE_LIMIT_POINTS: "10000",
    AUTH_RATE_LIMIT_POINTS: "10000",
    // every visitor of these tests calls from 127.0.0.1; the per-address quota has its own test
    VISITORS_PER_ADDRESS: "10000",
    // the shipped market and news, never the network
    MARKET_PROVIDER: "replay",
    NEWS_PROVIDER: "archive",
    LLM_GPT_BASE_URL: model.baseUrl,
    LLM_GPT_API_KEY: "test",
    LLM_TIMEOUT_MS: String(TIMEOUT_MS),
    ...db.env,
  });
  server = await startServer(config, { logger: pino({ level: "silent" }), chatToolkit: testToolkit });
  url = server.url;
});
afterAll(async () => {
  await server?.close();
  await model?.close();
  await db?.drop();
});

type AnyEvent = { [K in ChatEventName]: { event: K; data: ChatEvents[K] } }[ChatEventName];

interface Caller {
  deviceNo: string;
  token?: string;
}

const headersOf = (caller: Caller): Record<string, string> => ({
  "x-device-no": caller.deviceNo,
  ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
});

function parseEvent(event: string, data: string): AnyEvent {
  const name = z.enum(["start", "text", "tool", "done", "error"]).parse(event);
  const json: unknown = JSON.parse(data);
  switch (name) {
    case "start":
      return { event: name, data: chatEventSchemas.start.parse(json) };
    case "text":
      return { event: name, data: chatEventSchemas.text.parse(json) };
    case "tool":
      return { event: name, data: chatEventSchemas.tool.parse(json) };
    case "done":
      return { event: name, data: chatEventSchemas.done.parse(json) };
    case "error":
      return { event: name, data: chatEventSchemas.error.parse(json) };
  }
}

interface SendResult {
  status: number;
  contentType: string;
  events: AnyEvent[];
  /** the envelope of a send refused before the stream */
  json: { code: number; data: Record<string, unknown> } | undefined;
  /** the raw stream text */
  raw: string;
}

/** POST /chat/send, reading the event stream as it comes; `onEvent` may act mid-stream (stop, abort). */
async function send(
  caller: Caller,
  body: Record<string, unknown>,
  options: { signal?: AbortSignal; onEvent?: (event: AnyEvent) => void | Promise<void>; base?: string } = {},
): Promise<SendResult> {
  const response = await fetch(`${options.base ?? url}/v2/api/chat/send`, {
    method: "POST",
    headers: { ...headersOf(caller), "content-type": "application/json" },
    body: JSON.stringify({ msggroup: newMsggroup(), model: GPT, ...body }),
    signal: options.signal,
  });
  const contentType = response.headers.get("content-type") ?? "";
  if (!contentType.startsWith("text/event-stream")) {
    return { status: response.status, contentType, events: [], json: await response.json(), raw: "" };
  }
  const events: AnyEvent[] = [];
  const decoder = new TextDecoder();
  const sse = createSseReader();
  let raw = "";
  const reader = response.body?.getReader();
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      raw += text;
      for (const parsed of sse.feed(text)) {
        const event = parseEvent(parsed.event, parsed.data);
        events.push(event);
        await options.onEvent?.(event);
      }
    }
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
  return { status: response.status, contentType, events, json: undefined, raw };
}

const eventsNamed = <K extends ChatEventName>(result: SendResult, name: K): ChatEvents[K][] =>
  result.events.flatMap((event) => (event.event === name ? [event.data as ChatEvents[K]] : []));

function only<K extends ChatEventName>(result: SendResult, name: K): ChatEvents[K] {
  const found = eventsNamed(result, name);
  expect(found, `one ${name} event in ${result.raw}`).toHaveLength(1);
  return found[0] as ChatEvents[K];
}

let groupCounter = 0;
function newMsggroup(suffix = "7"): string {
  groupCounter += 1;
  return `${Date.now() + groupCounter}${suffix}`;
}

async function storedMessage(code: string) {
  const [row] = await server.database.db.select().from(chatMessages).where(eq(chatMessages.code, code));
  return row;
}

/**
 * The stored answer once it is no longer streaming: the server ends it after its reader went away, and nothing
 * outside tells when, so the row is read again until it is (vi.waitFor retries; its limit is for a loaded machine).
 */
function storedOnceEnded(code: string) {
  return vi.waitFor(
    async () => {
      const row = await storedMessage(code);
      if (!row || row.status === "streaming") throw new Error(`answer ${code} is ${row?.status ?? "not stored"}`);
      return row;
    },
    { timeout: 30_000, interval: 25 },
  );
}

let userCounter = 0;
/** A signed-in user (new users hold the 7-day trial: unlimited chats); `standard` drops the card. */
async function newUser(options: { standard?: boolean; edition?: "PLUSEdition" | "BasicEdition" } = {}) {
  userCounter += 1;
  const database = server.database.db;
  const user = await createUsersRepository(database, systemClock).create({
    email: `chat${userCounter}-${Date.now()}@example.com`,
    username: `chatter${userCounter}`,
  });
  if (!user) throw new Error("user not created");
  if (options.standard || options.edition) {
    await database
      .update(users)
      .set({
        ...(options.standard ? { card: "0", cardExpiresAt: null } : {}),
        ...(options.edition ? { edition: options.edition } : {}),
      })
      .where(eq(users.id, user.id));
  }
  const login = await createSessionsService(database, systemClock).signIn(user, "email");
  return { user, caller: { deviceNo: newDeviceNo(), token: login.user_token } satisfies Caller };
}

const visitor = (): Caller => ({ deviceNo: newDeviceNo() });

async function api(caller: Caller, apiPath: string, body?: unknown) {
  return call(url, apiPath, { deviceNo: caller.deviceNo, headers: headersOf(caller), body });
}

describe("POST /v2/api/chat/send: the real-model path over HTTP", () => {
  it("streams start, tool, text and done; the tool's result reaches the model; the answer is stored", async () => {
    const { caller } = await newUser();
    const msggroup = newMsggroup();
    const result = await send(caller, { msggroup, question: "What is the BTC price? [[tool]]" });
    expect(result.status).toBe(200);
    expect(result.contentType).toBe("text/event-stream; charset=utf-8");

    const names = result.events.map((event) => event.event);
    expect(names[0]).toBe("start");
    expect(names.at(-1)).toBe("done");
    expect(names.indexOf("tool")).toBeLessThan(names.indexOf("text"));
    expect(names.filter((name) => name === "text")).toHaveLength(LOOPBACK_ANSWER.length);

    const start = only(result, "start");
    expect(start).toMatchObject({ msggroup, model: GPT, answeredBy: "GPT", remaining: null });
    const toolEvent = only(result, "tool");
    expect(toolEvent).toEqual({
      name: "test_price",
      summary: 'looked up test_price {"symbol":"BTC"}',
      citation: { tool: "test_price", source: "test feed", at: "2025-05-01T00:00:00.000Z" },
    });
    const text = eventsNamed(result, "text")
      .map((event) => event.delta)
      .join("");
    expect(text).toBe(LOOPBACK_ANSWER.join(""));
    const done = only(result, "done");
    expect(done).toMatchObject({ code: start.code, finishReason: "stop", citations: [toolEvent.citation] });
    expect(done.related).toHaveLength(3);
    expect(done.related[0]).toContain("BTC");

    // the model got the tool's result in its second request, tied to its call
    const calls = model.requestsFor("[[tool]]").slice(-2);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.body.tools?.map((t) => t.function.name)).toEqual(["test_price"]);
    expect(calls[0]?.body.stream).toBe(true);
    const toolMessage = calls[1]?.body.messages.find((message) => message.role === "tool");
    expect(toolMessage?.tool_call_id).toBe("call_test_1");
    expect(JSON.parse(String(toolMessage?.content))).toEqual({
      symbol: "BTC",
      price: 64_000,
      source: "test feed",
      at: "2025-05-01T00:00:00.000Z",
    });
    expect(calls[1]?.body.messages[0]).toMatchObject({ role: "system" });

    const answer = await storedMessage(start.code);
    expect(answer).toMatchObject({
      role: "assistant",
      content: LOOPBACK_ANSWER.join(""),
      status: "complete",
      model: GPT,
      citations: [toolEvent.citation],
      related: done.related,
    });
    const question = await storedMessage(start.questionCode);
    expect(question).toMatchObject({ role: "user", status: "complete", content: "What is the BTC price? [[tool]]" });
  });

  it("gives the model the chat so far", async () => {
    const { caller } = await newUser();
    const msggroup = newMsggroup();
    await send(caller, { msggroup, question: "first question" });
    await send(caller, { msggroup, question: "second question [[history]]" });
    const [request] = model.requestsFor("[[history]]");
    const turns = request?.body.messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]);
    expect(turns?.[0]).toEqual(["user", "first question"]);
    expect(turns?.[1]?.[0]).toBe("assistant");
    expect(String(turns?.[1]?.[1])).toContain("Hello from the loopback.");
    expect(turns?.[2]).toEqual(["user", "second question [[history]]"]);
  });

  it("a provider 500 before anything streamed: the chat error, the empty answer kept as error, the chat given back", async () => {
    const caller = visitor();
    const began = Date.now();
    const result = await send(caller, { question: "boom [[500]]" });
    // one retry after the SDK's backoff, then the provider's error (not the silence timeout)
    expect(model.requestsFor("[[500]]")).toHaveLength(2);
    expect(Date.now() - began).toBeLessThan(TIMEOUT_MS);
    const start = only(result, "start");
    expect(start.remaining).toBe(0);
    const error = only(result, "error");
    expect(error).toEqual({ code: 1001, key: "chatAnswerError", partialCode: start.code });
    expect(result.events.at(-1)?.event).toBe("error");
    expect(await storedMessage(start.code)).toMatchObject({ status: "error", content: "" });
    // nothing started, so the visitor's one chat of the day is still there
    const again = await send(caller, { question: "hello again" });
    expect(only(again, "done").code).toBe(only(again, "start").code);
  });

  it("a malformed chunk mid-answer: the chat error with the partial answer kept", async () => {
    const caller = visitor();
    const result = await send(caller, { question: "[[malformed]]" });
    const start = only(result, "start");
    const text = eventsNamed(result, "text").map((e) => e.delta);
    expect(text.join("")).toBe("Partial answer");
    expect(only(result, "error")).toEqual({ code: 1001, key: "chatAnswerError", partialCode: start.code });
    expect(await storedMessage(start.code)).toMatchObject({ status: "error", content: "Partial answer" });
    // it started, so it counted
    expect(only(await send(caller, { question: "more" }), "error")).toMatchObject({ code: 5004, key: "noFreeChat" });
  });

  it("a connection cut mid-answer: the chat error with the partial answer kept", async () => {
    // the model cuts its connection once the first words have come through
    const result = await send(
      visitor(),
      { question: "[[drop]]" },
      { onEvent: (event) => (event.event === "text" ? model.release("[[drop]]") : undefined) },
    );
    const start = only(result, "start");
    expect(only(result, "error")).toMatchObject({ code: 1001, partialCode: start.code });
    expect(await storedMessage(start.code)).toMatchObject({ status: "error", content: "Cut " });
  });

  it("a model that goes silent times out: the chat error with the partial answer kept", async () => {
    const began = Date.now();
    const result = await send(visitor(), { question: "[[hang]]" });
    expect(Date.now() - began).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    const start = only(result, "start");
    expect(only(result, "error")).toEqual({ code: 1001, key: "chatAnswerError", partialCode: start.code });
    expect(await storedMessage(start.code)).toMatchObject({ status: "error", content: "Before the silence" });
    const [request] = model.requestsFor("[[hang]]");
    expect(await request?.closed).toEqual({ aborted: true });
  });

  it("a model silent from the start times out and the chat is given back", async () => {
    const caller = visitor();
    const result = await send(caller, { question: "[[hang-start]]" });
    expect(only(result, "error")).toMatchObject({ code: 1001, key: "chatAnswerError" });
    expect(eventsNamed(await send(caller, { question: "now" }), "done")).toHaveLength(1);
  });
});

describe("stopping an answer", () => {
  it("POST /chat/stop mid-stream keeps the partial answer as stopped and ends the stream with done", async () => {
    const { caller } = await newUser();
    const msggroup = newMsggroup();
    let stopAnswer: Promise<Awaited<ReturnType<typeof api>>> | undefined;
    let texts = 0;
    const result = await send(
      caller,
      { msggroup, question: "tell me a long story [[slow]]" },
      {
        onEvent: (event) => {
          if (event.event === "text") texts += 1;
          if (texts === 3 && !stopAnswer) stopAnswer = api(caller, "/chat/stop", { msggroup });
        },
      },
    );
    const stopped = await stopAnswer;
    expect(stopped?.json).toEqual({ code: 200, msg: "success", data: { stopped: true } });
    const start = only(result, "start");
    const done = only(result, "done");
    expect(done).toMatchObject({ code: start.code, finishReason: "stopped" });
    // the model holds its answer open after these words: only the stop ends it
    const partial = eventsNamed(result, "text")
      .map((e) => e.delta)
      .join("");
    expect(partial).toBe(SLOW_WORDS.join(""));
    expect(await storedMessage(start.code)).toMatchObject({ status: "stopped", content: partial });
    // the model call was cancelled
    const [request] = model.requestsFor("tell me a long story");
    expect(await request?.closed).toEqual({ aborted: true });
  });

  it("stopping a chat with nothing running answers stopped: false; someone else's chat is refused", async () => {
    const { caller } = await newUser();
    const msggroup = newMsggroup();
    await send(caller, { msggroup, question: "quick" });
    expect((await api(caller, "/chat/stop", { msggroup })).json?.data).toEqual({ stopped: false });
    const other = await api(visitor(), "/chat/stop", { msggroup });
    expect(other.status).toBe(403);
    expect(other.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "msggroup" } });
  });

  it("a client that disconnects cancels the model call; the partial answer is kept as stopped", async () => {
    const { caller } = await newUser();
    const controller = new AbortController();
    let code = "";
    let texts = 0;
    await send(
      caller,
      { question: "disconnect me [[slow]]" },
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.event === "start") code = event.data.code;
          if (event.event === "text") texts += 1;
          if (texts === 2) controller.abort();
        },
      },
    );
    const [request] = model.requestsFor("disconnect me");
    expect(await request?.closed).toEqual({ aborted: true });
    const row = await storedOnceEnded(code);
    expect(row?.status).toBe("stopped");
    expect(row?.content.length).toBeGreaterThan(0);
  });
});

describe("quotas", () => {
  it("50 concurrent sends by one visitor: exactly 1 answers, the rest get 5004 noFreeChat", async () => {
    const caller = visitor();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => send(caller, { question: `q${i}` })));
    // the one that started is the day's chat, however it ends (a loaded machine may time it out)
    const answered = results.filter((result) => eventsNamed(result, "start").length === 1);
    const refused = results.filter((result) => eventsNamed(result, "error")[0]?.code === 5004);
    expect(answered).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const result of refused) {
      expect(result.events).toEqual([{ event: "error", data: { code: 5004, key: "noFreeChat", partialCode: null } }]);
    }
    const list = await api(caller, "/getMsgGroupList");
    expect(list.json?.data).toMatchObject({ total: 1 });
  });

  it("a signed-in standard user (PLUS) gets exactly 22 a day under concurrency, then 20006", async () => {
    const { user, caller } = await newUser({ standard: true });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => send(caller, { question: `u${i}` })));
    const starts = results.flatMap((result) => eventsNamed(result, "start"));
    expect(starts).toHaveLength(22);
    expect(starts.map((start) => start.remaining).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 22 }, (_, i) => i),
    );
    // an answer that started counts, however it ends (a loaded machine may time one out); the others are refused
    const refused = results
      .filter((result) => eventsNamed(result, "start").length === 0)
      .flatMap((result) => eventsNamed(result, "error"));
    expect(refused).toHaveLength(28);
    expect(new Set(refused.map((error) => `${error.code} ${error.key}`))).toEqual(new Set(["20006 chatQuotaRedeem"]));
    const [usage] = await server.database.db
      .select({ used: quotaUsage.used })
      .from(quotaUsage)
      .where(and(eq(quotaUsage.subject, `u:${user.id}`), eq(quotaUsage.kind, "chat")));
    expect(usage?.used).toBe(22);
    const info = await api(caller, "/user/info");
    expect(info.json?.data).toMatchObject({ queryTimes: { today: { remain: 0, total: 22 } } });
  });

  it("a Basic-edition standard user gets 2, then 20006", async () => {
    const { caller } = await newUser({ standard: true, edition: "BasicEdition" });
    const first = await send(caller, { question: "one" });
    expect(only(first, "start").remaining).toBe(1);
    expect(only(await send(caller, { question: "two" }), "start").remaining).toBe(0);
    expect(only(await send(caller, { question: "three" }), "error")).toEqual({
      code: 20006,
      key: "chatQuotaRedeem",
      partialCode: null,
    });
  });
});

describe("send refusals before the stream", () => {
  it("an unconfigured model is refused with notConfigured, never replaced", async () => {
    const result = await send(visitor(), { question: "hi", model: 2 });
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ code: 1001, data: { key: "notConfigured", field: "model" } });
  });

  it("an unknown model or agent, an empty question and an over-long question name the field", async () => {
    expect((await send(visitor(), { question: "hi", model: 99 })).json).toMatchObject({
      code: 1001,
      data: { field: "model", key: "invalidValue" },
    });
    // an agent that does not exist, or does not answer in a chat (price prediction opens its own page)
    for (const agentId of ["99", "2"]) {
      expect((await send(visitor(), { question: "hi", agentId })).json).toMatchObject({
        code: 1001,
        data: { field: "agentId", key: "invalidValue" },
      });
    }
    expect((await send(visitor(), { question: "" })).json).toMatchObject({
      data: { field: "question", key: "required" },
    });
    expect((await send(visitor(), { question: "x".repeat(5001) })).json).toMatchObject({
      data: { field: "question", key: "uploadLengthTip" },
    });
  });

  it("someone else's chat is refused (403) and nothing is counted", async () => {
    const { caller } = await newUser();
    const msggroup = newMsggroup();
    await send(caller, { msggroup, question: "mine" });
    const intruder = visitor();
    const result = await send(intruder, { msggroup, question: "let me in" });
    expect(result.status).toBe(403);
    expect(result.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "msggroup" } });
    expect(eventsNamed(await send(intruder, { question: "my own" }), "done")).toHaveLength(1);
  });

  it("a PDF that is not the caller's is refused", async () => {
    const result = await send(visitor(), {
      question: "summarise",
      attachments: [{ type: "pdf", fileId: "nosuchfile1", name: "a.pdf" }],
    });
    expect(result.json).toMatchObject({ code: 1001, data: { field: "attachments", key: "invalidValue" } });
  });

  it("a recorded question without text is refused: no speech-to-text is configured", async () => {
    const result = await send(visitor(), { base64String: "UklGRg==" });
    expect(result.json).toMatchObject({ code: 1001, data: { field: "base64String", key: "notConfigured" } });
  });
});

describe("chat history", () => {
  it("lists the owner's chats newest activity first, titled by the first question cut to 100", async () => {
    const { caller } = await newUser();
    const long = `${"Which coins moved most this week and why? ".repeat(4)}[[title]]`;
    const g1 = newMsggroup();
    const g2 = newMsggroup();
    await send(caller, { msggroup: g1, question: long });
    await send(caller, { msggroup: g2, question: "second chat", agentId: "1" });
    let list = await api(caller, "/getMsgGroupList");
    expect(list.json?.code).toBe(200);
    const groups = z.object({ list: z.array(chatGroupSchema), total: z.number() }).parse(list.json?.data);
    expect(groups.total).toBe(2);
    expect(groups.list.map((g) => g.msggroup)).toEqual([g2, g1]);
    expect(groups.list[0]).toMatchObject({ content: "second chat", agent_id: "1", choose: false, img: null });
    expect(groups.list[1]?.content).toBe(`${[...long].slice(0, 100).join("")}…`);

    await send(caller, { msggroup: g1, question: "follow-up" });
    list = await api(caller, "/getMsgGroupList?page=1&pageSize=1");
    expect(list.json?.data).toMatchObject({ total: 2, list: [{ msggroup: g1 }] });
    // another device's visitor sees none of them
    expect((await api(visitor(), "/getMsgGroupList")).json?.data).toEqual({ list: [], total: 0 });
  });

  it("reads a chat's messages in order; another device cannot; a chat not opened yet has none", async () => {
    const { caller } = await newUser();
    const msggroup = newMsggroup();
    await send(caller, { msggroup, question: "one" });
    await send(caller, { msggroup, question: "two" });
    const res = await api(caller, `/getMessageList?msggroup=${msggroup}`);
    const { list } = z.object({ list: z.array(chatMessageSchema) }).parse(res.json?.data);
    expect(list.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    expect(list[0]).toMatchObject({ content: "one", model: GPT, rate: 0, attachments: [] });
    expect(list[1]?.related).toHaveLength(3);

    const other = await api(visitor(), `/getMessageList?msggroup=${msggroup}`);
    expect(other.status).toBe(403);
    expect(other.json).toMatchObject({ code: 1001, data: { key: "invalidValue" } });
    expect((await api(caller, `/getMessageList?msggroup=${newMsggroup()}`)).json?.data).toEqual({ list: [] });
    expect((await api(caller, "/getMessageList?msggroup=abc")).json).toMatchObject({
      code: 1001,
      data: { field: "msggroup" },
    });
  });

  it("rates the owner's answers only", async () => {
    const { caller } = await newUser();
    const result = await send(caller, { question: "rate me" });
    const { code, questionCode } = only(result, "start");
    const rated = await api(caller, `/userRate?code=${code}&rate=1`, {});
    expect(rated.json).toEqual({ code: 200, msg: "success", data: { code, rate: 1 } });
    expect((await storedMessage(code))?.rate).toBe(1);
    expect((await api(caller, `/userRate?code=${code}&rate=-1`, {})).json?.data).toEqual({ code, rate: -1 });
    expect((await api(caller, `/userRate?code=${questionCode}&rate=1`, {})).json).toMatchObject({
      code: 1001,
      data: { key: "notFound" },
    });
    expect((await api(visitor(), `/userRate?code=${code}&rate=1`, {})).status).toBe(404);
    expect((await api(caller, `/userRate?code=${code}&rate=2`, {})).json).toMatchObject({
      data: { field: "rate" },
    });
    expect((await storedMessage(code))?.rate).toBe(-1);
  });

  it("deletes the owner's messages and chats, answering how many; others' are untouched", async () => {
    const { caller } = await newUser();
    const other = await newUser();
    const g1 = newMsggroup();
    const g2 = newMsggroup();
    const first = only(await send(caller, { msggroup: g1, question: "one" }), "start");
    await send(caller, { msggroup: g1, question: "two" });
    await send(caller, { msggroup: g2, question: "three" });
    const theirs = newMsggroup();
    const theirStart = only(await send(other.caller, { msggroup: theirs, question: "theirs" }), "start");

    expect((await api(caller, "/delMessages", { code: [] })).json).toMatchObject({
      code: 1001,
      data: { field: "code", key: "required" },
    });
    const deletedMessages = await api(caller, "/delMessages", {
      code: [first.questionCode, first.code, theirStart.code],
    });
    expect(deletedMessages.json).toEqual({ code: 200, msg: "success", data: { deleted: 2 } });
    const left = await api(caller, `/getMessageList?msggroup=${g1}`);
    expect(z.object({ list: z.array(chatMessageSchema) }).parse(left.json?.data).list).toHaveLength(2);
    expect(await storedMessage(theirStart.code)).toBeDefined();

    expect((await api(caller, "/delMsgGroupList", { msggroup: [] })).json).toMatchObject({
      data: { field: "msggroup", key: "required" },
    });
    const deleted = await api(caller, "/delMsgGroupList", { msggroup: [g1, g2, theirs] });
    expect(deleted.json?.data).toEqual({ deleted: 2 });
    expect((await api(caller, "/getMsgGroupList")).json?.data).toEqual({ list: [], total: 0 });
    expect((await api(other.caller, "/getMsgGroupList")).json?.data).toMatchObject({ total: 1 });
  });
});

describe("the product's pipeline: MountainLion and the product's tools", () => {
  let productDb: TestDatabase;
  let product: TestServer;
  beforeAll(async () => {
    productDb = await createTestDatabase();
    product = await startTestServer({ ...productDb.env, LLM_GPT_BASE_URL: model.baseUrl, LLM_GPT_API_KEY: "test" });
  });
  afterAll(async () => {
    await product?.stop();
    await productDb?.drop();
  });
  const ask = (caller: Caller, body: Record<string, unknown>) => send(caller, body, { base: product.url });

  it("MountainLion answers offline through the product's tools, citing source and time", async () => {
    const result = await ask(visitor(), { question: "What is the BTC price?", model: 6 });
    const start = only(result, "start");
    expect(start).toMatchObject({ model: 6, answeredBy: "MountainLion", remaining: 0 });
    const tool = only(result, "tool");
    expect(tool.name).toBe("tokenPrice");
    expect(tool.summary.length).toBeGreaterThan(0);
    expect(tool.citation?.source).toContain("Binance");
    const text = eventsNamed(result, "text")
      .map((e) => e.delta)
      .join("");
    expect(text).toContain("USDT");
    const done = only(result, "done");
    expect(done.citations).toEqual([tool.citation]);
    expect(done.related).toHaveLength(3);
    const [row] = await product.server.database.db.select().from(chatMessages).where(eq(chatMessages.code, start.code));
    expect(row).toMatchObject({ status: "complete", content: text, model: 6 });
  });

  it("MountainLion says plainly that it cannot read an attached image", async () => {
    const result = await ask(visitor(), {
      question: "what is in this chart?",
      model: 6,
      attachments: [{ type: "image", url: "/v2/api/chat/upload/abcdef123456.png" }],
    });
    const text = eventsNamed(result, "text")
      .map((e) => e.delta)
      .join("");
    expect(text).toContain("can't read attached files or images");
    expect(only(result, "done")).toBeDefined();
  });

  it("Automatic mode picks the configured model and offers it the product's tools", async () => {
    const result = await ask(visitor(), { question: "What is the ETH price? [[auto]]", model: 0 });
    expect(only(result, "start")).toMatchObject({ model: 0, answeredBy: "GPT" });
    expect(only(result, "done").finishReason).toBe("stop");
    const [request] = model.requestsFor("[[auto]]");
    const offered = request?.body.tools?.map((t) => t.function.name) ?? [];
    expect(offered).toEqual(expect.arrayContaining(["tokenPrice", "candleStats", "compareTokens", "newsSearch"]));
    const [row] = await product.server.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.code, only(result, "start").code));
    expect(row?.model).toBe(GPT);
  });

  it("a PDF's text reaches the model's context, for its owner only", async () => {
    const caller = visitor();
    const fileId = `pdf${randomUUID().replaceAll("-", "").slice(0, 20)}`;
    await product.server.database.db.insert(chatUploads).values({
      id: fileId,
      owner: `v:${caller.deviceNo}`,
      kind: "pdf",
      name: "whitepaper.pdf",
      mime: "application/pdf",
      size: 1234,
      storageKey: `pdf/${fileId}`,
      text: "Total supply is capped at 21 million units.",
      pages: 1,
    });
    const attachments = [{ type: "pdf", fileId, name: "whitepaper.pdf" }];
    const refused = await ask(visitor(), { question: "steal it", model: GPT, attachments });
    expect(refused.json).toMatchObject({ code: 1001, data: { field: "attachments" } });

    const result = await ask(caller, { question: "What is the supply? [[pdf]]", model: GPT, attachments });
    expect(only(result, "done")).toBeDefined();
    const [request] = model.requestsFor("[[pdf]]");
    expect(request?.question).toContain(
      '[Attached PDF "whitepaper.pdf"]\nTotal supply is capped at 21 million units.\n[End of "whitepaper.pdf"]',
    );
    const { questionCode } = only(result, "start");
    const [question] = await product.server.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.code, questionCode));
    expect(question).toMatchObject({ content: "What is the supply? [[pdf]]", attachments });
  });
});
