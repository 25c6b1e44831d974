import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { chatEventSchemas, chatGroupSchema, chatMessageSchema } from "../../src/contract/chat.ts";
import { parseSseEvents } from "../../src/server/features/chat/chat-sse.ts";
import {
  call,
  createTestDatabase,
  newDeviceNo,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from "./harness.ts";
import { type SttLoopback, startSttLoopback, wavRecording, webmRecording } from "./stt-loopback.ts";

/**
 * chat/send with a recorded question (base64String) and no text: transcribed through the configured
 * OpenAI-compatible speech-to-text service (a loopback stand-in here), then answered like a typed question; refused
 * as before when no service is configured.
 */

let stt: SttLoopback;
let voiceDb: TestDatabase;
let plainDb: TestDatabase;
/** configured with STT_* pointing at the stand-in */
let voice: TestServer;
/** no speech to text */
let plain: TestServer;

beforeAll(async () => {
  stt = await startSttLoopback();
  [voiceDb, plainDb] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  [voice, plain] = await Promise.all([
    startTestServer({
      ...voiceDb.env,
      STT_BASE_URL: stt.baseUrl,
      STT_API_KEY: stt.apiKey,
      STT_MODEL: "whisper-large-v3",
    }),
    startTestServer(plainDb.env),
  ]);
});
afterAll(async () => {
  await Promise.all([voice?.stop(), plain?.stop()]);
  await Promise.all([voiceDb?.drop(), plainDb?.drop(), stt?.close()]);
});

let groupCounter = 0;
function newMsggroup(): string {
  groupCounter += 1;
  return `${Date.now() + groupCounter}9`;
}

const base64 = (bytes: Buffer) => bytes.toString("base64");

interface Sent {
  status: number;
  /** the envelope of a send refused before the stream */
  json: { code: number; data: Record<string, unknown> } | undefined;
  events: { event: string; data: unknown }[];
  raw: string;
}

/** POST /chat/send as a device; the whole event stream, or the refusal's envelope. */
async function send(server: TestServer, deviceNo: string, body: Record<string, unknown>): Promise<Sent> {
  const response = await fetch(`${server.url}/v2/api/chat/send`, {
    method: "POST",
    headers: { "x-device-no": deviceNo, "content-type": "application/json" },
    body: JSON.stringify({ msggroup: newMsggroup(), ...body }),
  });
  const raw = await response.text();
  if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    return { status: response.status, json: JSON.parse(raw), events: [], raw };
  }
  const events = parseSseEvents(raw).map((e) => ({ event: e.event, data: JSON.parse(e.data) as unknown }));
  return { status: response.status, json: undefined, events, raw };
}

function only<K extends keyof typeof chatEventSchemas>(sent: Sent, name: K): z.infer<(typeof chatEventSchemas)[K]> {
  const found = sent.events.filter((e) => e.event === name);
  expect(found, `one ${name} event in ${sent.raw}`).toHaveLength(1);
  return chatEventSchemas[name].parse(found[0]?.data) as z.infer<(typeof chatEventSchemas)[K]>;
}

const textOf = (sent: Sent) =>
  sent.events.flatMap((e) => (e.event === "text" ? [chatEventSchemas.text.parse(e.data).delta] : [])).join("");

async function messages(server: TestServer, deviceNo: string, msggroup: string) {
  const res = await call(server.url, `/getMessageList?msggroup=${msggroup}`, { deviceNo });
  return z.object({ list: z.array(chatMessageSchema) }).parse(res.json?.data).list;
}

async function groups(server: TestServer, deviceNo: string) {
  const res = await call(server.url, "/getMsgGroupList", { deviceNo });
  return z.object({ list: z.array(chatGroupSchema), total: z.number() }).parse(res.json?.data);
}

