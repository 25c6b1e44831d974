import type { Logger } from "../logger.ts";
import type { Timers } from "./timers.ts";

/**
 * The state behind an "auto" provider (MARKET_PROVIDER=auto, NEWS_PROVIDER=auto): whether the live source serves or
 * the shipped fallback does, decided by probing the live source and by the reads it fails.
 *
 * - probe(): asks the live source (the `check` of the options) and gives up after `timeoutMs`; answering means live,
 *   anything else the fallback. Probes do not overlap: a second caller gets the probe in flight.
 * - While the fallback serves, a probe runs every `everyMs` in the background (start()); while the live source
 *   serves, the reads it fails tell (failed()), so it is not asked twice.
 * - A read that failed after a probe began wins over that probe's success: the source is not trusted again until a
 *   probe started after the failure answers.
 * - Every switch is one log line with its reason (no stack) and calls `onSwitch`; the first probe's outcome is not a
 *   switch, the caller says it (one line for all sources at start).
 */

export interface ProbeResult {
  live: boolean;
  /** why the live source is not used: what it failed with, in one line */
  reason?: string;
}

export interface SourceSwitchOptions {
  /** for log lines: "market", "news" */
  topic: string;
  /** the two sources as log lines name them: "the live market", "the replay" */
  names: { live: string; fallback: string };
  /** resolves when the live source answers with something to serve; rejects otherwise */
  check(): Promise<void>;
  timers: Timers;
  logger: Logger;
  /** a probe gives up after this long */
  timeoutMs: number;
  /** how often the live source is probed while the fallback serves */
  everyMs: number;
  /** after a switch (tests and the composition root refresh what was read from the other source) */
  onSwitch?: (live: boolean) => void;
}

export interface SourceSwitch {
  /** whether the live source serves now */
  readonly live: boolean;
  probe(): Promise<ProbeResult>;
  /** a read of the live source failed: the fallback serves until a later probe finds the live source again */
  failed(error: unknown): void;
  /** probes every `everyMs` while the fallback serves */
  start(): void;
  stop(): void;
}

/** PROBE_TIMEOUT_MS: the start of the server waits at most this long for the live sources. */
export const PROBE_TIMEOUT_MS = 3_000;

/** What an "auto" provider is opened with for its switch; `F` is the fallback's kind ("replay", "archive"). */
export interface AutoSourceOptions<F extends string> {
  timers: Timers;
  logger: Logger;
  /** how often the live source is probed while the fallback serves */
  probeEveryMs: number;
  /** a probe gives up after this long (3 s) */
  probeTimeoutMs?: number;
  /** after a switch */
  onSwitch?: (kind: F | "live") => void;
}

/** What an "auto" provider offers of its switch. */
export interface AutoSourceControls {
  /** asks the live source now; resolves with the outcome (the source serving follows it) */
  probe(): Promise<ProbeResult>;
  /** probes in the background while the fallback serves */
  start(): void;
  stop(): void;
}

/** The switch of an "auto" provider: `source` names the sources and checks the live one, `options` does the rest. */
export function createAutoSwitch<F extends string>(
  options: AutoSourceOptions<F>,
  fallback: F,
  source: Pick<SourceSwitchOptions, "topic" | "names" | "check">,
): SourceSwitch {
  return createSourceSwitch({
    ...source,
    timers: options.timers,
    logger: options.logger,
    timeoutMs: options.probeTimeoutMs ?? PROBE_TIMEOUT_MS,
    everyMs: options.probeEveryMs,
    onSwitch: (isLive) => options.onSwitch?.(isLive ? "live" : fallback),
  });
}

/** One line saying why a read failed: the message, the network error's code, never a stack. */
export function failureReason(error: unknown): string {
  if (error instanceof AggregateError) {
    const first = error.errors[0];
    return first === undefined ? error.message : `${error.message}; first: ${failureReason(first)}`;
  }
  if (!(error instanceof Error)) return String(error);
  let code: string | undefined;
  for (let cause: unknown = error.cause; cause instanceof Error && !code; cause = cause.cause) {
    const value = (cause as Error & { code?: unknown }).code;
    if (typeof value === "string") code = value;
  }
  return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
}

export class ProbeTimeoutError extends Error {
  override name = "ProbeTimeoutError";
  constructor(ms: number) {
    super(`no answer within ${ms / 1000} s`);
  }
}

export function createSourceSwitch(options: SourceSwitchOptions): SourceSwitch {
  const { logger, timers, topic, names } = options;
  let live = false;
  let decided = false;
  /** bumped by every failed read, so a probe that began before it cannot bring the source back */
  let failures = 0;
  let probing: Promise<ProbeResult> | undefined;
  let cancelTimer: (() => void) | undefined;
  let stopped = false;

  const become = (next: boolean, reason: string | undefined) => {
    const first = !decided;
    decided = true;
    if (next === live && !first) return;
    live = next;
    if (first || stopped) return;
    if (next) logger.info({ source: topic }, `${topic}: ${names.live} answers again; serving it`);
    else logger.warn({ source: topic, reason }, `${topic}: ${names.live} failing; serving ${names.fallback}`);
    options.onSwitch?.(next);
  };

  const withTimeout = (promise: Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      const cancel = timers.after(options.timeoutMs, () => reject(new ProbeTimeoutError(options.timeoutMs)));
      promise.then(
        () => {
          cancel();
          resolve();
        },
        (error: unknown) => {
          cancel();
          reject(error);
        },
      );
    });

  const probe = (): Promise<ProbeResult> => {
    probing ??= (async (): Promise<ProbeResult> => {
      const failuresBefore = failures;
      try {
        // the check goes on after a timeout; its late outcome is dropped (never an unhandled rejection)
        const check = options.check();
        check.catch(() => undefined);
        await withTimeout(check);
        if (failures !== failuresBefore) return { live, reason: "a read failed while the probe ran" };
        become(true, undefined);
        return { live: true };
      } catch (error) {
        const reason = failureReason(error);
        become(false, reason);
        return { live: false, reason };
      }
    })().finally(() => {
      probing = undefined;
    });
    return probing;
  };

  return {
    get live() {
      return live;
    },
    probe,
    failed(error) {
      failures += 1;
      if (live) become(false, failureReason(error));
    },
    start() {
      stopped = false;
      cancelTimer ??= timers.every(options.everyMs, () => {
        if (!live && !stopped) void probe();
      });
    },
    stop() {
      stopped = true;
      cancelTimer?.();
      cancelTimer = undefined;
    },
  };
}
