import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback OpenAI-compatible transcription server for the voice tests: `POST /v1/audio/transcriptions`,
 * multipart with `file`, `model`, `language`, `response_format`, and `Authorization: Bearer <key>`. A wrong key
 * gets 401 with OpenAI's error object. What it hears is chosen by the recording's bytes (as UTF-8):
 *
 * - `[[500]]`: HTTP 500
 * - `[[429]]`: HTTP 429 with Retry-After: 20
 * - `say:<text>` at the end: `{"text": "<text>"}` (with the spaces Whisper puts around it)
 * - otherwise: `{"text": ""}` (nothing heard)
 */

export interface SttRequest {
  authorization: string | undefined;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | undefined;
}

export interface SttLoopback {
  /** the base URL to configure: http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  apiKey: string;
  requests: SttRequest[];
  close(): Promise<void>;
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

const apiError = (message: string, type: string) => ({ error: { message, type, param: null, code: null } });

export async function startSttLoopback(apiKey = "sk-stt-test"): Promise<SttLoopback> {
  const requests: SttRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/audio/transcriptions") return answer(res, 404, {});
    const form = await new Response(Buffer.concat(chunks), {
      headers: { "content-type": req.headers["content-type"] ?? "" },
    }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value;
    const file = form.get("file");
    const bytes = file instanceof File ? Buffer.from(await file.arrayBuffer()) : undefined;
    requests.push({
      authorization: req.headers.authorization,
      fields,
      file: file instanceof File && bytes ? { name: file.name, type: file.type, bytes } : undefined,
    });
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return answer(res, 401, apiError("Incorrect API key provided.", "invalid_request_error"));
    }
    if (!bytes || !fields.model || fields.response_format !== "json") {
      return answer(res, 400, apiError("file, model and response_format=json are expected", "invalid_request_error"));
    }
    const heard = bytes.toString("utf8");
    if (heard.includes("[[500]]")) return answer(res, 500, apiError("The server had an error", "server_error"));
    if (heard.includes("[[429]]")) {
      return answer(res, 429, apiError("Rate limit reached for requests", "requests"), { "retry-after": "20" });
    }
    const said = heard.indexOf("say:");
    return answer(res, 200, { text: said === -1 ? "" : ` ${heard.slice(said + 4)} ` });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A WAV recording's header (PCM, mono, 16 kHz, 16 bit) followed by `samples` as its data chunk. */
export function wavRecording(samples: string | Buffer = Buffer.alloc(8)): Buffer {
  const data = typeof samples === "string" ? Buffer.from(samples, "utf8") : samples;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data.length, 4);
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
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The start of a WebM recording as MediaRecorder writes it (EBML header, DocType "webm"), then `rest`. */
export function webmRecording(rest: string): Buffer {
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84]),
    Buffer.from("webm", "latin1"),
    Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
    Buffer.from(rest, "utf8"),
  ]);
}
