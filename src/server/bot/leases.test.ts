import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { manualClock } from "../providers/clock.ts";
import { createLeases } from "./leases.ts";
import { createHandledUpdates, UPDATE_MEMORY_MS } from "./updates.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
});
afterAll(async () => {
  await handle?.close();
});

describe("leases", () => {
  it("lets one holder at a time have a name, renews it, and gives it to another once it lapses or is given back", async () => {
    const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
    const leases = createLeases(handle.db, clock);
    expect(await leases.acquire("polling-a", "node-a", 60_000)).toBe(true);
    expect(await leases.acquire("polling-a", "node-b", 60_000)).toBe(false);
    clock.advance(45_000);
    expect(await leases.acquire("polling-a", "node-a", 60_000)).toBe(true);
    clock.advance(45_000);
    // renewed 45 s ago: still node-a's
    expect(await leases.acquire("polling-a", "node-b", 60_000)).toBe(false);
    clock.advance(16_000);
    // node-a went away without giving it back: lapsed, node-b takes it and node-a cannot have it back
    expect(await leases.acquire("polling-a", "node-b", 60_000)).toBe(true);
    expect(await leases.acquire("polling-a", "node-a", 60_000)).toBe(false);
    expect((await leases.holderOf("polling-a"))?.holder).toBe("node-b");
    await leases.release("polling-a", "node-a");
    expect((await leases.holderOf("polling-a"))?.holder).toBe("node-b");
    await leases.release("polling-a", "node-b");
    expect(await leases.acquire("polling-a", "node-a", 60_000)).toBe(true);
  });

  it("gives a free name to exactly one of many nodes asking at once", async () => {
    const leases = createLeases(handle.db, manualClock(new Date("2030-01-01T00:00:00Z")));
    const nodes = Array.from({ length: 8 }, (_, i) => `node-${i}`);
    const won = await Promise.all(nodes.map((node) => leases.acquire("polling-b", node, 60_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});

describe("handled update ids", () => {
  it("lets an update be claimed once, and forgets ids older than Telegram redelivers", async () => {
    const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
    const handled = createHandledUpdates(handle.db, clock);
    const claims = await Promise.all([1, 1, 1].map(() => handled.claim(900_001)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    clock.advance(UPDATE_MEMORY_MS + 1);
    await handled.claim(900_002);
    expect(await handled.prune()).toBeGreaterThanOrEqual(1);
    expect(await handled.claim(900_002)).toBe(false);
  });
});
