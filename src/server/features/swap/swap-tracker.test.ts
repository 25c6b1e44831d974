import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import { matchesOrder } from "./swap-tracker.ts";

/** Which reported transaction is an order's swap: wallet, chain, router, and the very input and value handed over. */

const WALLET = getAddress("0x00000000000000000000000000000000000a11ce");
const ROUTER = getAddress("0x1111111254eeb25477b68fb85ed929f73a960582");
const row = {
  fromChainId: 1,
  fromAddress: WALLET,
  txs: {
    quoteId: "q1",
    sourceId: "a",
    approveTx: null,
    swapTx: { chainId: 1, from: WALLET, to: ROUTER, data: "0xdeadbeef01", value: "5", gas: null },
    build: {},
  },
};
const sent = { from: WALLET, to: ROUTER, input: "0xDEADBEEF01" as const, value: 5n, chainId: 1 };

describe("matchesOrder", () => {
  it("takes the order's swap as handed to the wallet", () => {
    expect(matchesOrder(sent, row)).toBe(true);
    expect(matchesOrder({ ...sent, chainId: undefined }, row)).toBe(true);
  });

  it("refuses another call to the same router, another value, sender, target or chain", () => {
    expect(matchesOrder({ ...sent, input: "0xdeadbeef02" }, row)).toBe(false);
    expect(matchesOrder({ ...sent, value: 6n }, row)).toBe(false);
    expect(matchesOrder({ ...sent, from: getAddress("0x0000000000000000000000000000000000000b0b") }, row)).toBe(false);
    expect(matchesOrder({ ...sent, to: WALLET }, row)).toBe(false);
    expect(matchesOrder({ ...sent, to: null }, row)).toBe(false);
    expect(matchesOrder({ ...sent, chainId: 56 }, row)).toBe(false);
  });
});
