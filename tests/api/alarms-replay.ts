import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { type AlarmEvent, alarmEventSchema, alarmListDataSchema } from "../../src/contract/alarms.ts";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import type { Clock } from "../../src/server/providers/clock.ts";
import { call, newDeviceNo, type TestServer } from "./harness.ts";
import { readEvents } from "./sse-events.ts";

export const HOUR = 3_600_000;
/** how long a test waits for what a tick brings: a loaded machine slows it down, it must not fail it */
export const POLL = { timeout: 60_000, interval: 20 };

/**
 * A stretch of the shipped ETH hourly candles (data/market) where a price X is crossed upward, then the price falls
 * back below X, then rises past it again: the replay starts half an hour into the hour after candle `i`, so its
 * price is close[i], and `priceAfter(n)` is the price n hours of market time later (close[i + n]). The test reads
 * the project's own files, which every checkout has.
 */
export function ethCrossing() {
  const rows = readFileSync(new URL("../../data/market/hourly/ETHUSDT.csv", import.meta.url), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",").map(Number));
  const time = rows.map((row) => row[0] ?? Number.NaN);
  const close = rows.map((row) => row[4] ?? Number.NaN);
  const whole = (from: number, to: number) => time[to] === (time[from] ?? 0) + (to - from) * HOUR;
  // from the 200th hour on: the 24 h figures exist and a day of history lies behind the start
  for (let i = 200; i < close.length - 60; i += 1) {
    const [now, next] = [close[i] ?? 0, close[i + 1] ?? 0];
    if (next < now * 1.004) continue;
    const target = (now + next) / 2;
    const fallsBack = close.findIndex((c, j) => j > i + 1 && j < i + 30 && c < target);
    if (fallsBack < 0) continue;
    const risesAgain = close.findIndex((c, k) => k > fallsBack && k < fallsBack + 30 && c > target);
    if (risesAgain < 0 || !whole(i, risesAgain)) continue;
    const start = new Date((time[i + 1] ?? 0) + HOUR / 2).toISOString();
    return {
      /** MARKET_REPLAY_START */
      start,
      /**
       * a server's settings for the replay at the crossing: no refresh on the server's own timer (every tick is the
       * test's), and a stop that lets open connections end rather than cutting them after ten seconds
       */
      env: { MARKET_REPLAY_START: start, MARKET_REFRESH_SECONDS: "3600", SHUTDOWN_TIMEOUT_MS: "600000" },
      target,
      priceAfter: (hours: number) => close[i + hours] ?? Number.NaN,
      /** hours after the start: the price first above the target, back below it, above it again */
      rise: 1,
      fall: fallsBack - i,
      riseAgain: risesAgain - i,
    };
  }
  throw new Error("the shipped ETH candles have no crossing to test with");
}

/**
 * What the tests open (streams, servers, databases), closed last first by the hook given (`afterEach`: after each
 * test; `afterAll`: after the file's tests).
 */
export function cleanupsAfter(hook: (close: () => Promise<void>) => void): (() => Promise<void>)[] {
  const cleanups: (() => Promise<void>)[] = [];
  hook(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });
  return cleanups;
}

/** A new email account signed in on the server's database: its id and the header the app sends. */
export async function signedInAccount(srv: TestServer, clock: Clock) {
  const db = srv.server.database.db;
  const name = `alarm${randomUUID().slice(0, 8)}`;
  const user = await createUsersRepository(db, clock).create({ email: `${name}@example.com`, username: name });
  if (!user) throw new Error("account not created");
  const login = await createSessionsService(db, clock).signIn(user, "email");
  return { userId: user.id, headers: { authorization: `Bearer ${login.user_token}` } };
}

export type Account = Awaited<ReturnType<typeof signedInAccount>>;

/** One alarm route called as the account (or as a visitor without one). */
export function alarmCall(srv: TestServer, path: string, account: Account | undefined, body?: unknown) {
  return call(srv.url, path, { headers: account?.headers ?? {}, body, method: body === undefined ? "GET" : "POST" });
}

export async function alarmList(srv: TestServer, account: Account) {
  const res = await alarmCall(srv, "/priceAlarm/list", account);
  expect(res.status, res.text).toBe(200);
  return alarmListDataSchema.parse(res.json?.data);
}

export async function pushTicket(srv: TestServer, account: Account): Promise<string> {
  const res = await alarmCall(srv, "/push/ticket", account, {});
  expect(res.status, res.text).toBe(200);
  return String(res.json?.data.ticket);
}

/** A push stream as the app opens it, with a ticket or without; `cleanups` closes it. */
export async function openStream(srv: TestServer, cleanups: (() => Promise<void>)[], ticket?: string) {
  const controller = new AbortController();
  const query = new URLSearchParams({ lang: "en", ...(ticket === undefined ? {} : { ticket }) });
  const res = await fetch(`${srv.url}/v2/api/push?${query}`, {
    headers: { "x-device-no": newDeviceNo() },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const stream = readEvents(res, { timeout: 60_000, interval: 20 });
  cleanups.push(async () => {
    controller.abort();
    await stream.pump;
  });
  const ticks = () => stream.events.filter((event) => event.event === "tick").length;
  return {
    /** the alarm events so far */
    alarms: (): AlarmEvent[] =>
      stream.events
        .filter((event) => event.event === "alarm")
        .map((event) => alarmEventSchema.parse(JSON.parse(event.data))),
    /** resolves once the stream has carried `count` ticks (what came before them has come too) */
    ticks: (count: number) =>
      expect
        .poll(ticks, { timeout: 60_000, interval: 20 })
        .toBeGreaterThanOrEqual(count)
        .then(() => undefined),
    tickCount: ticks,
  };
}

/** One market refresh on the node (its tick is published), then waits for that node's alarm evaluation. */
export async function tick(srv: TestServer) {
  await srv.server.sources.check();
  await srv.server.alarms.evaluator.idle();
}
