import { parseEther, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { limitMinimum } from "./limit-executor.ts";

describe("limitMinimum: the least a limit order must receive", () => {
  it("a sell: amount × limit × (1 − slippage), in the received token at its USD price", () => {
    const order = { side: "sell", fromAmount: "2", limitPrice: 3100, slippage: "1" };
    // 2 ETH at 3,100 USDT less 1%: 6,138 USD of a 1-USD token with 6 decimals
    expect(limitMinimum(order, { fromUsd: 3000, toUsd: 1 }, 6)).toBe(parseUnits("6138", 6));
    // received in a coin worth 2 USD: half as many
    expect(limitMinimum(order, { fromUsd: 3000, toUsd: 2 }, 18)).toBe(parseEther("3069"));
  });

  it("a buy: the amount's USD value / limit × (1 − slippage) of the bought coin", () => {
    const order = { side: "buy", fromAmount: "3700", limitPrice: 3700, slippage: "0.5" };
    expect(limitMinimum(order, { fromUsd: 1, toUsd: 3500 }, 18)).toBe(parseEther("0.995"));
  });

  it("has none without the price it needs, and rounds to the token's decimals", () => {
    expect(
      limitMinimum(
        { side: "sell", fromAmount: "1", limitPrice: 10, slippage: "1" },
        { fromUsd: 1, toUsd: undefined },
        6,
      ),
    ).toBeUndefined();
    expect(
      limitMinimum(
        { side: "buy", fromAmount: "1", limitPrice: 10, slippage: "1" },
        { fromUsd: undefined, toUsd: 1 },
        6,
      ),
    ).toBeUndefined();
    expect(
      limitMinimum({ side: "buy", fromAmount: "1", limitPrice: 3, slippage: "1" }, { fromUsd: 1, toUsd: 3 }, 6),
    ).toBe(330_000n);
  });
});
