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
    const quota = createChatQuota({ counter: c, dailyLimit: async () => 1, visitorsPerAddress: 5 });
    expect(await quota.take(visitor)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await quota.take(visitor)).toEqual({ allowed: false, code: 5004, key: "noFreeChat" });
  });

  it("a signed-in user out of chats gets 20006 chatQuotaRedeem", async () => {
    const { counter: c } = counter();
    const quota = createChatQuota({ counter: c, dailyLimit: async () => 2, visitorsPerAddress: 5 });
    expect(await quota.take(user)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await quota.take(user)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await quota.take(user)).toEqual({ allowed: false, code: 20006, key: "chatQuotaRedeem" });
  });

  it("a signed-in user who may not redeem more today gets 5004 noFreeChat", async () => {
    const { counter: c } = counter();
    let mayRedeem = true;
    const quota = createChatQuota({
      counter: c,
      dailyLimit: async () => 1,
      visitorsPerAddress: 5,
      mayRedeem: async (owner) => owner.userId === 7 && mayRedeem,
    });
    expect(await quota.take(user)).toMatchObject({ allowed: true });
    expect(await quota.take(user)).toMatchObject({ code: 20006 });
    mayRedeem = false;
    expect(await quota.take(user)).toEqual({ allowed: false, code: 5004, key: "noFreeChat" });
  });

  it("unlimited cards are not counted: remaining null", async () => {
    const { counter: c, limitHits } = counter();
    const quota = createChatQuota({
      counter: c,
      dailyLimit: async () => Number.POSITIVE_INFINITY,
      visitorsPerAddress: 5,
    });
    const grant = await quota.take(user);
    expect(grant).toMatchObject({ allowed: true, remaining: null });
    if (grant.allowed) await grant.release();
    expect(limitHits.size).toBe(0);
  });

  it("counts a visitor by address too: new device numbers from one address share 5 times the limit", async () => {
    const { counter: c, limitHits, released } = counter();
    const quota = createChatQuota({ counter: c, dailyLimit: async () => 1, visitorsPerAddress: 5 });
    const fromOneAddress = (i: number): ChatOwner => ({ subject: `v:d${i}`, userId: undefined, network: "a:1.2.3.4" });
    for (let i = 0; i < 5; i++) expect(await quota.take(fromOneAddress(i))).toMatchObject({ allowed: true });
    expect(await quota.take(fromOneAddress(5))).toEqual({ allowed: false, code: 5004, key: "noFreeChat" });
    // the refused device keeps its own chat for another address
    expect(limitHits.get("v:d5")).toBe(0);
    expect(await quota.take({ subject: "v:d5", userId: undefined, network: "a:5.6.7.8" })).toMatchObject({
      allowed: true,
    });
    const grant = await quota.take({ subject: "v:d9", userId: undefined, network: "a:5.6.7.8" });
    if (!grant.allowed) throw new Error("expected a grant");
    await grant.release();
    expect(released).toContain("a:5.6.7.8@2025-05-01");
  });

  it("does not count signed-in users by address", async () => {
    const { counter: c, limitHits } = counter();
    const quota = createChatQuota({ counter: c, dailyLimit: async () => 2, visitorsPerAddress: 5 });
    await quota.take({ ...user, network: "a:1.2.3.4" });
    expect(limitHits.has("a:1.2.3.4")).toBe(false);
  });

  it("gives a chat back once, on the day it was counted", async () => {
    const { counter: c, released } = counter();
    const quota = createChatQuota({ counter: c, dailyLimit: async () => 1, visitorsPerAddress: 5 });
    const grant = await quota.take(visitor);
    if (!grant.allowed) throw new Error("expected a grant");
    await grant.release();
    await grant.release();
    expect(released).toEqual(["v:device1@2025-05-01"]);
    expect((await quota.take(visitor)).allowed).toBe(true);
  });
});
