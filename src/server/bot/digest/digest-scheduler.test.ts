import pino from "pino";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../providers/clock.ts";
import type { Leases } from "../leases.ts";
import type { ChatPusher, OutboundMessage, PushOutcome } from "./chat-push.ts";
import { type DigestChats, type DueChat, utcDay } from "./digest-chats.ts";
import { createDigestScheduler, createPacer, DIGEST_LEASE, DIGEST_RATE } from "./digest-scheduler.ts";

const silent = pino({ level: "silent" });

/** Subscribed chats in memory, claimed as the table claims them (marked sent today in the same step). */
function memoryChats(rows: { chatId: number; hour: number; language?: "en" | "zh"; sentOn?: string }[]) {
  const due = (today: string, hour: number) =>
    rows.filter((row) => row.hour <= hour && (row.sentOn === undefined || row.sentOn < today));
  const chats: Pick<DigestChats, "anyDue" | "claimDue"> = {
    anyDue: async (today, hour) => due(today, hour).length > 0,
    claimDue: async (today, hour, limit) =>
      due(today, hour)
        .slice(0, limit)
        .map((row): DueChat => {
          row.sentOn = today;
          return { chatId: row.chatId, hour: row.hour, language: row.language ?? null, languageCode: null };
        }),
  };
  return { rows, chats };
}

/** One lease table shared by the "nodes" of a test, on the test's clock. */
function memoryLeases(clock: { now(): Date }): Leases {
  const held = new Map<string, { holder: string; leaseUntil: Date }>();
  return {
    async acquire(name, holder, ttlMs) {
      const now = clock.now();
      const current = held.get(name);
      if (current && current.holder !== holder && current.leaseUntil >= now) return false;
      held.set(name, { holder, leaseUntil: new Date(now.getTime() + ttlMs) });
      return true;
    },
    async release(name, holder) {
      if (held.get(name)?.holder === holder) held.delete(name);
    },
    async holderOf(name) {
      return held.get(name);
    },
  };
}

/** Records what is sent and when (on the fake monotonic time); answers a scripted outcome per chat. */
function recordingPusher(time: () => number, outcomes: Record<number, PushOutcome> = {}) {
  const sent: { chatId: number; message: OutboundMessage; at: number }[] = [];
  const pusher: ChatPusher = {
    async send(chatId, message) {
      sent.push({ chatId, message, at: time() });
      return outcomes[chatId] ?? "sent";
    },
  };
  return { sent, pusher };
}

/** Time that moves only when the scheduler waits: no real sleeping. */
function fakeTime() {
  let now = 0;
  const waits: number[] = [];
  return {
    monotonic: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    waits,
  };
}

const composeIn = (language: "en" | "zh") => ({
  text: (hour: number) => `${language} digest, your hour ${hour}`,
  parse_mode: "HTML" as const,
});

function setup(options: {
  rows: Parameters<typeof memoryChats>[0];
  at: string;
  outcomes?: Record<number, PushOutcome>;
  compose?: (language: "en" | "zh") => Promise<ReturnType<typeof composeIn>>;
}) {
  const clock = manualClock(new Date(options.at));
  const time = fakeTime();
  const { rows, chats } = memoryChats(options.rows);
  const { sent, pusher } = recordingPusher(time.monotonic, options.outcomes);
  const leases = memoryLeases(clock);
  const node = (nodeId: string) =>
    createDigestScheduler({
      chats,
      leases,
      nodeId,
      clock,
      logger: silent,
      pusher,
      checkMs: 60_000,
      compose: options.compose ?? (async (language) => composeIn(language)),
      sleep: time.sleep,
      monotonic: time.monotonic,
    });
  return { clock, time, rows, sent, leases, node };
}

