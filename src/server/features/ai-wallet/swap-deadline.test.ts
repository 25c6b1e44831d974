import { encodeFunctionData, parseAbi, zeroAddress } from "viem";
import { describe, expect, it } from "vitest";
import { routerDeadline } from "./swap-deadline.ts";

describe("routerDeadline: the deadline a router swap carries", () => {
  it("reads a Uniswap v2 swap's last argument; nothing from another call", () => {
    const abi = parseAbi([
      "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)",
      "function approve(address spender, uint256 amount)",
    ]);
    const swap = encodeFunctionData({
      abi,
      functionName: "swapExactETHForTokens",
      args: [1n, [zeroAddress, zeroAddress], zeroAddress, 1_900_000_000n],
    });
    expect(routerDeadline(swap)).toBe(1_900_000_000);
    expect(routerDeadline(encodeFunctionData({ abi, functionName: "approve", args: [zeroAddress, 1n] }))).toBe(
      undefined,
    );
    expect(routerDeadline("0x")).toBeUndefined();
  });
});
