// Event-loop delay of the product's server while it reads uploads. The server runs in this process (same factory
// as npm start), so perf_hooks.monitorEventLoopDelay sees its event loop; the client is another process
// (upload-client.ts), so building and sending the bodies is not counted against the server.
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createInterface } from "node:readline";
import pino from "pino";
import { startBenchServer } from "./bench-server.ts";

export interface UploadLoopFigures {
  /** event-loop delay while the uploads ran, ms */
  p99Ms: number;
  maxMs: number;
  /** until the last upload was answered, ms */
  wallMs: number;
  /** the answers' message keys (pdfTips for a damaged PDF) */
  keys: string[];
  /** a 6 MB body of nested brackets: how long its refusal took, its answer, and the loop's longest delay meanwhile */
  deepJsonMs: number;
  deepJsonKey: string;
  deepJsonMaxDelayMs: number;
}

/** `count` damaged "PDFs" of 19 MB (a PDF header, then random bytes) uploaded at once, then a deeply nested body. */
export async function uploadEventLoop(count: number): Promise<UploadLoopFigures> {
  const { server, dataDir } = await startBenchServer("ml-bench-uploads-", {}, { logger: pino({ level: "silent" }) });
  const client = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "upload-client.ts"), server.url, String(count)],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  try {
    const lines = createInterface({ input: client.stdout })[Symbol.asyncIterator]();
    const next = async () => String((await lines.next()).value);
    await next(); // ready: the bodies are built

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    client.stdin.write("go\n");
    const keys = JSON.parse(await next()) as string[];
    const wallMs = performance.now() - started;
    delay.disable();

    const deepDelay = monitorEventLoopDelay({ resolution: 10 });
    deepDelay.enable();
    const deepStarted = performance.now();
    client.stdin.write("go\n");
    const deepJsonKey = JSON.parse(await next()) as string;
    const deepJsonMs = performance.now() - deepStarted;
    deepDelay.disable();

    return {
      p99Ms: delay.percentile(99) / 1e6,
      maxMs: delay.max / 1e6,
      wallMs,
      keys,
      deepJsonMs,
      deepJsonKey,
      deepJsonMaxDelayMs: deepDelay.max / 1e6,
    };
  } finally {
    client.kill();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
