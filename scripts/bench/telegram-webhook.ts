// Updates handled per second through the bot's webhook, each a question answered by MountainLion. The product's
// server runs in this process (same factory as npm start) with its bot on a webhook, talking to the loopback Bot
// API stand-in of the tests; every update comes from a user of its own, so Telegram's one-message-a-second per chat
// does not serialise them, and the throttler's 30 messages a second overall is the ceiling the figure meets.
import { rm } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import pino from "pino";
import { startBotApiStandIn } from "../../tests/support/bot-api-stand-in.ts";
import { startBenchServer } from "./bench-server.ts";

const BOT_TOKEN = "7000000001:benchTokenbenchTokenbenchToken";
const SECRET = "bench-webhook-secret-0123456789";
/** how many updates are posted at once, as Telegram's webhook connections would (its default is 40) */
export const BOT_CONNECTIONS = 40;
const QUESTIONS = ["What is the BTC price?", "How is ETH doing today?", "SOL trend this week?", "Compare BTC and ETH"];
/** Telegram's limit for a bot's messages overall */
export const TELEGRAM_MESSAGES_PER_SECOND = 30;

export interface WebhookFigures {
  updates: number;
  /** webhook calls answered 200 (claimed) per second */
  acceptedPerSecond: number;
  /** updates whose reply reached the stand-in, per second, from the first post to the last reply */
  handledPerSecond: number;
  /** from an update's post to its reply at the stand-in */
  replyP50Ms: number;
  replyP99Ms: number;
  replies: number;
  /** replies that were MountainLion's answers (with their source), not an apology */
  answered: number;
  /** the most replies the stand-in received in any one second: Telegram allows 30 */
  maxRepliesInASecond: number;
  /** webhook calls not answered 200 */
  refused: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** The most timestamps (ms, any order) that fall in one window of `windowMs`. */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

export async function telegramWebhookThroughput(count: number): Promise<WebhookFigures> {
  const standIn = await startBotApiStandIn();
  const { server, dataDir } = await startBenchServer(
    "ml-bench-bot-",
    {
      BOT_TOKEN,
      TELEGRAM_API_ROOT: standIn.apiRoot,
      BOT_MODE: "webhook",
      BOT_WEBHOOK_SECRET: SECRET,
      PUBLIC_URL: "https://bench.example",
      MINI_APP_URL: "https://bench.example/",
    },
    { logger: pino({ level: "silent" }) },
  );
  try {
    const telegram = server.telegram;
    if (!telegram || !(await telegram.started)) throw new Error("the bot did not start");
    let nextId = 1;
    const post = (userId: number, text: string) =>
      fetch(`${server.url}/telegram/webhook/${SECRET}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
        body: JSON.stringify({
          update_id: nextId++,
          message: {
            message_id: 1,
            date: 1_700_000_000,
            chat: { id: userId, type: "private", first_name: "Bench" },
            from: { id: userId, is_bot: false, first_name: "Bench", language_code: "en" },
            text,
          },
        }),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });

    // warm-up: the first accounts, answers and sends
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(900_000_000 + i, QUESTIONS[i % QUESTIONS.length] ?? "")),
    );
    await telegram.idle();

    const sentAt = new Map<number, number>();
    const repliedAt: number[] = [];
    const latencies: number[] = [];
    const texts: string[] = [];
    const userIds = Array.from({ length: count }, (_, i) => 1_000_000 + i);
    // one waiter at a time, for the next reply in order of arrival (the stand-in checks every waiter on each call)
    const before = standIn.callsOf("sendMessage").length;
    const replies = (async () => {
      for (let n = before + 1; n <= before + count; n++) {
        const call = await standIn.waitForCall("sendMessage", n);
        const now = performance.now();
        repliedAt.push(now);
        latencies.push(now - (sentAt.get(Number(call.params.chat_id)) ?? now));
        texts.push(String(call.params.text ?? ""));
      }
    })();
    const started = performance.now();
    let refused = 0;
    let next = 0;
    const connection = async () => {
      while (next < userIds.length) {
        const userId = userIds[next] ?? 0;
        const question = QUESTIONS[next % QUESTIONS.length] ?? "";
        next++;
        sentAt.set(userId, performance.now());
        if ((await post(userId, question)) !== 200) refused++;
      }
    };
    await Promise.all(Array.from({ length: BOT_CONNECTIONS }, connection));
    const acceptedMs = performance.now() - started;
    await replies;
    const handledMs = Math.max(...repliedAt) - started;
    await telegram.idle();
    return {
      updates: count,
      acceptedPerSecond: (count / acceptedMs) * 1000,
      handledPerSecond: (count / handledMs) * 1000,
      replyP50Ms: percentile(latencies, 50),
      replyP99Ms: percentile(latencies, 99),
      replies: texts.length,
      answered: texts.filter((text) => text.includes("Source:")).length,
      maxRepliesInASecond: busiestWindow(repliedAt, 1000),
      refused,
    };
  } finally {
    await server.close();
    await standIn.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
