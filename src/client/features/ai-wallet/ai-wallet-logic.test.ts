import { describe, expect, it } from "vitest";
import { ApiError } from "../../shared/api/api-error.ts";
import {
  amountIssue,
  apiAmount,
  cleanAmount,
  expiryDaysValue,
  limitDistancePercent,
  limitMetNow,
  maxSellable,
  outcomeUnknown,
  RequestIds,
  slippageValue,
  swapOrderFinal,
} from "./ai-wallet-logic.ts";

describe("amounts", () => {
  it("keeps digits and one point, and writes the API's form", () => {
    expect(cleanAmount("1,5a.3")).toBe("1.53");
    expect(apiAmount("007.50")).toBe("7.5");
    expect(apiAmount("2.")).toBe("2");
    expect(apiAmount("0.000")).toBeNull();
    expect(apiAmount("")).toBeNull();
  });

  it("refuses no amount, more decimals than the token has, and more than the balance", () => {
    expect(amountIssue("", 6, "10")).toBe("enterAmount");
    expect(amountIssue("1.1234567", 6, "10")).toBe("tooManyDecimals");
    expect(amountIssue("10.000001", 6, "10")).toBe("aboveBalance");
    expect(amountIssue("10", 6, "10")).toBeNull();
    expect(amountIssue("10", 6, null)).toBeNull();
  });

  it("Max keeps 0.001 of the chain's coin for gas, never below 0", () => {
    expect(maxSellable("1.5", 18, true)).toBe("1.499");
    expect(maxSellable("0.0005", 18, true)).toBe("0");
    expect(maxSellable("500", 6, false)).toBe("500");
  });

  it("takes a slippage from 0.01 to 50", () => {
    expect(slippageValue("0.5")).toBe("0.5");
    expect(slippageValue("0")).toBeNull();
    expect(slippageValue("51")).toBeNull();
    expect(slippageValue("1.234")).toBeNull();
  });
});

describe("limits", () => {
  it("takes an expiry of 1 to 90 whole days, nothing else", () => {
    expect(expiryDaysValue("1")).toBe(1);
    expect(expiryDaysValue("90")).toBe(90);
    expect(expiryDaysValue("0")).toBeNull();
    expect(expiryDaysValue("95")).toBeNull();
    expect(expiryDaysValue("")).toBeNull();
    expect(expiryDaysValue("7.5")).toBeNull();
  });

  it("says how far the limit is and whether the market already meets it", () => {
    expect(limitDistancePercent(110, 100)).toBeCloseTo(10);
    expect(limitDistancePercent(1, 0)).toBeNull();
    expect(limitMetNow("sell", 100, 101)).toBe(true);
    expect(limitMetNow("sell", 102, 101)).toBe(false);
    expect(limitMetNow("buy", 102, 101)).toBe(true);
    expect(limitMetNow("buy", 100, 101)).toBe(false);
  });
});

describe("request ids", () => {
  it("the same request keeps its id until it succeeds; another request gets a new one", () => {
    let next = 0;
    const ids = new RequestIds(() => `id-${++next}`);
    expect(ids.idFor({ a: 1 })).toBe("id-1");
    expect(ids.idFor({ a: 1 })).toBe("id-1");
    expect(ids.idFor({ a: 2 })).toBe("id-2");
    ids.done();
    expect(ids.idFor({ a: 2 })).toBe("id-3");
  });

  it("keeps the id only when what the server did is unknown: no answer, or one that names no cause", () => {
    const answer = (code: number, key: "Serverbusy" | "rpcUnavailable" | "coinNotSwappable") =>
      new ApiError({ code, key, msg: "" });
    expect(outcomeUnknown(new TypeError("Failed to fetch"))).toBe(true);
    expect(outcomeUnknown(answer(1001, "Serverbusy"))).toBe(true);
    expect(outcomeUnknown(answer(1001, "rpcUnavailable"))).toBe(false);
    expect(outcomeUnknown(answer(218, "coinNotSwappable"))).toBe(false);
  });

  it("a swap under way is followed until completed, failed, timed out, cancelled or refunded", () => {
    expect(swapOrderFinal("pending")).toBe(false);
    expect(swapOrderFinal("exchanging")).toBe(false);
    expect(swapOrderFinal("completed")).toBe(true);
    expect(swapOrderFinal("fail")).toBe(true);
  });
});
