import { describe, expect, it } from "vitest";
import type { PayChain } from "../../../config.ts";
import type { TransactionLookup } from "../../../providers/chains/chain-verifier.ts";
import { CLOCK_SKEW_MS, judge } from "./deposit-check.ts";
import { microToUnits, unitsToMicro } from "./token-units.ts";

const chain: PayChain = {
  code: "BSC",
  kind: "evm",
  rpcUrl: "https://bsc.example",
  apiKey: undefined,
  chainId: 56,
  usdt: "0x55d398326f99059fF775485246999027B3197955",
  decimals: 18,
  depositAddress: "0x00000000000000000000000000000000000000D1",
  confirmations: 15,
};
const other = "0x00000000000000000000000000000000000000E2";
const opened = new Date("2030-01-01T00:00:00Z");
const usdt = (amount: bigint, to = chain.depositAddress, token = chain.usdt) => ({
  token,
  from: other,
  to,
  value: amount,
});
const E18 = 10n ** 18n;

function mined(more: Partial<Extract<TransactionLookup, { state: "mined" }>> = {}): TransactionLookup {
  return {
    state: "mined",
    success: true,
    blockNumber: 100,
    blockTime: new Date(opened.getTime() + 60_000),
    confirmations: 15,
    transfers: [usdt(20n * E18)],
    ...more,
  };
}

const verdict = (lookup: TransactionLookup) => judge(lookup, { chain, notBefore: opened });

describe("judging a chain's answer", () => {
  it("pays the sum of the USDT transfers to the deposit address, in the token's decimals", () => {
    const lookup = mined({ transfers: [usdt(15n * E18), usdt(5n * E18), usdt(99n * E18, other)] });
    expect(verdict(lookup)).toMatchObject({ kind: "pays", chainFacts: { amountMicro: 20_000_000 } });
  });

  it("names each fault", () => {
    expect(verdict({ state: "notFound" })).toEqual({ kind: "notFound" });
    expect(verdict({ state: "unavailable", detail: "x" })).toMatchObject({ kind: "pending", reason: "rpcUnavailable" });
    expect(verdict({ state: "inconsistent", detail: "x" })).toMatchObject({
      kind: "pending",
      reason: "rpcInconsistent",
    });
    expect(verdict(mined({ success: false }))).toMatchObject({ kind: "failed", reason: "txReverted" });
    expect(verdict(mined({ transfers: [usdt(20n * E18, chain.depositAddress, other)] }))).toMatchObject({
      reason: "wrongToken",
    });
    expect(verdict(mined({ transfers: [] }))).toMatchObject({ reason: "wrongToken" });
    expect(verdict(mined({ transfers: [usdt(20n * E18, other)] }))).toMatchObject({ reason: "wrongRecipient" });
    expect(verdict(mined({ transfers: [usdt(E18 / 20n)] }))).toMatchObject({
      kind: "failed",
      reason: "amountTooSmall",
    });
    expect(verdict(mined({ confirmations: 14 }))).toMatchObject({ kind: "pending", reason: "awaitingConfirmations" });
    const early = new Date(opened.getTime() - CLOCK_SKEW_MS - 1_000);
    expect(verdict(mined({ blockTime: early }))).toMatchObject({ kind: "failed", reason: "txBeforeOrder" });
    const withinSkew = new Date(opened.getTime() - CLOCK_SKEW_MS + 1_000);
    expect(verdict(mined({ blockTime: withinSkew }))).toMatchObject({ kind: "pays" });
  });

  it("converts between token units and micro-USDT, rounding in the payer's disfavour", () => {
    expect(unitsToMicro(19_990_000n, 6)).toBe(19_990_000n);
    expect(unitsToMicro(1_999_999_999_999_999_999n, 18)).toBe(1_999_999n);
    expect(unitsToMicro(5n, 2)).toBe(50_000n);
    expect(microToUnits(19_990_000, 18)).toBe(19_990_000_000_000_000_000n);
    expect(microToUnits(1, 2)).toBe(1n);
  });
});
