// npm run bench: prints each figure beside its budget (ARCHITECTURE.md). Figures from one run; compare ratios.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { alarmTickTimings, printAlarmTickTimings } from "./alarms.ts";
import { measureFirstLoad } from "./bundle.ts";
import { concurrentStreams, percentile, sequentialTimings } from "./chat.ts";
import { depositVerificationLatency, printDepositLatency } from "./deposits.ts";
import { timeToHomeHeading } from "./home-heading.ts";
import { ledgerWriteThroughput, printLedgerThroughput } from "./ledger.ts";
import { marketThroughput, printMarketThroughput } from "./market.ts";
import { predictTimings, printPredictTimings } from "./predict.ts";
import { printSwapBench, swapBench } from "./swap.ts";
import { TELEGRAM_LIMITS, telegramDigestFanOut } from "./telegram-digest.ts";
import { BOT_CONNECTIONS, TELEGRAM_MESSAGES_PER_SECOND, telegramWebhookThroughput } from "./telegram-webhook.ts";
import { uploadEventLoop } from "./uploads.ts";

const BUDGET = {
  jsKb: 110,
  cssKb: 15,
  homeHeadingMs: 700,
  telegramOverBrowserMs: 100,
  cachedRatio: 0.5,
  firstTokenMs: 50,
  streams: 500,
  loopDelayMs: 50,
};
const HOME_LOADS = 5;
const UPLOADS = 4;
const CHAT_SAMPLES = 200;
const BOT_UPDATES = 300;
const DURATION_S = Number(process.argv.find((arg) => arg.startsWith("--seconds="))?.split("=")[1] ?? 3);
const ROUNDS = 5;
/** the daily digest's fan-out: chats sent to by one check (--digest-chats=N for a shorter run) */
const DIGEST_CHATS = Number(process.argv.find((arg) => arg.startsWith("--digest-chats="))?.split("=")[1] ?? 10_000);

function row(name: string, value: string, budget: string, ok: boolean) {
  console.log(`${name.padEnd(46)} ${value.padStart(14)}   budget ${budget.padEnd(12)} ${ok ? "ok" : "OVER"}`);
}

if (!existsSync("dist/index.html") || process.argv.includes("--build")) {
  spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" });
}
const load = await measureFirstLoad("dist");
console.log("first load of /");
row("initial JS (gzip)", `${load.jsGzipKb.toFixed(1)} KB`, `<= ${BUDGET.jsKb} KB`, load.jsGzipKb <= BUDGET.jsKb);
row("initial CSS (gzip)", `${load.cssGzipKb.toFixed(1)} KB`, `<= ${BUDGET.cssKb} KB`, load.cssGzipKb <= BUDGET.cssKb);

const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/serve.ts"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const firstLine = await new Promise<string>((resolve) => {
  createInterface({ input: child.stdout }).once("line", resolve);
});
const urls = JSON.parse(firstLine) as { product: string; bare: string };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Run {
  rps: number;
  p50: number;
  errors: number;
}

async function throughput(url: string): Promise<Run> {
  const result = await autocannon({
    url,
    connections: 32,
    duration: DURATION_S,
    headers: { "x-device-no": "benchdevice0001" },
  });
  return { rps: result.requests.average, p50: result.latency.p50, errors: result.errors + result.non2xx };
}

