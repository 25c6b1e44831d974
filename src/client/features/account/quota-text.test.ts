import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import type { UserInfoData } from "../../../contract/user.ts";
import { quotaText } from "./quota-text.ts";

const base: UserInfoData = {
  card: "0",
  queryTimes: { today: { remain: 1, total: 2 }, exchange: { remain: 0, total: 0 }, isUnlimited: false },
  dataAnalysisTimes: { remain: 0, total: 0, isUnlimited: false },
  allowance_num: 0,
  expiredTime: null,
  expiredDays: 0,
  timeAlert: false,
  edition: "PLUSEdition",
};
const format = (iso: string) => iso.slice(0, 10);

describe("quotaText", () => {
  it("counts today's chats on a standard card", () => {
    expect(i18n._(quotaText(base, format))).toBe("Today: 1 of 2 chats left");
  });

  it("says unlimited with the end date for VIP and trial cards", () => {
    const vip = { ...base, card: "5" as const, expiredTime: "2030-01-02T00:00:00Z" };
    expect(i18n._(quotaText({ ...vip, queryTimes: { ...base.queryTimes, isUnlimited: true } }, format))).toBe(
      "Unlimited (VIP until 2030-01-02)",
    );
    const trial = { ...vip, card: "1" as const, queryTimes: { ...base.queryTimes, isUnlimited: true } };
    expect(i18n._(quotaText(trial, format))).toBe("Unlimited (trial until 2030-01-02)");
  });
});
