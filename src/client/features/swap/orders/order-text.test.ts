import { describe, expect, it } from "vitest";
import { stepStates } from "./order-text.ts";
import { fakeSwapOrder, OUT_HASH } from "./testing/fake-swap-order.ts";

const USDT = {
  address: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
  symbol: "USDT",
  decimals: 6,
  chainId: 1,
  logoURI: null,
};

describe("transfer steps of an order (spec §4: approve, transfer, in progress, completed)", () => {
  it("selling the chain's coin skips the approval: awaiting the deposit is the transfer", () => {
    expect(stepStates(fakeSwapOrder())).toEqual({
      approve: "skipped",
      transfer: "current",
      inProgress: "todo",
      completed: "todo",
    });
  });

  it("selling a token waits at the approval until its hash is known, then at the transfer", () => {
    const order = fakeSwapOrder({ fromToken: USDT });
    expect(stepStates(order).approve).toBe("current");
    expect(stepStates({ ...order, approveHash: OUT_HASH })).toMatchObject({ approve: "done", transfer: "current" });
  });

  it("pending is the transfer, exchanging is in progress, completed is all done", () => {
    const order = fakeSwapOrder({ fromToken: USDT, approveHash: OUT_HASH, transferOutHash: OUT_HASH });
    expect(stepStates({ ...order, status: "pending" }).transfer).toBe("current");
    expect(stepStates({ ...order, status: "exchanging" })).toEqual({
      approve: "done",
      transfer: "done",
      inProgress: "current",
      completed: "todo",
    });
    expect(Object.values(stepStates({ ...order, status: "completed" }))).toEqual(["done", "done", "done", "done"]);
  });

  it("a stopped order marks the step it stopped at as failed", () => {
    expect(stepStates(fakeSwapOrder({ status: "cancelled" })).transfer).toBe("failed");
    expect(stepStates(fakeSwapOrder({ status: "fail", transferOutHash: OUT_HASH })).inProgress).toBe("failed");
  });
});
