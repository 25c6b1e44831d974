import { describe, expect, it } from "vitest";
import { classifyMessage, feeAmountOf, otherReceiver, txData } from "./source-http.ts";
import { FEE_WALLET, OTHER_WALLET, quoteRequest, WALLET } from "./stand-ins/requests.ts";

describe("the adapters' shared pieces", () => {
  it("names a receiver only when it is another wallet than a known sender", () => {
    expect(otherReceiver(quoteRequest({ toAddress: OTHER_WALLET }))).toBe(OTHER_WALLET);
    expect(otherReceiver(quoteRequest({ toAddress: WALLET.toLowerCase() as `0x${string}` }))).toBeUndefined();
    expect(otherReceiver(quoteRequest())).toBeUndefined();
    expect(otherReceiver(quoteRequest({ fromAddress: undefined, toAddress: OTHER_WALLET }))).toBeUndefined();
  });

  it("reports the fee the source names, else amount × bps, and none when no fee is taken", () => {
    const charged = quoteRequest({ feeBps: 30, feeRecipient: FEE_WALLET });
    expect(feeAmountOf(charged)).toBe("30000");
    expect(feeAmountOf(charged, "29999")).toBe("29999");
    expect(feeAmountOf(quoteRequest({ feeBps: 30 }))).toBe("0");
    expect(feeAmountOf(quoteRequest({ feeBps: 30 }), undefined, true)).toBe("30000");
    expect(feeAmountOf(quoteRequest(), "5")).toBe("0");
  });

  it("takes a gas limit of 0 for none (the wallet estimates it)", () => {
    const base = { to: WALLET, data: "0x" } as const;
    expect(txData({ ...base, gas: "0" })).toEqual({ ...base, value: "0", gas: null });
    expect(txData({ ...base, gas: "210000", value: "5" })).toEqual({ ...base, value: "5", gas: "210000" });
    expect(txData(base).gas).toBeNull();
  });

  it("reads Velora's and 1inch's error texts into failures", () => {
    expect(classifyMessage("No routes found with enough liquidity")).toBe("insufficientLiquidity");
    expect(classifyMessage("ESTIMATED_LOSS_GREATER_THAN_MAX_IMPACT")).toBe("insufficientLiquidity");
    expect(classifyMessage("Amount 1 is too small to proceed")).toBe("amountOutOfRange");
    expect(classifyMessage("Not enough balance for amount")).not.toBe("amountOutOfRange");
    expect(classifyMessage("Invalid tokens")).toBe("unsupportedSwapPair");
    expect(classifyMessage("dst token not supported")).toBe("unsupportedSwapPair");
    expect(classifyMessage("Price timeout")).toBe("quoteServiceUnreachable");
    expect(classifyMessage("Unable to find a route")).toBe("noQuotation");
    expect(classifyMessage("something else")).toBe("swapQuoteError");
  });
});