describe("a recorded question with speech to text configured", () => {
  it("is transcribed, stored as the question, and MountainLion answers it", async () => {
    const deviceNo = newDeviceNo();
    const msggroup = newMsggroup();
    const recording = wavRecording("say:What is the BTC price?");
    const before = stt.requests.length;
    const sent = await send(voice, deviceNo, { msggroup, base64String: base64(recording) });
    expect(sent.status).toBe(200);
    const start = only(sent, "start");
    expect(start).toMatchObject({ msggroup, model: 6, answeredBy: "MountainLion", remaining: 0 });
    expect(only(sent, "tool").name).toBe("tokenPrice");
    expect(textOf(sent)).toContain("USDT");
    expect(only(sent, "done").finishReason).toBe("stop");

    // the stand-in got the recording as a multipart upload with the configured model and the bearer key
    expect(stt.requests.slice(before)).toEqual([
      {
        authorization: `Bearer ${stt.apiKey}`,
        fields: { model: "whisper-large-v3", language: "en", response_format: "json" },
        file: { name: "recording.wav", type: "audio/wav", bytes: recording },
      },
    ]);

    const list = await messages(voice, deviceNo, msggroup);
    expect(list.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    expect(list[0]).toMatchObject({ code: start.questionCode, content: "What is the BTC price?" });
    expect(list[1]?.content).toContain("USDT");
    expect((await groups(voice, deviceNo)).list).toMatchObject([{ msggroup, content: "What is the BTC price?" }]);
  });

  it("takes a data URL from MediaRecorder (WebM/Opus) and asks in the chat's language", async () => {
    const deviceNo = newDeviceNo();
    const msggroup = newMsggroup();
    const before = stt.requests.length;
    const base64String = `data:audio/webm;codecs=opus;base64,${base64(webmRecording("say:比特币现在多少钱？"))}`;
    const sent = await send(voice, deviceNo, { msggroup, base64String, language: "cn" });
    expect(only(sent, "start").answeredBy).toBe("MountainLion");
    expect(only(sent, "done")).toBeDefined();
    const [request] = stt.requests.slice(before);
    expect(request?.fields.language).toBe("zh");
    expect(request?.file).toMatchObject({ name: "recording.webm", type: "audio/webm" });
    expect((await messages(voice, deviceNo, msggroup))[0]?.content).toBe("比特币现在多少钱？");
  });

  it("typed text wins: the recording beside it is not transcribed", async () => {
    const deviceNo = newDeviceNo();
    const msggroup = newMsggroup();
    const before = stt.requests.length;
    const sent = await send(voice, deviceNo, {
      msggroup,
      question: "What is the ETH price?",
      base64String: base64(wavRecording("say:something else")),
    });
    expect(only(sent, "done")).toBeDefined();
    expect(stt.requests.length).toBe(before);
    expect((await messages(voice, deviceNo, msggroup))[0]?.content).toBe("What is the ETH price?");
  });

  it("refuses data that is not a recording we take, before asking the service or storing anything", async () => {
    const deviceNo = newDeviceNo();
    const before = stt.requests.length;
    const wav = base64(wavRecording("say:hello"));
    for (const base64String of [
      "not base64 at all!",
      "UklGRg==", // "RIFF" and nothing more
      base64(Buffer.from("%PDF-1.7 this is a document")),
      `data:image/png;base64,${wav}`,
      `data:audio/webm;base64,${wav}`, // declared WebM, the bytes are WAV
    ]) {
      const sent = await send(voice, deviceNo, { base64String });
      expect(sent.status, base64String).toBe(400);
      expect(sent.json, base64String).toMatchObject({
        code: 1001,
        data: { field: "base64String", key: "invalidValue" },
      });
    }
    expect(stt.requests.length).toBe(before);
    expect((await groups(voice, deviceNo)).total).toBe(0);
  });

  it("nothing heard is refused as required", async () => {
    const sent = await send(voice, newDeviceNo(), { base64String: base64(wavRecording(Buffer.alloc(32))) });
    expect(sent.status).toBe(400);
    expect(sent.json).toMatchObject({ code: 1001, data: { field: "base64String", key: "required" } });
  });

  it("a failing service is Serverbusy before the stream: nothing stored, no chat counted", async () => {
    const deviceNo = newDeviceNo();
    const failed = await send(voice, deviceNo, { base64String: base64(wavRecording("[[500]]")) });
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ code: 1001, data: { key: "Serverbusy" } });
    const limited = await send(voice, deviceNo, { base64String: base64(wavRecording("[[429]]")) });
    expect(limited.status).toBe(503);
    expect(limited.json).toMatchObject({ code: 1001, data: { key: "Serverbusy" } });
    expect((await groups(voice, deviceNo)).total).toBe(0);
    // a visitor has one chat a day: still there
    const typed = await send(voice, deviceNo, { question: "What is the BTC price?" });
    expect(only(typed, "start").remaining).toBe(0);
    expect(voice.logs.some((line) => line.msg === "speech to text failed")).toBe(true);
  });
});

describe("a recorded question without speech to text configured", () => {
  it("is refused with notConfigured, whatever the data, and nothing is stored", async () => {
    const deviceNo = newDeviceNo();
    for (const base64String of [base64(wavRecording("say:What is the BTC price?")), "not base64 at all!"]) {
      const sent = await send(plain, deviceNo, { base64String });
      expect(sent.status).toBe(400);
      expect(sent.json).toMatchObject({ code: 1001, data: { field: "base64String", key: "notConfigured" } });
    }
    expect((await groups(plain, deviceNo)).total).toBe(0);
  });
});
