import { describe, expect, it } from "vitest";
import { swapPrefillOf } from "./swap-prefill.ts";

describe("the swap screen's prefill (the aiSwap chat's handoff)", () => {
  it("reads chains, tokens (address or symbol) and the amount, next to type=newChat and isAgents=Y", () => {
    expect(
      swapPrefillOf(
        "?type=newChat&isAgents=Y&fromChainId=56&toChainId=1&fromToken=USDT&toToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&amount=100",
      ),
    ).toEqual({
      fromChainId: 56,
      toChainId: 1,
      fromToken: "USDT",
      toToken: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      amount: "100",
    });
  });

  it("leaves out what does not read rather than guessing", () => {
    expect(swapPrefillOf("fromChainId=-1&fromToken=<b>&amount=1e5&toToken=SOL")).toEqual({ toToken: "SOL" });
    expect(swapPrefillOf("")).toEqual({});
  });
});
