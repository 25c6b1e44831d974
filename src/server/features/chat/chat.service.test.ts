import type { LanguageModelV3, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChatEventName, ChatEvents, ChatSendBody } from "../../../contract/chat.ts";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { chatMessages } from "../../db/schema.ts";
import { systemClock } from "../../providers/clock.ts";
import { createMemoryPubSub, type PubSub } from "../../providers/pubsub.ts";
import { createChatService } from "./chat.service.ts";
import { createChatQuota } from "./chat-quota.ts";
import type { ChatEventSink } from "./chat-sse.ts";
import { createModelRegistry } from "./model-registry.ts";

/**
 * A model the test drives, with no clock: each answer writes `words` words ("w0 w1 ...") at once, then holds until
 * the test lets it finish (`finish()`) or its call is aborted.
 */
function heldModel(words: number) {
  let finish!: () => void;
  const finished = new Promise<"finished">((resolve) => {
    finish = () => resolve("finished");
  });
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  };
  const model: LanguageModelV3 = {
    specificationVersion: "v3",
    provider: "test",
    modelId: "held",
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error("stream only")),
    doStream: async (options) => {
      const signal = options.abortSignal;
      const aborted = new Promise<"aborted">((resolve) => {
        if (signal?.aborted) resolve("aborted");
        else signal?.addEventListener("abort", () => resolve("aborted"), { once: true });
      });
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          controller.enqueue({ type: "stream-start", warnings: [] });
          controller.enqueue({ type: "text-start", id: "t" });
          for (let i = 0; i < words; i++) controller.enqueue({ type: "text-delta", id: "t", delta: `w${i} ` });
          if ((await Promise.race([finished, aborted])) === "aborted") return controller.error(signal?.reason);
          controller.enqueue({ type: "text-end", id: "t" });
          controller.enqueue({ type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage });
          controller.close();
        },
      });
      return { stream };
    },
  };
  return { model, finish };
}

function collector() {
  const events: { event: ChatEventName; data: unknown }[] = [];
  const waiting = new Set<() => void>();
  const gone = new AbortController();
  const sink: ChatEventSink = {
    send(event, data) {
      events.push({ event, data });
      for (const check of waiting) check();
      return true;
    },
    signal: gone.signal,
  };
  const named = <K extends ChatEventName>(name: K) =>
    events.flatMap((e) => (e.event === name ? [e.data as ChatEvents[K]] : []));
  /** resolves once `count` events named `name` were sent */
  const sent = (name: ChatEventName, count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (named(name).length < count) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
    });
  return { events, sink, named, sent, gone };
}

const body = (msggroup: string, question: string): ChatSendBody => ({
  msggroup,
  question,
  model: 6,
  mode: "search",
  language: "en",
  base64String: "",
  createImg: false,
  attachments: [],
  agentId: "",
});

let handle: DatabaseHandle;
let pubsub: PubSub;
const logger = pino({ level: "silent" });
const unlimited = createChatQuota({
  counter: {
    consume: () => Promise.reject(new Error("not counted")),
    release: () => Promise.resolve(),
  },
  dailyLimit: async () => Number.POSITIVE_INFINITY,
});

/**
 * A model silent this long fails its answer: far beyond any test here, whose held models wait for the test (a
 * loaded machine must not turn a held answer into a timed-out one).
 */
const SILENCE_MS = 600_000;

/** One API node: its own service (and in-process runs) over the shared database and pubsub. */
function node(model: LanguageModelV3) {
  return createChatService({
    db: handle.db,
    clock: systemClock,
    logger,
    pubsub,
    models: createModelRegistry({}, { mountainLion: model }),
    quota: unlimited,
    timeoutMs: SILENCE_MS,
    flush: { ms: 20, chars: 10 },
  });
}

/** The stored answer, once it has some text (the answer writer stores it as it grows, on its own schedule). */
async function storedText(code: string) {
  return vi.waitFor(
    async () => {
      const row = await answerOf(code);
      if (!row?.content) throw new Error(`answer ${code} has no stored text yet`);
      return row;
    },
    { timeout: 30_000, interval: 10 },
  );
}

const owner = { subject: "u:1", userId: 1 };

async function answerOf(code: string) {
  const [row] = await handle.db.select().from(chatMessages).where(eq(chatMessages.code, code));
  return row;
}

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  pubsub = createMemoryPubSub();
});
afterAll(async () => {
  await pubsub?.close();
  await handle?.close();
});

