import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotaUsage } from "../../src/server/db/schema.ts";
import { createQuotaService, quotaDay, visitorSubject } from "../../src/server/features/accounts/quota.service.ts";
import { createSseReader } from "../../src/server/features/chat/chat-sse.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { createTestDatabase, newDeviceNo, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

let db: TestDatabase;
let srv: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer(db.env);
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

let subjectCounter = 0;
const newSubject = () => {
  subjectCounter += 1;
  return `u:quota-${subjectCounter}-${Date.now()}`;
};

describe("quota service", () => {
  it("grants exactly the limit to 50 concurrent calls", async () => {
    const quota = createQuotaService(srv.server.database.db, manualClock(new Date("2025-05-01T10:00:00Z")));
    const subject = newSubject();
    const results = await Promise.all(Array.from({ length: 50 }, () => quota.consume(subject, "chat", 2)));
    expect(results.filter((result) => result.allowed)).toHaveLength(2);
    expect(
      results
        .filter((result) => result.allowed)
        .map((result) => result.used)
        .sort(),
    ).toEqual([1, 2]);
    for (const refused of results.filter((result) => !result.allowed)) {
      expect(refused).toMatchObject({ used: 2, remaining: 0 });
    }
    expect(await quota.used(subject, "chat")).toBe(2);
  });

  it("counts per subject and per kind", async () => {
    const quota = createQuotaService(srv.server.database.db, manualClock(new Date("2025-05-01T10:00:00Z")));
    const [a, b] = [newSubject(), newSubject()];
    expect(await quota.consume(a, "chat", 1)).toMatchObject({ allowed: true, used: 1, remaining: 0 });
    expect(await quota.consume(a, "chat", 1)).toMatchObject({ allowed: false, used: 1, remaining: 0 });
    expect(await quota.consume(a, "analysis", 1)).toMatchObject({ allowed: true, used: 1 });
    expect(await quota.consume(b, "chat", 1)).toMatchObject({ allowed: true, used: 1 });
  });

  it("refuses a limit of 0 without writing", async () => {
    const quota = createQuotaService(srv.server.database.db, manualClock(new Date("2025-05-01T10:00:00Z")));
    const subject = newSubject();
    expect(await quota.consume(subject, "analysis", 0)).toMatchObject({ allowed: false, used: 0, remaining: 0 });
    const rows = await srv.server.database.db.select().from(quotaUsage).where(eq(quotaUsage.subject, subject));
    expect(rows).toHaveLength(0);
  });

  it("renews at 00:00 UTC", async () => {
    const clock = manualClock(new Date("2025-05-01T23:59:59Z"));
    const quota = createQuotaService(srv.server.database.db, clock);
    const subject = visitorSubject(`device-rollover-${Date.now()}`);
    expect((await quota.consume(subject, "chat", 1)).allowed).toBe(true);
    expect((await quota.consume(subject, "chat", 1)).allowed).toBe(false);
    clock.advance(2_000);
    expect(await quota.used(subject, "chat")).toBe(0);
    expect(await quota.consume(subject, "chat", 1)).toMatchObject({ allowed: true, used: 1, day: "2025-05-02" });
    const rows = await srv.server.database.db
      .select({ day: quotaUsage.day, used: quotaUsage.used })
      .from(quotaUsage)
      .where(eq(quotaUsage.subject, subject))
      .orderBy(quotaUsage.day);
    expect(rows).toEqual([
      { day: "2025-05-01", used: 1 },
      { day: "2025-05-02", used: 1 },
    ]);
  });

  it("gives a use back, never below 0, on the day it was counted", async () => {
    const clock = manualClock(new Date("2025-06-01T23:59:59Z"));
    const quota = createQuotaService(srv.server.database.db, clock);
    const subject = newSubject();
    const first = await quota.consume(subject, "chat", 2);
    await quota.consume(subject, "chat", 2);
    expect((await quota.consume(subject, "chat", 2)).allowed).toBe(false);
    await quota.release(subject, "chat");
    expect(await quota.consume(subject, "chat", 2)).toMatchObject({ allowed: true, used: 2 });

    clock.advance(2_000);
    await quota.release(subject, "chat", first.day);
    await quota.release(subject, "chat");
    const [yesterday] = await srv.server.database.db
      .select({ used: quotaUsage.used })
      .from(quotaUsage)
      .where(and(eq(quotaUsage.subject, subject), eq(quotaUsage.day, first.day)));
    expect(yesterday?.used).toBe(1);
    expect(await quota.used(subject, "chat")).toBe(0);

    for (let i = 0; i < 3; i++) await quota.release(subject, "chat", first.day);
    const [drained] = await srv.server.database.db
      .select({ used: quotaUsage.used })
      .from(quotaUsage)
      .where(and(eq(quotaUsage.subject, subject), eq(quotaUsage.day, first.day)));
    expect(drained?.used).toBe(0);
  });

  it("days are UTC dates", () => {
    expect(quotaDay(new Date("2025-01-01T00:00:00+08:00"))).toBe("2024-12-31");
  });
});

describe("visitor chats per address", () => {
  let proxied: TestServer;
  let proxiedDb: TestDatabase;
  let groupCounter = 0;

  beforeAll(async () => {
    proxiedDb = await createTestDatabase();
    // the test may speak as a reverse proxy on loopback, so a call can name its client's address; a call without
    // x-forwarded-for comes from the socket's address
    proxied = await startTestServer(
      { ...proxiedDb.env, TRUST_PROXY: "127.0.0.1" },
      { clock: manualClock(new Date("2026-11-25T10:00:00Z")) },
    );
  });
  afterAll(async () => {
    await proxied?.stop();
    await proxiedDb?.drop();
  });

  /** One visitor (a new device number every time) asks one question; the stream's first event tells the outcome. */
  async function visitorAsks(server: TestServer, clientIp?: string) {
    groupCounter += 1;
    const response = await fetch(`${server.url}/v2/api/chat/send`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-device-no": newDeviceNo(),
        ...(clientIp ? { "x-forwarded-for": clientIp } : {}),
      },
      body: JSON.stringify({ msggroup: `${Date.now() + groupCounter}7`, question: "What is the price of BTC?" }),
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const [first] = createSseReader().feed(await response.text());
    if (first?.event === "start") return "answered";
    const error = JSON.parse(first?.data ?? "{}") as { code?: number };
    return `refused ${error.code}`;
  }

  it("6 visitors with new device numbers from one address get 5 answers, then 5004", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) outcomes.push(await visitorAsks(proxied));
    expect(outcomes).toEqual([...Array<string>(5).fill("answered"), "refused 5004"]);
  });

  it("counts an IPv4 address alone and an IPv6 address by its /64", async () => {
    for (let i = 0; i < 5; i++) expect(await visitorAsks(proxied, "203.0.113.7")).toBe("answered");
    expect(await visitorAsks(proxied, "203.0.113.7")).toBe("refused 5004");
    expect(await visitorAsks(proxied, "203.0.113.8")).toBe("answered");

    for (let i = 0; i < 5; i++) expect(await visitorAsks(proxied, `2001:db8:1:2::${i + 1}`)).toBe("answered");
    expect(await visitorAsks(proxied, "2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("refused 5004");
    expect(await visitorAsks(proxied, "2001:db8:1:3::1")).toBe("answered");
  });
});
