import { describe, expect, it } from "vitest";
import { userInfoDataSchema } from "../../../contract/user.ts";
import {
  type CardHolder,
  cardExpiry,
  dailyChatLimit,
  dailyChatTotal,
  effectiveCard,
  isUnlimitedCard,
  isVipCard,
  mayRedeemChat,
  planBenefits,
  userAllowance,
  visitorAllowance,
} from "./card.ts";

const DAY = 86_400_000;
const now = new Date("2025-03-10T12:00:00.000Z");
const inDays = (days: number) => new Date(now.getTime() + days * DAY);
const holder = (over: Partial<CardHolder> = {}): CardHolder => ({
  card: "0",
  cardExpiresAt: null,
  edition: "PLUSEdition",
  ...over,
});
const none = { chat: 0, analysis: 0, exchange: 0 };

describe("effectiveCard", () => {
  it("keeps a card until its end", () => {
    for (const card of ["1", "3", "4", "5"]) {
      expect(effectiveCard({ card, cardExpiresAt: inDays(1) }, now)).toBe(card);
    }
  });
  it("falls back to standard once the end has passed, at the exact end too", () => {
    expect(effectiveCard({ card: "3", cardExpiresAt: inDays(-1) }, now)).toBe("0");
    expect(effectiveCard({ card: "1", cardExpiresAt: now }, now)).toBe("0");
  });
  it("treats a card without an end and an unknown card as standard", () => {
    expect(effectiveCard({ card: "5", cardExpiresAt: null }, now)).toBe("0");
    expect(effectiveCard({ card: "2", cardExpiresAt: inDays(3) }, now)).toBe("0");
    expect(effectiveCard({ card: "0", cardExpiresAt: inDays(3) }, now)).toBe("0");
  });
});

describe("tiers", () => {
  it("trial and VIP are unlimited; only 3, 4, 5 are VIP", () => {
    expect(["0", "1", "3", "4", "5"].map((card) => isUnlimitedCard(card as "0"))).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(["0", "1", "3", "4", "5"].map((card) => isVipCard(card as "0"))).toEqual([false, false, true, true, true]);
  });
  it("publishes the nominal plan benefits of §9", () => {
    expect(planBenefits("3")).toEqual({ dailyChats: 10, advancedAnalysis: 5 });
    expect(planBenefits("4")).toEqual({ dailyChats: 15, advancedAnalysis: 20 });
    expect(planBenefits("5")).toEqual({ dailyChats: 20, advancedAnalysis: 90 });
    expect(planBenefits("1")).toBeUndefined();
    expect(planBenefits("0")).toBeUndefined();
  });
});

describe("daily chats", () => {
  it("visitor 1, user 2, PLUS 22", () => {
    expect(dailyChatTotal({ kind: "visitor" })).toBe(1);
    expect(dailyChatTotal({ kind: "user", edition: "BasicEdition" })).toBe(2);
    expect(dailyChatTotal({ kind: "user", edition: "PLUSEdition" })).toBe(22);
  });
  it("the limit a chat enforces: Infinity while a trial or VIP card lasts", () => {
    expect(dailyChatLimit(undefined, now)).toBe(1);
    expect(dailyChatLimit(holder({ edition: "BasicEdition" }), now)).toBe(2);
    expect(dailyChatLimit(holder(), now)).toBe(22);
    expect(dailyChatLimit(holder({ card: "1", cardExpiresAt: inDays(2) }), now)).toBe(Number.POSITIVE_INFINITY);
    expect(dailyChatLimit(holder({ card: "4", cardExpiresAt: inDays(-2) }), now)).toBe(22);
  });
  it("chats redeemed today add to a counted limit; a user may redeem while under the daily number", () => {
    expect(dailyChatLimit(holder(), now, 3)).toBe(25);
    expect(dailyChatLimit(holder({ card: "1", cardExpiresAt: inDays(2) }), now, 3)).toBe(Number.POSITIVE_INFINITY);
    expect(mayRedeemChat(holder(), now, 4)).toBe(true);
    expect(mayRedeemChat(holder(), now, 5)).toBe(false);
    expect(mayRedeemChat(holder({ card: "5", cardExpiresAt: inDays(2) }), now, 0)).toBe(false);
  });
});