describe("chat service", () => {
  it("a stop that arrives at another node stops the answer where it streams", async () => {
    const streaming = node(heldModel(3).model);
    const other = node(heldModel(3).model);
    await Promise.all([streaming.start(), other.start()]);
    const msggroup = "1746057600000a1";
    const { sink, named, sent } = collector();
    const prepared = await streaming.prepare(owner, body(msggroup, "tell me a story"));
    const answering = streaming.answer(prepared, sink);
    await sent("text", 3);
    expect(streaming.streaming).toBe(1);

    // another owner cannot stop it
    await expect(other.stop({ subject: "v:intruder", userId: undefined }, msggroup)).rejects.toMatchObject({
      status: 403,
    });
    expect(await other.stop(owner, msggroup)).toEqual({ stopped: true });
    await answering;

    const [start] = named("start");
    expect(named("done")).toEqual([expect.objectContaining({ code: start?.code, finishReason: "stopped" })]);
    const partial = named("text")
      .map((t) => t.delta)
      .join("");
    expect(partial).toBe("w0 w1 w2 ");
    expect(await answerOf(start?.code ?? "")).toMatchObject({ status: "stopped", content: partial });
    expect(streaming.streaming).toBe(0);
    await Promise.all([streaming.close(), other.close()]);
  });

  it("writes the growing answer while it streams", async () => {
    const held = heldModel(8);
    const service = node(held.model);
    await service.start();
    const { sink, named, sent } = collector();
    const answering = service.answer(await service.prepare(owner, body("1746057600001a1", "grow")), sink);
    await sent("text", 8);
    const code = named("start")[0]?.code ?? "";
    // the model holds its answer open: what is stored meanwhile is the text so far
    const midway = await storedText(code);
    expect(midway?.status).toBe("streaming");
    expect(midway?.content.length).toBeGreaterThan(0);
    held.finish();
    await answering;
    expect(await answerOf(code)).toMatchObject({ status: "complete", content: "w0 w1 w2 w3 w4 w5 w6 w7 " });
    await service.close();
  });

  it("on start, closes as interrupted the answers of a node whose lease ran out, not those of a live one", async () => {
    const crashed = node(heldModel(3).model);
    await crashed.start();
    const { sink, named, sent } = collector();
    void crashed.answer(await crashed.prepare(owner, body("1746057600009a1", "left behind")), sink);
    await sent("text", 3);
    const code = named("start")[0]?.code ?? "";
    await storedText(code);
    // the node dies without closing its answer: the row stays streaming
    expect((await answerOf(code))?.status).toBe("streaming");
    const later = createChatService({
      db: handle.db,
      clock: { now: () => new Date(Date.now() + 3_600_001) },
      logger,
      pubsub: createMemoryPubSub(),
      models: createModelRegistry({}, { mountainLion: heldModel(0).model }),
      quota: unlimited,
      timeoutMs: SILENCE_MS,
    });
    const fresh = node(heldModel(0).model);
    await fresh.start();
    expect((await answerOf(code))?.status).toBe("streaming");
    await later.start();
    expect(await answerOf(code)).toMatchObject({ status: "interrupted" });
    expect((await answerOf(code))?.content.length).toBeGreaterThan(0);
    await Promise.all([later.close(), fresh.close(), crashed.close()]);
  });

  it("shutting down stops the answers in flight, keeps them, and waits for their last write", async () => {
    const service = node(heldModel(3).model);
    await service.start();
    const { sink, named, sent } = collector();
    const answering = service.answer(await service.prepare(owner, body("1746057600002a1", "long")), sink);
    await sent("text", 2);
    await service.close();
    const code = named("start")[0]?.code ?? "";
    expect(named("error")).toEqual([{ code: 1001, key: "Serverbusy", partialCode: code }]);
    expect((await answerOf(code))?.status).toBe("stopped");
    await answering;
  });

  it("a reader that goes away aborts the model call: stopped, no more events", async () => {
    const service = node(heldModel(3).model);
    await service.start();
    const { sink, named, sent, gone, events } = collector();
    const answering = service.answer(await service.prepare(owner, body("1746057600003a1", "bye")), sink);
    await sent("text", 2);
    gone.abort();
    await answering;
    expect(events.at(-1)?.event).toBe("text");
    expect((await answerOf(named("start")[0]?.code ?? ""))?.status).toBe("stopped");
    await service.close();
  });
});