describe("the digest scheduler", () => {
  it("sends each chat whose hour has come, in its language, once a day", async () => {
    const { clock, rows, sent, node } = setup({
      at: "2026-03-02T07:59:00Z",
      rows: [
        { chatId: 1, hour: 8 },
        { chatId: 2, hour: 8, language: "zh" },
        { chatId: 3, hour: 9 },
        { chatId: 4, hour: 0 },
      ],
    });
    const scheduler = node("a");
    expect(await scheduler.runOnce()).toEqual({ leader: true, sent: 1, refused: 0, failed: 0 });
    expect(sent.map((s) => s.chatId)).toEqual([4]);

    clock.set(new Date("2026-03-02T08:00:00Z"));
    expect(await scheduler.runOnce()).toMatchObject({ sent: 2 });
    expect(sent.slice(1).map((s) => [s.chatId, s.message.text])).toEqual([
      [1, "en digest, your hour 8"],
      [2, "zh digest, your hour 8"],
    ]);
    expect(rows.find((r) => r.chatId === 1)?.sentOn).toBe("2026-03-02");

    clock.set(new Date("2026-03-02T08:59:59Z"));
    expect(await scheduler.runOnce()).toMatchObject({ sent: 0 });

    clock.set(new Date("2026-03-03T09:00:00Z"));
    expect(await scheduler.runOnce()).toMatchObject({ sent: 4 });
    expect(sent.slice(3).map((s) => s.chatId)).toEqual([1, 2, 3, 4]);
    expect(utcDay(clock.now())).toBe("2026-03-03");
  });

  it("keeps the pace: evenly spaced sends, never more than DIGEST_RATE in any second", async () => {
    const { sent, time, node } = setup({
      at: "2026-03-02T08:00:00Z",
      rows: Array.from({ length: 100 }, (_, i) => ({ chatId: i + 1, hour: 8 })),
    });
    expect(await node("a").runOnce()).toMatchObject({ sent: 100 });
    const spacing = DIGEST_RATE.windowMs / DIGEST_RATE.messages;
    for (let i = 1; i < sent.length; i++) {
      expect((sent[i]?.at ?? 0) - (sent[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(spacing);
    }
    for (const first of sent) {
      const inWindow = sent.filter((s) => s.at >= first.at && s.at < first.at + DIGEST_RATE.windowMs);
      expect(inWindow.length).toBeLessThanOrEqual(DIGEST_RATE.messages);
    }
    expect(time.monotonic()).toBe(99 * spacing);
  });

  it("counts refusals and failures, and does not send a refused chat again", async () => {
    const { clock, sent, node } = setup({
      at: "2026-03-02T08:00:00Z",
      rows: [
        { chatId: 1, hour: 8 },
        { chatId: 2, hour: 8 },
        { chatId: 3, hour: 8 },
      ],
      outcomes: { 2: "refused", 3: "failed" },
    });
    const scheduler = node("a");
    expect(await scheduler.runOnce()).toEqual({ leader: true, sent: 1, refused: 1, failed: 1 });
    clock.advance(60_000);
    expect(await scheduler.runOnce()).toMatchObject({ sent: 0, refused: 0, failed: 0 });
    expect(sent).toHaveLength(3);
  });

  it("runs on the node holding the lease; another takes over when it stops or its lease lapses", async () => {
    const { clock, sent, leases, node } = setup({
      at: "2026-03-02T08:00:00Z",
      rows: [{ chatId: 1, hour: 8 }],
    });
    const a = node("a");
    const b = node("b");
    const [first, second] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect([first?.leader, second?.leader].filter(Boolean)).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect((await leases.holderOf(DIGEST_LEASE))?.holder).toBe("a");

    // a stops: b takes the lease at its next check
    await a.stop();
    clock.set(new Date("2026-03-03T08:00:00Z"));
    expect(await b.runOnce()).toMatchObject({ leader: true, sent: 1 });

    // a stopped node sends nothing more
    expect(await a.runOnce()).toMatchObject({ sent: 0 });

    // b checks at 07:59, then dies without giving the lease back: c waits until it lapses (3 checks), then sends
    const c = node("c");
    clock.set(new Date("2026-03-04T07:59:00Z"));
    expect(await b.runOnce()).toMatchObject({ leader: true, sent: 0 });
    clock.set(new Date("2026-03-04T08:00:00Z"));
    expect(await c.runOnce()).toMatchObject({ leader: false, sent: 0 });
    clock.set(new Date("2026-03-04T08:01:59Z"));
    expect(await c.runOnce()).toMatchObject({ leader: false, sent: 0 });
    clock.set(new Date("2026-03-04T08:02:00.001Z"));
    expect(await c.runOnce()).toMatchObject({ leader: true, sent: 1 });
    expect(sent).toHaveLength(3);
  });

  it("leaves every chat due when the digest cannot be worded yet (the market not read)", async () => {
    let ready = false;
    const { clock, sent, node } = setup({
      at: "2026-03-02T08:00:00Z",
      rows: [{ chatId: 1, hour: 8 }],
      compose: async (language) => {
        if (!ready) throw new Error("the market has not been read yet");
        return composeIn(language);
      },
    });
    const scheduler = node("a");
    expect(await scheduler.runOnce()).toMatchObject({ sent: 0 });
    expect(sent).toHaveLength(0);
    ready = true;
    clock.advance(60_000);
    expect(await scheduler.runOnce()).toMatchObject({ sent: 1 });
  });
});

describe("createPacer", () => {
  it("spaces callers evenly and does not burst to catch up after a pause", async () => {
    const time = fakeTime();
    const pace = createPacer({ messages: 4, windowMs: 1000 }, time.monotonic, time.sleep);
    for (let i = 0; i < 3; i++) await pace();
    expect(time.waits).toEqual([250, 250]);
    await time.sleep(5000);
    time.waits.length = 0;
    await pace();
    await pace();
    expect(time.waits).toEqual([250]);
  });

  it("counts the next slot from a late wake, so a busy moment never sends two back to back", async () => {
    let now = 0;
    const sent: number[] = [];
    // every timer fires 100 ms late, as on a busy event loop
    const pace = createPacer(
      { messages: 4, windowMs: 1000 },
      () => now,
      async (ms) => {
        now += ms + 100;
      },
    );
    for (let i = 0; i < 4; i++) {
      await pace();
      sent.push(now);
    }
    expect(sent).toEqual([0, 350, 700, 1050]);
  });
});
