import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiTranscription, DEFAULT_STT_MODEL } from "./openai-transcription.ts";
import { SpeechError, type SpeechToText } from "./speech-to-text.ts";

const KEY = "sk-test-0123456789";

/** A WAV header (PCM, mono, 16 kHz, 16 bit) and a few samples; the samples carry the stand-in's marker. */
function wav(marker = ""): Uint8Array {
  const samples = Buffer.from(marker.padEnd(16, "\0"), "latin1");
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVE", 8, "latin1");
  header.write("fmt ", 12, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(samples.length, 40);
  return new Uint8Array(Buffer.concat([header, samples]));
}

interface Received {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Uint8Array } | undefined;
}

/**
 * Answers like POST https://api.openai.com/v1/audio/transcriptions: a wrong key gets 401 with OpenAI's error
 * object, a request without file or model 400; otherwise what the recording's marker asks for, else
 * `{"text":" Hello there. "}`.
 */
const received: Received[] = [];
let server: Server;
let baseUrl: string;

async function readForm(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Response(Buffer.concat(chunks), {
    headers: { "content-type": req.headers["content-type"] ?? "" },
  }).formData();
}

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body);
}

const openAiError = (message: string, type: string) =>
  JSON.stringify({ error: { message, type, param: null, code: null } });

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const form = await readForm(req);
      const file = form.get("file");
      const fields: Record<string, string> = {};
      for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value;
      const bytes = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : undefined;
      received.push({
        path: req.url ?? "",
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        fields,
        file: file instanceof File && bytes ? { name: file.name, type: file.type, bytes } : undefined,
      });
      if (req.method !== "POST" || req.url !== "/v1/audio/transcriptions") return answer(res, 404, "{}");
      if (req.headers.authorization !== `Bearer ${KEY}`) {
        return answer(res, 401, openAiError("Incorrect API key provided.", "invalid_request_error"));
      }
      if (!bytes || !fields.model) return answer(res, 400, openAiError("file and model are required", "invalid"));
      const marker = Buffer.from(bytes).toString("latin1");
      if (marker.includes("[[429]]")) {
        return answer(res, 429, openAiError("Rate limit reached", "requests"), { "retry-after": "7" });
      }
      if (marker.includes("[[500]]")) return answer(res, 500, openAiError("The server had an error", "server_error"));
      if (marker.includes("[[html]]")) {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<html>Bad gateway</html>");
      }
      if (marker.includes("[[notext]]")) return answer(res, 200, JSON.stringify({ transcript: "hello" }));
      if (marker.includes("[[hang]]")) return; // never answers
      return answer(res, 200, JSON.stringify({ text: " Hello there. " }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const stt = (options: { apiKey?: string; model?: string; timeoutMs?: number; baseUrl?: string } = {}): SpeechToText =>
  createOpenAiTranscription({
    baseUrl: options.baseUrl ?? baseUrl,
    apiKey: options.apiKey ?? KEY,
    model: options.model,
    // generous: a loaded machine must not turn a slow answer into a timeout
    timeoutMs: options.timeoutMs ?? 10_000,
  });

async function failure(promise: Promise<unknown>): Promise<SpeechError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SpeechError);
  return error as SpeechError;
}

describe("OpenAI-compatible transcription", () => {
  it("posts the recording as multipart with model, language and json format, with the bearer key", async () => {
    const audio = wav();
    const text = await stt().transcribe(audio, "audio/wav", "en");
    expect(text).toBe("Hello there.");
    const request = received.at(-1);
    expect(request?.path).toBe("/v1/audio/transcriptions");
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.fields).toEqual({ model: DEFAULT_STT_MODEL, language: "en", response_format: "json" });
    expect(request?.file).toEqual({ name: "recording.wav", type: "audio/wav", bytes: audio });
  });

  it("names the configured model, Chinese as zh, and the file by its format; a trailing slash is fine", async () => {
    await stt({ model: "whisper-large-v3", baseUrl: `${baseUrl}/` }).transcribe(wav(), "audio/webm", "cn");
    const request = received.at(-1);
    expect(request?.path).toBe("/v1/audio/transcriptions");
    expect(request?.fields).toMatchObject({ model: "whisper-large-v3", language: "zh" });
    expect(request?.file).toMatchObject({ name: "recording.webm", type: "audio/webm" });
    await stt().transcribe(wav(), "audio/mpeg", "en");
    expect(received.at(-1)?.file?.name).toBe("recording.mp3");
  });

  it("a refused key is an http failure with the status and the API's words, never the key", async () => {
    const error = await failure(stt({ apiKey: "sk-wrong" }).transcribe(wav(), "audio/wav", "en"));
    expect(error).toMatchObject({ kind: "http", status: 401 });
    expect(error.message).toContain("Incorrect API key provided.");
    expect(error.message).not.toContain("sk-wrong");
  });

  it("429 is rate-limited with its Retry-After", async () => {
    const error = await failure(stt().transcribe(wav("[[429]]"), "audio/wav", "en"));
    expect(error).toMatchObject({ kind: "rate-limited", status: 429, retryAfterMs: 7_000 });
  });

  it("500 is an http failure", async () => {
    const error = await failure(stt().transcribe(wav("[[500]]"), "audio/wav", "en"));
    expect(error).toMatchObject({ kind: "http", status: 500 });
    expect(error.message).toContain("The server had an error");
  });

  it("an answer that is not JSON, or JSON without a text, is malformed", async () => {
    expect(await failure(stt().transcribe(wav("[[html]]"), "audio/wav", "en"))).toMatchObject({ kind: "malformed" });
    expect(await failure(stt().transcribe(wav("[[notext]]"), "audio/wav", "en"))).toMatchObject({
      kind: "malformed",
    });
  });

  it("a service that does not answer in time is a timeout", async () => {
    const started = Date.now();
    const error = await failure(stt({ timeoutMs: 200 }).transcribe(wav("[[hang]]"), "audio/wav", "en"));
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a caller that gives up aborts the call", async () => {
    const controller = new AbortController();
    const pending = stt().transcribe(wav("[[hang]]"), "audio/wav", "en", controller.signal);
    setTimeout(() => controller.abort(new Error("client went away")), 50);
    expect(await failure(pending)).toMatchObject({ kind: "aborted" });
  });

  it("a service that cannot be reached is a network failure", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(stt({ baseUrl: `http://127.0.0.1:${port}/v1` }).transcribe(wav(), "audio/wav", "en"));
    expect(error.kind).toBe("network");
    expect(error.message).toContain(`127.0.0.1:${port}`);
  });
});
