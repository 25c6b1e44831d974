// The daily digest's fan-out: N subscribed chats whose hour has come, sent by one check of the digest's scheduler
// through the bot's API client (its throttler and auto-retry) to the loopback Bot API stand-in of the tests. The
// product's server runs in this process (same factory as npm start) on a fake clock set to the chats' hour; a
// front on its own port stamps each call's arrival, so the rates are measured where Telegram would see them.
import { rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import pino from "pino";
import { telegramChats } from "../../src/server/db/schema.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { startBotApiStandIn } from "../../tests/support/bot-api-stand-in.ts";
import { startBenchServer } from "./bench-server.ts";

const BOT_TOKEN = "7000000001:benchDigestTokenbenchDigestToken";
/** Telegram's limits: about 30 messages a second overall, one a second per chat */
export const TELEGRAM_LIMITS = { perSecond: 30, perChatPerSecond: 1 } as const;

export interface DigestFigures {
  chats: number;
  /** from the check's start to its end (every chat sent to) */
  wallMs: number;
  /** digests that reached the stand-in */
  received: number;
  /** the scheduler's own count */
  sent: number;
  failed: number;
  /** chats that got more or fewer than one digest */
  chatsNotOnce: number;
  /** the most digests the stand-in received in any 1-second window (sliding) */
  maxPerSecond: number;
  /** the most digests one chat received in any 1-second window */
  maxPerChatPerSecond: number;
  /** digests per second over the whole fan-out */
  averagePerSecond: number;
}

/** The most timestamps (ms, ascending) that fall in one window of `windowMs`. */
function busiestWindow(sorted: readonly number[], windowMs: number): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/** A front for the stand-in: stamps when each sendMessage arrives (and to which chat), then passes the call on. */
async function timingFront(target: string) {
  const arrivals: { chatId: number; at: number }[] = [];
  const server = createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (req.url?.endsWith("/sendMessage")) {
        const type = req.headers["content-type"] ?? "";
        const text = body.toString("utf8");
        const chatId = type.includes("json")
          ? Number((JSON.parse(text) as { chat_id?: unknown }).chat_id)
          : Number(new URLSearchParams(text).get("chat_id"));
        arrivals.push({ chatId, at });
      }
      fetch(`${target}${req.url ?? "/"}`, {
        method: req.method,
        headers: req.headers["content-type"] ? { "content-type": req.headers["content-type"] } : {},
        body: req.method === "GET" ? undefined : body,
      })
        .then(async (answer) => {
          res.writeHead(answer.status, { "content-type": "application/json" });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => {
          res.writeHead(502, { "content-type": "application/json" });
          res.end(JSON.stringify({ ok: false, error_code: 502, description: "stand-in unreachable" }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    arrivals,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function telegramDigestFanOut(chats: number): Promise<DigestFigures> {
  const standIn = await startBotApiStandIn({ maxPollHoldMs: 25_000 });
  const front = await timingFront(standIn.apiRoot);
  // 07:59 UTC: the chats' 08:00 digest is not due yet while they are written
  const clock = manualClock(new Date("2026-03-02T07:59:00.000Z"));
  const { server, dataDir } = await startBenchServer(
    "ml-bench-digest-",
    {
      BOT_TOKEN,
      TELEGRAM_API_ROOT: front.apiRoot,
      BOT_MODE: "polling",
      MINI_APP_URL: "https://bench.example/",
      // the bench runs the check itself
      DIGEST_CHECK_SECONDS: "86400",
    },
    { logger: pino({ level: "silent" }), clock },
  );
  try {
    const telegram = server.telegram;
    const app = server.telegramApp;
    if (!telegram || !app || !(await telegram.started)) throw new Error("the bot did not start");
    const db = server.database.db;
    const ids = Array.from({ length: chats }, (_, i) => 2_000_000_000 + i);
    for (let i = 0; i < ids.length; i += 1000) {
      await db.insert(telegramChats).values(
        ids.slice(i, i + 1000).map((chatId) => ({
          chatId,
          kind: "private" as const,
          telegramUserId: chatId,
          languageCode: chatId % 5 === 0 ? "zh" : "en",
          digestSubscribed: 1,
          digestHour: 8,
        })),
      );
    }

    clock.set(new Date("2026-03-02T08:00:00.000Z"));
    const started = performance.now();
    const run = await app.scheduler.runOnce();
    const wallMs = performance.now() - started;

    const times = front.arrivals.map((a) => a.at).sort((a, b) => a - b);
    const perChat = new Map<number, number[]>();
    for (const { chatId, at } of front.arrivals) perChat.set(chatId, [...(perChat.get(chatId) ?? []), at]);
    let maxPerChatPerSecond = 0;
    for (const at of perChat.values()) maxPerChatPerSecond = Math.max(maxPerChatPerSecond, busiestWindow(at, 1000));
    const first = times[0] ?? 0;
    const last = times.at(-1) ?? 0;
    return {
      chats,
      wallMs,
      received: times.length,
      sent: run.sent,
      failed: run.failed + run.refused,
      chatsNotOnce: ids.filter((id) => perChat.get(id)?.length !== 1).length,
      maxPerSecond: busiestWindow(times, 1000),
      maxPerChatPerSecond,
      averagePerSecond: times.length > 1 ? ((times.length - 1) / (last - first)) * 1000 : 0,
    };
  } finally {
    await server.close();
    await front.close();
    await standIn.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// run alone: node --import tsx scripts/bench/telegram-digest.ts [chats]
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await telegramDigestFanOut(Number(process.argv[2] ?? 10_000));
  console.log(JSON.stringify(figures));
}
