import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { Checked, CheckedImage } from "./upload-checks.ts";
import type { PdfLimits, ReadPdf, UploadTask } from "./upload-worker.ts";

/**
 * The upload workers: a small pool of worker threads (piscina) that read upload bodies (upload-worker.ts), so a
 * 20 MB upload, or a damaged PDF that PDF.js spends seconds on, never holds up the event loop. Each task has a
 * time limit: a task still running then is stopped by ending its thread.
 */

/** The worker's module, found beside this one; it is TypeScript, so a thread loads it through tsx. */
const WORKER_FILE = fileURLToPath(new URL("./upload-worker.ts", import.meta.url));

/** The upload took longer than the pool's time limit (its thread was stopped). */
export class UploadTimeoutError extends Error {
  override name = "UploadTimeoutError";
}

/** Every worker is busy and the queue is full: the server is too loaded to take another upload now. */
export class UploadPoolBusyError extends Error {
  override name = "UploadPoolBusyError";
}

export interface UploadPoolOptions {
  /** threads at most; default: one per core but one, at most 4 */
  maxThreads?: number;
  /** uploads waiting for a thread at most; more are refused (UploadPoolBusyError) */
  maxQueue?: number;
  /** time limit of one upload, waiting for a thread included */
  timeoutMs: number;
}

/** Node options a worker thread needs to load TypeScript: tsx's loader, unless the process already has it. */
function workerExecArgv(): string[] {
  const argv = process.execArgv;
  const hasTsx = argv.some((arg, i) => arg === "tsx" && (argv[i - 1] === "--import" || argv[i - 1] === "--loader"));
  return hasTsx || argv.includes("--import=tsx") ? argv : [...argv, "--import", "tsx"];
}

/** The bytes in an ArrayBuffer of their own, which can be handed to a thread (a copy when they share one). */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
    return new Uint8Array(buffer);
  }
  return new Uint8Array(bytes);
}

export function createUploadPool(options: UploadPoolOptions) {
  const pool = new Piscina<UploadTask, unknown>({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: options.maxThreads ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
    maxQueue: options.maxQueue ?? 16,
    // idle threads end, so an idle server holds none
    idleTimeout: 30_000,
    execArgv: workerExecArgv(),
  });

  async function run(task: UploadTask): Promise<unknown> {
    if (pool.queueSize >= pool.options.maxQueue) throw new UploadPoolBusyError("every upload worker is busy");
    const signal = AbortSignal.timeout(options.timeoutMs);
    // the body's bytes move to the worker instead of being copied, when they are a whole buffer of their own
    const owned = ownBuffer(task.body);
    try {
      return await pool.run({ ...task, body: owned }, { signal, transferList: [owned.buffer] });
    } catch (error) {
      if (signal.aborted) throw new UploadTimeoutError(`the upload took over ${options.timeoutMs} ms`);
      if (error instanceof Error && error.message === "Task queue is at limit") {
        throw new UploadPoolBusyError("every upload worker is busy", { cause: error });
      }
      throw error;
    }
  }

  return {
    /** Checks a PDF upload's body and reads its text. */
    readPdf: (body: Uint8Array, limits: PdfLimits) => run({ kind: "pdf", body, limits }) as Promise<Checked<ReadPdf>>,
    /** Checks an image upload's body and decodes its images. */
    readImages: (body: Uint8Array) => run({ kind: "images", body }) as Promise<Checked<CheckedImage[]>>,
    /** Ends the threads (tasks still running are stopped). */
    close: () => pool.destroy(),
  };
}

export type UploadPool = ReturnType<typeof createUploadPool>;
