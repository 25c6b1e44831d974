import type { Api } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "../../logger.ts";
import type { Leases } from "../leases.ts";
import type { UpdateDispatcher } from "./dispatcher.ts";
import { grammySignal } from "./grammy-signal.ts";
import { safeError } from "./safe-error.ts";

/** The lease whose holder is the one API node that long-polls Telegram (Telegram allows one getUpdates at a time). */
export const POLLING_LEASE = "telegram-polling";

export interface PollingTiming {
  /** how long the lease lasts unless renewed: a node that went away is replaced this long after it last renewed */
  leaseMs: number;
  /** how long Telegram holds a getUpdates call open when there is nothing to deliver (seconds) */
  pollTimeoutSeconds: number;
  /** how often a node without the lease looks whether it lapsed */
  standbyCheckMs: number;
  /** the first pause after a failed call (doubled up to maxErrorBackoffMs while failures go on) */
  errorBackoffMs: number;
  maxErrorBackoffMs: number;
}

export const DEFAULT_POLLING_TIMING: PollingTiming = {
  leaseMs: 60_000,
  pollTimeoutSeconds: 25,
  standbyCheckMs: 15_000,
  errorBackoffMs: 1_000,
  maxErrorBackoffMs: 30_000,
};

export interface PollerDeps {
  api: Api;
  token: string;
  leases: Leases;
  nodeId: string;
  dispatcher: UpdateDispatcher;
  allowedUpdates: readonly Exclude<keyof Update, "update_id">[];
  logger: Logger;
  timing: PollingTiming;
}

export interface Poller {
  start(): void;
  /** stops reading updates (a call in flight is abandoned: its updates stay unconfirmed) and gives the lease back */
  stop(): Promise<void>;
  /** true while this node holds the lease and reads updates */
  readonly polling: boolean;
}

/**
 * Long polling by exactly one node: the node that holds POLLING_LEASE deletes the webhook and reads updates,
 * renewing the lease before every call and on a heartbeat while a call is open; a node that finds the lease
 * taken checks again later, and takes it once it has lapsed (its holder stopped or went away). A holder that
 * finds the lease taken by another (it lapsed while this node was stalled) stops polling at once. Updates read
 * but not yet confirmed to Telegram are read again by the next poller; their ids are claimed already, so they
 * are dropped there.
 */
export function createPoller(deps: PollerDeps): Poller {
  const { api, leases, nodeId, dispatcher, logger, timing } = deps;
  const stopping = new AbortController();
  let pollCall: AbortController | undefined;
  let holding = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let offset: number | undefined;
  let loop: Promise<void> | undefined;

  const renew = async (): Promise<boolean> => {
    try {
      return await leases.acquire(POLLING_LEASE, nodeId, timing.leaseMs);
    } catch (error) {
      logger.warn({ err: safeError(error, deps.token) }, "telegram polling lease not renewed");
      return false;
    }
  };

  const letGo = (why: string) => {
    if (!holding) return;
    holding = false;
    clearInterval(heartbeat);
    heartbeat = undefined;
    pollCall?.abort();
    logger.warn({ nodeId }, why);
  };

  const startHeartbeat = () => {
    heartbeat = setInterval(
      () => {
        void renew().then((held) => {
          if (!held && !stopping.signal.aborted) letGo("telegram polling lease lost; this node stops polling");
        });
      },
      Math.max(1, Math.floor(timing.leaseMs / 3)),
    );
    heartbeat.unref();
  };

  async function run(): Promise<void> {
    let backoff = timing.errorBackoffMs;
    const failed = async (error: unknown, what: string) => {
      logger.warn({ err: safeError(error, deps.token), retryInMs: backoff }, what);
      await pause(backoff, stopping.signal);
      backoff = Math.min(timing.maxErrorBackoffMs, backoff * 2);
    };
    while (!stopping.signal.aborted) {
      const held = await renew();
      if (stopping.signal.aborted) break;
      if (!held) {
        letGo("telegram polling lease lost; this node stops polling");
        await pause(timing.standbyCheckMs, stopping.signal);
        continue;
      }
      if (!holding) {
        holding = true;
        offset = undefined; // the earliest update Telegram has not seen confirmed
        startHeartbeat();
        logger.info({ nodeId }, "telegram polling lease taken; this node polls");
        try {
          // Telegram refuses getUpdates while a webhook is set; updates waiting for it are kept
          await api.deleteWebhook({ drop_pending_updates: false }, grammySignal(stopping.signal));
        } catch (error) {
          if (stopping.signal.aborted) break;
          letGo("telegram polling paused: the webhook could not be removed");
          await failed(error, "telegram deleteWebhook failed");
          continue;
        }
      }
      pollCall = new AbortController();
      // a call never outlives the lease: the client gives up a while after Telegram's own timeout
      const signal = AbortSignal.any([pollCall.signal, AbortSignal.timeout((timing.pollTimeoutSeconds + 15) * 1000)]);
      let updates: Update[];
      try {
        updates = await api.getUpdates(
          {
            ...(offset === undefined ? {} : { offset }),
            limit: 100,
            timeout: timing.pollTimeoutSeconds,
            allowed_updates: deps.allowedUpdates,
          },
          grammySignal(signal),
        );
        backoff = timing.errorBackoffMs;
      } catch (error) {
        if (stopping.signal.aborted) break;
        if (pollCall.signal.aborted) continue; // the lease was lost meanwhile
        // 409: another process polls with this token (or a webhook was set again)
        await failed(error, "telegram getUpdates failed");
        continue;
      }
      for (const update of updates) {
        if (stopping.signal.aborted || !holding) break;
        await dispatcher.room();
        try {
          await dispatcher.accept(update);
        } catch (error) {
          // not claimed (database unavailable): not confirmed either, so it is read again
          await failed(error, "telegram update not claimed");
          break;
        }
        offset = update.update_id + 1;
      }
    }
  }

  return {
    start() {
      loop ??= run().catch((error: unknown) => {
        logger.error({ err: safeError(error, deps.token) }, "telegram polling stopped by an error");
      });
    },
    async stop() {
      stopping.abort();
      pollCall?.abort();
      clearInterval(heartbeat);
      await loop;
      holding = false;
      await leases
        .release(POLLING_LEASE, nodeId)
        .catch((error: unknown) =>
          logger.warn({ err: safeError(error, deps.token) }, "telegram polling lease not released"),
        );
    },
    get polling() {
      return holding;
    },
  };
}

/** Waits ms (a timer that does not keep the process up), or less when the signal aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener("abort", done, { once: true });
  });
}