try {
  // first, while nothing has asked for a forecast yet: the cold pass is cold
  printPredictTimings(await predictTimings(urls.product), row);

  const home = await timeToHomeHeading(urls.product, HOME_LOADS);
  const browserMs = median(home.browser.map((load) => load.headingMs));
  const telegramMs = median(home.telegram.map((load) => load.headingMs));
  const signedInMs = median(home.telegram.map((load) => load.signedInMs ?? Number.NaN));
  const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(" ");
  console.log(
    `\ntime to home heading: medians of ${HOME_LOADS} cold loads each, Chromium at 390x844 (new context each, alternating)`,
  );
  row("browser host", `${browserMs.toFixed(0)} ms`, `<= ${BUDGET.homeHeadingMs} ms`, browserMs <= BUDGET.homeHeadingMs);
  row(
    "Telegram host (SDK mock, signed init data)",
    `${telegramMs.toFixed(0)} ms`,
    `<= ${BUDGET.homeHeadingMs} ms`,
    telegramMs <= BUDGET.homeHeadingMs,
  );
  row(
    "  Telegram minus browser",
    `${(telegramMs - browserMs).toFixed(0)} ms`,
    `<= ${BUDGET.telegramOverBrowserMs} ms`,
    telegramMs - browserMs <= BUDGET.telegramOverBrowserMs,
  );
  row("  Telegram: signed in (account shown)", `${signedInMs.toFixed(0)} ms`, "", true);
  row("  loads, browser (ms)", list(home.browser.map((load) => load.headingMs)), "", true);
  row("  loads, Telegram (ms)", list(home.telegram.map((load) => load.headingMs)), "", true);

  // warm both up so the JIT has settled before measuring
  await autocannon({ url: `${urls.bare}/bare`, connections: 8, duration: 1 });
  await autocannon({
    url: `${urls.product}/v2/api/llm/model/list`,
    connections: 8,
    duration: 1,
    headers: { "x-device-no": "benchdevice0001" },
  });
  // Alternate the two routes over several short rounds and take medians, so drift on a shared machine
  // weighs on both alike.
  const bareRuns: Run[] = [];
  const modelRuns: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareRuns.push(await throughput(`${urls.bare}/bare`));
    modelRuns.push(await throughput(`${urls.product}/v2/api/llm/model/list`));
  }
  const summarize = (runs: Run[]): Run => ({
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  });
  const bare = summarize(bareRuns);
  const models = summarize(modelRuns);
  const ratio = median(modelRuns.map((run, i) => run.rps / (bareRuns[i]?.rps ?? Number.NaN)));
  console.log(
    `\nthroughput: medians of ${ROUNDS} alternating rounds of ${DURATION_S} s, 32 connections (the machine is shared: read the ratio)`,
  );
  row("bare JSON route", `${bare.rps.toFixed(0)} req/s`, "reference", bare.errors === 0);
  row("GET /v2/api/llm/model/list", `${models.rps.toFixed(0)} req/s`, "", models.errors === 0);
  row(
    "  ratio to bare route",
    ratio.toFixed(2),
    `>= ${BUDGET.cachedRatio}`,
    ratio >= BUDGET.cachedRatio && models.errors === 0,
  );
  row("  median latency (bare / model list)", `${bare.p50} / ${models.p50} ms`, "", true);

  // the market over the whole universe: getCoinList at pageSize 100 and token info of every coin
  printMarketThroughput(await marketThroughput(urls, { rounds: ROUNDS, seconds: DURATION_S }), row);

  // the points ledger's writes on PostgreSQL, 50 accounts at once (a throwaway schema; the bench server is not used)
  printLedgerThroughput(await ledgerWriteThroughput(DURATION_S), row);

  // USDT deposits: a reported hash checked against a local chain (anvil started for it; the bench server is not used)
  printDepositLatency(await depositVerificationLatency(), row);

  // swaps: quotes through the port and a 100-token balance read on a local chain (anvil started for it)
  printSwapBench(await swapBench(), row);

  // price alarms: 100,000 armed, evaluated tick by tick on PGlite and PostgreSQL (the bench server is not used)
  printAlarmTickTimings(await alarmTickTimings(), row);

  console.log(`\nchat on MountainLion over HTTP (${CHAT_SAMPLES} questions one after another, each a new visitor)`);
  await sequentialTimings(urls.product, 10);
  const timings = await sequentialTimings(urls.product, CHAT_SAMPLES);
  const first = timings.map((t) => t.firstTokenMs);
  const full = timings.map((t) => t.fullMs);
  const p50 = percentile(first, 50);
  row(
    "time to first token, median",
    `${p50.toFixed(1)} ms`,
    `<= ${BUDGET.firstTokenMs} ms`,
    p50 <= BUDGET.firstTokenMs,
  );
  row("time to first token, p99", `${percentile(first, 99).toFixed(1)} ms`, "", true);
  row(
    "full answer, median / p99",
    `${percentile(full, 50).toFixed(1)} / ${percentile(full, 99).toFixed(1)} ms`,
    "",
    true,
  );
  const streams = await concurrentStreams(urls.product, BUDGET.streams);
  row(
    `${BUDGET.streams} concurrent streams: finished / errors`,
    `${streams.ok} / ${streams.errors}`,
    "0 errors",
    streams.errors === 0,
  );
  row(
    "  wall time, first token median",
    `${streams.wallMs.toFixed(0)} / ${streams.firstTokenP50.toFixed(0)} ms`,
    "",
    true,
  );
  if (streams.firstError) console.log(`  first error: ${streams.firstError}`);

  console.log(`\nuploads: ${UPLOADS} damaged 19 MB PDFs at once, read in the upload workers (server in this process)`);
  const uploads = await uploadEventLoop(UPLOADS);
  row(
    "event-loop delay p99",
    `${uploads.p99Ms.toFixed(1)} ms`,
    `<= ${BUDGET.loopDelayMs} ms`,
    uploads.p99Ms <= BUDGET.loopDelayMs,
  );
  row("  max / last answer", `${uploads.maxMs.toFixed(0)} / ${uploads.wallMs.toFixed(0)} ms`, "", true);
  row(
    "  answers",
    uploads.keys.join(" "),
    "pdfTips",
    uploads.keys.every((key) => key === "pdfTips"),
  );
  row(
    "6 MB nested JSON refused in / max delay",
    `${uploads.deepJsonMs.toFixed(0)} / ${uploads.deepJsonMaxDelayMs.toFixed(0)} ms`,
    "",
    true,
  );

  console.log(
    `\nTelegram webhook: ${BOT_UPDATES} questions posted as Telegram posts them (${BOT_CONNECTIONS} at once), each from its own user, answered by MountainLion (server in this process, Bot API stand-in)`,
  );
  const bot = await telegramWebhookThroughput(BOT_UPDATES);
  row(
    "updates handled with a reply",
    `${bot.handledPerSecond.toFixed(1)} /s`,
    "reported",
    bot.answered === bot.updates,
  );
  row("  webhook calls answered 200", `${bot.acceptedPerSecond.toFixed(1)} /s`, "", bot.refused === 0);
  row("  post to reply, median / p99", `${bot.replyP50Ms.toFixed(0)} / ${bot.replyP99Ms.toFixed(0)} ms`, "", true);
  row(
    "  answered by MountainLion / replies",
    `${bot.answered} / ${bot.replies}`,
    `${bot.updates}`,
    bot.answered === bot.updates,
  );
  row(
    "  most replies in any one second",
    `${bot.maxRepliesInASecond}`,
    `<= ${TELEGRAM_MESSAGES_PER_SECOND}`,
    bot.maxRepliesInASecond <= TELEGRAM_MESSAGES_PER_SECOND,
  );

  console.log(
    `\ndaily digest fan-out: ${DIGEST_CHATS} chats due at once, one check, through the bot's throttled client to the Bot API stand-in`,
  );
  const digest = await telegramDigestFanOut(DIGEST_CHATS);
  row("time to send every chat", `${(digest.wallMs / 1000).toFixed(1)} s`, "", true);
  row(
    "  received once each (sent / failed / not once)",
    `${digest.received} (${digest.sent} / ${digest.failed} / ${digest.chatsNotOnce})`,
    `${DIGEST_CHATS}, 0, 0`,
    digest.received === DIGEST_CHATS && digest.failed === 0 && digest.chatsNotOnce === 0,
  );
  row(
    "  most messages in any 1 s, overall",
    `${digest.maxPerSecond}`,
    `<= ${TELEGRAM_LIMITS.perSecond}`,
    digest.maxPerSecond <= TELEGRAM_LIMITS.perSecond,
  );
  row(
    "  most messages in any 1 s, one chat",
    `${digest.maxPerChatPerSecond}`,
    `<= ${TELEGRAM_LIMITS.perChatPerSecond}`,
    digest.maxPerChatPerSecond <= TELEGRAM_LIMITS.perChatPerSecond,
  );
  row("  average rate", `${digest.averagePerSecond.toFixed(1)} msg/s`, "", true);
} finally {
  child.kill("SIGTERM");
}
