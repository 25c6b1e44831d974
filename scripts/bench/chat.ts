// Chat figures for npm run bench: time to first token and full-answer time on MountainLion over HTTP, and many
// concurrent answer streams. Each send is a different visitor (its own device number), so the daily free chat of
// a visitor is never the limit being measured.
import { randomBytes } from "node:crypto";
import { createSseReader } from "../../src/server/features/chat/chat-sse.ts";

export interface StreamTiming {
  /** ms from sending to the first text event */
  firstTokenMs: number;
  /** ms from sending to the done event */
  fullMs: number;
}

const deviceNo = () => randomBytes(16).toString("hex");

/** One question to the embedded analyst; resolves with its timings, rejects on an error event or a bad answer. */
export async function askOnce(baseUrl: string, question: string, index: number): Promise<StreamTiming> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/v2/api/chat/send`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-device-no": deviceNo() },
    body: JSON.stringify({ msggroup: `${Date.now()}bench${index}`, question, model: 6 }),
  });
  if (!response.ok || !response.body) throw new Error(`chat/send answered ${response.status}`);
  let firstTokenMs: number | undefined;
  const sse = createSseReader();
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    for (const { event, data } of sse.feed(decoder.decode(chunk, { stream: true }))) {
      if (event === "text" && firstTokenMs === undefined) firstTokenMs = performance.now() - started;
      if (event === "error") throw new Error(`error event: ${data}`);
      if (event === "done") {
        const fullMs = performance.now() - started;
        return { firstTokenMs: firstTokenMs ?? fullMs, fullMs };
      }
    }
  }
  throw new Error("the stream ended without a done event");
}

export const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

const QUESTIONS = ["What is the BTC price?", "ETH trend", "Compare BTC and ETH", "比特币价格", "What moved today?"];

/** `count` questions one after another. */
export async function sequentialTimings(baseUrl: string, count: number): Promise<StreamTiming[]> {
  const timings: StreamTiming[] = [];
  for (let i = 0; i < count; i++) timings.push(await askOnce(baseUrl, QUESTIONS[i % QUESTIONS.length] ?? "", i));
  return timings;
}

/** `count` questions at once: how many finished, how many failed, and the slowest full answer. */
export async function concurrentStreams(baseUrl: string, count: number) {
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => askOnce(baseUrl, QUESTIONS[i % QUESTIONS.length] ?? "", 100_000 + i)),
  );
  const ok = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const firstError = results.find((r): r is PromiseRejectedResult => r.status === "rejected")?.reason;
  return {
    ok: ok.length,
    errors: count - ok.length,
    firstError: firstError instanceof Error ? firstError.message : firstError === undefined ? null : String(firstError),
    wallMs: performance.now() - started,
    firstTokenP50: percentile(
      ok.map((t) => t.firstTokenMs),
      50,
    ),
  };
}
