import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { BotLanguage } from "../bot-context.ts";
import { botLanguageOf } from "../i18n.ts";
import type { Leases } from "../leases.ts";
import type { ChatPusher, OutboundMessage } from "./chat-push.ts";
import { type DigestChats, utcDay } from "./digest-chats.ts";

/**
 * Telegram's limit is about 30 messages a second overall (and 1 a second per chat). The digest keeps below it on
 * its own schedule, evenly spaced, so no one-second window ever holds more than this many of its messages, and the
 * bot's replies sent meanwhile (through the same throttled client) still fit.
 */
export const DIGEST_RATE = { messages: 25, windowMs: 1000 };

/** The lease (src/server/bot/leases.ts) whose holder sends the digest: one node at a time. */
export const DIGEST_LEASE = "telegram-digest";

/** One run of the scheduler: what it did, for logs and tests. */
export interface DigestRun {
  /** false: another node holds the digest's lease, so this one sent nothing */
  leader: boolean;
  sent: number;
  refused: number;
  failed: number;
}

/** The digest as sent to one language's readers; the footer names the chat's hour. */
export interface ComposedDigest extends Omit<OutboundMessage, "text"> {
  text(hour: number): string;
}

export interface DigestSchedulerDeps {
  chats: Pick<DigestChats, "anyDue" | "claimDue">;
  /** the nodes' shared leases (src/server/bot/leases.ts): the digest runs on the node holding DIGEST_LEASE */
  leases: Leases;
  /** this node's name among the API nodes */
  nodeId: string;
  clock: Clock;
  logger: Logger;
  /** words today's digest in a language (market, sentiment, headlines); throws while the market is not read yet */
  compose(language: BotLanguage, now: Date): Promise<ComposedDigest>;
  pusher: ChatPusher;
  /** how often the scheduler looks for chats whose hour has come (DIGEST_CHECK_SECONDS) */
  checkMs: number;
  /** the pace of sending: at most `messages` per `windowMs` (default DIGEST_RATE) */
  rate?: { messages: number; windowMs: number };
  /** waits (default: a timer); the pace is kept on the process's monotonic time, never on the injected clock */
  sleep?: (ms: number) => Promise<void>;
  monotonic?: () => number;
}

export interface DigestScheduler {
  /** checks every `checkMs` from now on */
  start(): void;
  /** stops checking, lets a run in progress end, and gives the lease back */
  stop(): Promise<void>;
  /** one check: when this node holds the lease, sends the digest to every chat whose hour has come today */
  runOnce(): Promise<DigestRun>;
}

/**
 * Evenly spaced slots for one caller at a time: each waits for the next free one, a spacing after the previous one
 * went, however late its timer fired (no burst after a pause or a late wake, no catching up).
 */
export function createPacer(
  rate: { messages: number; windowMs: number },
  monotonic: () => number,
  sleep: (ms: number) => Promise<void>,
) {
  const spacing = rate.windowMs / rate.messages;
  let next = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = monotonic();
    const at = Math.max(now, next);
    next = at + spacing;
    if (at > now) {
      await sleep(at - now);
      // a timer that fired late (a busy event loop) moves the next slot too: two sends never go back to back
      next = Math.max(next, monotonic() + spacing);
    }
  };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The daily market digest's scheduler. Every check, the node holding the `telegram-digest` lease claims the
 * subscribed, active chats whose hour (UTC) has come and that have not had today's digest, a batch at a time, each
 * claim marking them sent today in the same statement; then it sends to them at the digest's pace. So a restart,
 * or a second node, never sends a chat two digests in a day: a node that dies mid-batch leaves that batch without
 * today's digest rather than sending it twice. Refused chats (403) turn inactive and are not asked again.
 */
export function createDigestScheduler(deps: DigestSchedulerDeps): DigestScheduler {
  const { chats, leases, nodeId, clock, logger, pusher } = deps;
  // a node that dies hands the digest over within three checks (and a minute at least)
  const leaseTtlMs = Math.max(3 * deps.checkMs, 60_000);
  const lease = {
    acquire: () => leases.acquire(DIGEST_LEASE, nodeId, leaseTtlMs),
    release: () => leases.release(DIGEST_LEASE, nodeId),
  };
  const rate = deps.rate ?? DIGEST_RATE;
  const pace = createPacer(rate, deps.monotonic ?? (() => performance.now()), deps.sleep ?? defaultSleep);
  // one batch is about a window's worth of sends, so a node that dies loses at most that many of today's digests
  const batchSize = rate.messages;
  const maxInFlight = rate.messages * 2;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<DigestRun> | undefined;
  let stopping = false;

  async function run(): Promise<DigestRun> {
    const result: DigestRun = { leader: false, sent: 0, refused: 0, failed: 0 };
    // a stopped node takes no lease: it would keep the digest from the others until it lapsed
    if (stopping || !(await lease.acquire())) return result;
    result.leader = true;
    const now = clock.now();
    const today = utcDay(now);
    const hour = now.getUTCHours();
    if (!(await chats.anyDue(today, hour))) return result;

    // word the digest before claiming anyone: a market not read yet leaves every chat due for the next check
    const composed = new Map<BotLanguage, ComposedDigest>();
    for (const language of ["en", "zh"] as const) composed.set(language, await deps.compose(language, now));

    const inFlight = new Set<Promise<void>>();
    while (!stopping) {
      // renewed before every claim: a node that lost it (stalled past the lease) stops claiming
      if (!(await lease.acquire())) break;
      const batch = await chats.claimDue(today, hour, batchSize);
      if (batch.length === 0) break;
      for (const chat of batch) {
        const language = chat.language ?? botLanguageOf(chat.languageCode) ?? "en";
        const digest = composed.get(language) ?? composed.get("en");
        if (!digest) continue;
        await pace();
        const sending = pusher
          .send(chat.chatId, { ...digest, text: digest.text(chat.hour) })
          .then(
            (outcome) => {
              result[outcome] += 1;
            },
            (error: unknown) => {
              result.failed += 1;
              logger.warn({ err: error, chatId: chat.chatId }, "daily digest not sent");
            },
          )
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
        if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
      }
    }
    await Promise.all(inFlight);
    if (result.sent + result.refused + result.failed > 0) {
      logger.info({ today, hour, ...result }, "daily digest sent");
    }
    return result;
  }

  const runOnce = () => {
    running ??= run()
      .catch((error: unknown) => {
        logger.warn({ err: error }, "daily digest check failed");
        return { leader: false, sent: 0, refused: 0, failed: 0 };
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    start() {
      if (timer) return;
      stopping = false;
      timer = setInterval(() => void runOnce(), deps.checkMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      await lease.release().catch((error: unknown) => logger.warn({ err: error }, "digest lease not released"));
    },
    runOnce,
  };
}
