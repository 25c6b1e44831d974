import { describe, expect, it } from "vitest";
import {
  amountUnits,
  apiAmount,
  arrivalBucket,
  checkSlippage,
  cleanAmountInput,
  maxAmountText,
  type SwapActionInput,
  swapAction,
} from "./swap-logic.ts";

describe("amounts", () => {
  it("keeps digits and one point, reads a comma as a point", () => {
    expect(cleanAmountInput("1,5")).toBe("1.5");
    expect(cleanAmountInput("1.2.3")).toBe("1.23");
    expect(cleanAmountInput("abc12")).toBe("12");
  });

  it("turns text into the token's units, refusing more decimals than the token has", () => {
    expect(amountUnits("1.5", 6)).toBe(1_500_000n);
    expect(amountUnits("2.", 18)).toBe(2n * 10n ** 18n);
    expect(amountUnits("0.0000001", 6)).toBeNull();
    expect(amountUnits("", 6)).toBeNull();
  });

  it("sends the amount without padding", () => {
    expect(apiAmount("001.500")).toBe("1.5");
    expect(apiAmount("2.")).toBe("2");
    expect(apiAmount("0.10")).toBe("0.1");
  });
});

describe("slippage (spec §5)", () => {
  it("takes values above 0 up to 50, warns from 15", () => {
    expect(checkSlippage("0.5")).toEqual({ value: "0.5", issue: null, warn: false });
    expect(checkSlippage("14.99")).toEqual({ value: "14.99", issue: null, warn: false });
    expect(checkSlippage("15")).toEqual({ value: "15", issue: null, warn: true });
    expect(checkSlippage("0").issue).toBe("slippageTooLow");
    expect(checkSlippage("51").issue).toBe("slippageTooHigh");
    expect(checkSlippage("").issue).toBe("invalidValue");
  });
});

describe("arrival times (spec §9)", () => {
  it("buckets seconds into 30 s, 1~3, 1~10 and 5~30 min", () => {
    expect(arrivalBucket(20)).toBe("30s");
    expect(arrivalBucket(120)).toBe("1-3m");
    expect(arrivalBucket(500)).toBe("1-10m");
    expect(arrivalBucket(1200)).toBe("5-30m");
  });
});

describe("the action", () => {
  const ready: SwapActionInput = {
    connected: true,
    chainUsable: true,
    onFromChain: true,
    tokensChosen: true,
    amountText: "1",
    amount: 1n,
    balance: 5n,
    slippageOk: true,
    receiveAddressOk: true,
    quote: "ready",
    needsApproval: false,
    fromSymbol: "USDC",
    signedIn: true,
    busy: false,
  };

  it("follows the order a user meets the steps in", () => {
    expect(swapAction({ ...ready, connected: false, onFromChain: false }).kind).toBe("connect");
    expect(swapAction({ ...ready, chainUsable: false }).kind).toBe("unsupportedNetwork");
    expect(swapAction({ ...ready, onFromChain: false }).kind).toBe("switchNetwork");
    expect(swapAction({ ...ready, amountText: "", amount: null }).kind).toBe("enterAmount");
    expect(swapAction({ ...ready, amount: 6n }).kind).toBe("insufficientBalance");
    expect(swapAction({ ...ready, slippageOk: false }).kind).toBe("fixSlippage");
    expect(swapAction({ ...ready, receiveAddressOk: false }).kind).toBe("fixReceiveAddress");
    expect(swapAction({ ...ready, quote: "loading" }).kind).toBe("quoting");
    expect(swapAction({ ...ready, quote: "error" }).kind).toBe("noQuote");
    expect(swapAction({ ...ready, signedIn: false }).kind).toBe("signIn");
    expect(swapAction({ ...ready, needsApproval: true })).toEqual({ kind: "approve", symbol: "USDC" });
    expect(swapAction(ready).kind).toBe("swap");
    expect(swapAction({ ...ready, busy: true }).kind).toBe("busy");
  });
});

describe("maxAmountText", () => {
  it("keeps gas back on the chain's coin only, and never goes below 0", () => {
    expect(maxAmountText(2n * 10n ** 18n, 18, true, "0.0012")).toBe("1.9976");
    expect(maxAmountText(2n * 10n ** 18n, 18, true, null)).toBe("1.999");
    expect(maxAmountText(10n ** 14n, 18, true, null)).toBe("0");
    expect(maxAmountText(1_000_000n, 6, false, "0.0012")).toBe("1");
  });
});
