import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../providers/clock.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { captchas } from "./schema.ts";
import { createSingleUseTokens } from "./single-use-tokens.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
});
afterAll(async () => {
  await handle?.close();
});

function store(start = new Date("2030-01-01T00:00:00Z")) {
  const clock = manualClock(start);
  const tokens = createSingleUseTokens(handle.db, clock, {
    table: captchas,
    token: captchas.id,
    expiresAt: captchas.expiresAt,
    sweepEveryMs: 60_000,
  });
  const issue = (id: string, ttlMs = 60_000) =>
    tokens.issue({ id, answerHash: `hash of ${id}`, expiresAt: new Date(clock.now().getTime() + ttlMs) });
  const stored = async (id: string) => (await handle.db.select().from(captchas).where(eq(captchas.id, id))).length;
  return { clock, tokens, issue, stored };
}

describe("single-use tokens", () => {
  it("hands a token's row back once, then never again", async () => {
    const { tokens, issue, stored } = store();
    await issue("once");
    expect(await tokens.consume("once")).toMatchObject({ id: "once", answerHash: "hash of once" });
    expect(await tokens.consume("once")).toBeUndefined();
    expect(await stored("once")).toBe(0);
  });

  it("lets exactly one of many concurrent consumers have it", async () => {
    const { tokens, issue } = store();
    await issue("raced");
    const results = await Promise.all(Array.from({ length: 8 }, () => tokens.consume("raced")));
    expect(results.filter((row) => row !== undefined)).toHaveLength(1);
  });

  it("refuses an expired, an unknown and an empty token", async () => {
    const { clock, tokens, issue } = store();
    await issue("late", 1_000);
    clock.advance(1_000);
    expect(await tokens.consume("late")).toBeUndefined();
    expect(await tokens.consume("never-issued")).toBeUndefined();
    expect(await tokens.consume("")).toBeUndefined();
  });

  it("spends a token it did not issue once: the first caller is told so, later and concurrent ones are not", async () => {
    const { clock, tokens } = store();
    const row = () => ({ id: "stateless", answerHash: "-", expiresAt: new Date(clock.now().getTime() + 60_000) });
    const first = await Promise.all(Array.from({ length: 6 }, () => tokens.spend(row())));
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await tokens.spend(row())).toBe(false);
  });

  it("sweeps expired rows when it issues, at most once per period, and keeps live ones", async () => {
    const { clock, issue, stored } = store(new Date("2031-01-01T00:00:00Z"));
    await issue("first", 1_000);
    await issue("expired-a", 1_000);
    await issue("live", 10 * 60_000);
    clock.advance(2_000);
    // within the sweep period of the first issue: nothing is swept yet
    await issue("second");
    expect(await stored("expired-a")).toBe(1);
    clock.advance(60_000);
    await issue("third");
    expect(await stored("expired-a")).toBe(0);
    expect(await stored("first")).toBe(0);
    expect(await stored("live")).toBe(1);
  });
});
