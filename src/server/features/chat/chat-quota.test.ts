import { describe, expect, it } from "vitest";
import { type ChatOwner, type ChatQuotaCounter, createChatQuota } from "./chat-quota.ts";

function counter(limitHits: Map<string, number> = new Map()) {
  const released: string[] = [];
  const counter: ChatQuotaCounter = {
    async consume(subject, limit) {
      const used = limitHits.get(subject) ?? 0;
      if (used >= limit) return { allowed: false, remaining: 0, day: "2025-05-01" };
      limitHits.set(subject, used + 1);
      return { allowed: true, remaining: limit - used - 1, day: "2025-05-01" };
    },
    async release(subject, day) {
      released.push(`${subject}@${day}`);
      limitHits.set(subject, (limitHits.get(subject) ?? 1) - 1);
    },
  };
  return { counter, released, limitHits };
}

const visitor: ChatOwner = { subject: "v:device1", userId: undefined };
const user: ChatOwner = { subject: "u:7", userId: 7 };

describe("chat quota", () => {
  it("a visitor gets their daily chats, then 5004 noFreeChat", async () => {
    const { counter: c } = counter();
    const quota = createChatQuota({ counter: c, dailyLimit: async () => 1 });
    expect(await quota.take(visitor)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await quota.take(visitor)).toEqual({ allowed: false, code: 5004, key: "noFreeChat" });
  });

  it("a signed-in user out of chats gets 20006 chatQuotaRedeem", async () => {
    const { counter: c } = counter();
    const quota = createChatQuota({ counter: c, dailyLimit: async () => 2 });
    expect(await quota.take(user)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await quota.take(user)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await quota.take(user)).toEqual({ allowed: false, code: 20006, key: "chatQuotaRedeem" });
  });

  it("unlimited cards are not counted: remaining null", async () => {
    const { counter: c, limitHits } = counter();
    const quota = createChatQuota({ counter: c, dailyLimit: async () => Number.POSITIVE_INFINITY });
    const grant = await quota.take(user);
    expect(grant).toMatchObject({ allowed: true, remaining: null });
    if (grant.allowed) await grant.release();
    expect(limitHits.size).toBe(0);
  });

  it("gives a chat back once, on the day it was counted", async () => {
    const { counter: c, released } = counter();
    const quota = createChatQuota({ counter: c, dailyLimit: async () => 1 });
    const grant = await quota.take(visitor);
    if (!grant.allowed) throw new Error("expected a grant");
    await grant.release();
    await grant.release();
    expect(released).toEqual(["v:device1@2025-05-01"]);
    expect((await quota.take(visitor)).allowed).toBe(true);
  });
});