describe("cardExpiry", () => {
  it("nothing for a standard or expired card", () => {
    const empty = { expiredTime: null, expiredDays: 0, timeAlert: false };
    expect(cardExpiry({ card: "0", cardExpiresAt: null }, now)).toEqual(empty);
    expect(cardExpiry({ card: "3", cardExpiresAt: inDays(-0.5) }, now)).toEqual(empty);
  });
  it("whole days left, rounded up, and the alert within 3 days", () => {
    expect(cardExpiry({ card: "1", cardExpiresAt: inDays(7) }, now)).toEqual({
      expiredTime: inDays(7).toISOString(),
      expiredDays: 7,
      timeAlert: false,
    });
    expect(cardExpiry({ card: "3", cardExpiresAt: inDays(3.5) }, now)).toMatchObject({
      expiredDays: 4,
      timeAlert: false,
    });
    expect(cardExpiry({ card: "3", cardExpiresAt: inDays(3) }, now)).toMatchObject({ expiredDays: 3, timeAlert: true });
    expect(cardExpiry({ card: "5", cardExpiresAt: new Date(now.getTime() + 3_600_000) }, now)).toMatchObject({
      expiredDays: 1,
      timeAlert: true,
    });
  });
});

describe("userAllowance", () => {
  it("a new user's trial: unlimited, nothing counted", () => {
    const info = userAllowance(
      holder({ card: "1", cardExpiresAt: inDays(7) }),
      { chat: 5, analysis: 1, exchange: 2 },
      now,
    );
    expect(info).toEqual({
      card: "1",
      queryTimes: { today: { remain: 0, total: 0 }, exchange: { remain: 0, total: 0 }, isUnlimited: true },
      dataAnalysisTimes: { remain: 0, total: 0, isUnlimited: true },
      allowance_num: 0,
      expiredTime: inDays(7).toISOString(),
      expiredDays: 7,
      timeAlert: false,
      edition: "PLUSEdition",
    });
    expect(userInfoDataSchema.safeParse(info).success).toBe(true);
  });

  it("a standard PLUS user: 22 a day less what was used, never below 0", () => {
    expect(userAllowance(holder(), { chat: 3, analysis: 0, exchange: 0 }, now).queryTimes).toEqual({
      today: { remain: 19, total: 22 },
      exchange: { remain: 5, total: 5 },
      isUnlimited: false,
    });
    expect(userAllowance(holder(), { chat: 30, analysis: 0, exchange: 0 }, now).queryTimes.today).toEqual({
      remain: 0,
      total: 22,
    });
  });

  it("chats redeemed with points: one more chat each, up to 5 a day", () => {
    const info = userAllowance(holder(), { chat: 23, analysis: 0, exchange: 2 }, now);
    expect(info.queryTimes.today).toEqual({ remain: 1, total: 24 });
    expect(info.queryTimes.exchange).toEqual({ remain: 3, total: 5 });
    expect(userAllowance(holder(), { chat: 27, analysis: 0, exchange: 5 }, now).queryTimes.exchange).toEqual({
      remain: 0,
      total: 5,
    });
  });

  it("a standard Basic user: 2 a day; one unlock a day without points (allowance_num)", () => {
    const info = userAllowance(holder({ edition: "BasicEdition" }), none, now);
    expect(info.queryTimes.today).toEqual({ remain: 2, total: 2 });
    expect(info.dataAnalysisTimes).toEqual({ remain: 1, total: 1, isUnlimited: false });
    expect(info.allowance_num).toBe(1);
    expect(info.edition).toBe("BasicEdition");
    const used = userAllowance(holder(), { chat: 0, analysis: 1, exchange: 0 }, now);
    expect(used.dataAnalysisTimes).toEqual({ remain: 0, total: 1, isUnlimited: false });
    expect(used.allowance_num).toBe(0);
  });

  it("an expired VIP card counts as standard", () => {
    const info = userAllowance(holder({ card: "5", cardExpiresAt: inDays(-1) }), none, now);
    expect(info).toMatchObject({ card: "0", expiredTime: null, expiredDays: 0, timeAlert: false });
    expect(info.queryTimes).toMatchObject({ isUnlimited: false, today: { total: 22 } });
  });

  it("an unknown edition reads as PLUS, the default", () => {
    expect(userAllowance(holder({ edition: "Gold" }), none, now).edition).toBe("PLUSEdition");
  });
});

describe("visitorAllowance", () => {
  it("1 a day, standard, valid against the contract", () => {
    const fresh = visitorAllowance(none);
    expect(fresh.queryTimes.today).toEqual({ remain: 1, total: 1 });
    expect(fresh.card).toBe("0");
    expect(fresh).not.toHaveProperty("profile");
    expect(userInfoDataSchema.safeParse(fresh).success).toBe(true);
    expect(visitorAllowance({ chat: 1, analysis: 0, exchange: 0 }).queryTimes.today).toEqual({ remain: 0, total: 1 });
  });
});
