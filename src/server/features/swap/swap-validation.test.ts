import { describe, expect, it } from "vitest";
import {
  highSlippage,
  isContractCode,
  isSlippageRevert,
  mostTelling,
  quoteFailure,
  rateOf,
  slippageBps,
  toRawAmount,
} from "./swap-validation.ts";

describe("swap validation", () => {
  it("reads amounts in the token's decimals, above 0", () => {
    expect(toRawAmount("1.5", 6)).toBe(1_500_000n);
    expect(toRawAmount("1.500000000", 6)).toBe(1_500_000n);
    expect(() => toRawAmount("1.0000001", 6)).toThrow(/6 decimals/);
    expect(() => toRawAmount("0.000", 6)).toThrow(/above 0/);
  });

  it("turns slippage into basis points and warns at 15%", () => {
    expect(slippageBps("0.5")).toBe(50);
    expect(slippageBps("12.34")).toBe(1234);
    expect(highSlippage("14.99")).toBe(false);
    expect(highSlippage("15")).toBe(true);
  });

  it("tells a contract from an account, a delegated (EIP-7702) account being an account", () => {
    expect(isContractCode("0x")).toBe(false);
    expect(isContractCode(undefined)).toBe(false);
    expect(isContractCode(`0xef0100${"ab".repeat(20)}`)).toBe(false);
    expect(isContractCode("0x6080604052")).toBe(true);
  });

  it("gives the rate in the tokens' units", () => {
    expect(rateOf(1_000_000n, 6, 2n * 10n ** 18n, 18)).toBe("2");
    expect(rateOf(3n * 10n ** 18n, 18, 1_000_000n, 6)).toBe("0.333333333333333333");
    expect(rateOf(0n, 6, 1n, 6)).toBe("0");
  });

  it("recognises the routers' slippage reverts", () => {
    expect(isSlippageRevert('reverted with the following reason: "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"')).toBe(
      true,
    );
    expect(isSlippageRevert("Return amount is not enough")).toBe(true);
    expect(isSlippageRevert("Too little received")).toBe(true);
    expect(isSlippageRevert("TransferHelper: TRANSFER_FROM_FAILED")).toBe(false);
  });

  it("answers the most telling failure, unreachable only when nothing else was said", () => {
    expect(mostTelling(["quoteServiceUnreachable", "noQuotation"])).toBe("noQuotation");
    expect(mostTelling(["swapQuoteError", "insufficientLiquidity"])).toBe("insufficientLiquidity");
    expect(mostTelling(["quoteServiceUnreachable"])).toBe("quoteServiceUnreachable");
    expect(mostTelling([])).toBe("quoteServiceUnreachable");
    expect(quoteFailure("insufficientLiquidity", "x")).toMatchObject({ status: 400, issues: [{ field: "amount" }] });
    expect(quoteFailure("quoteServiceUnreachable", "x")).toMatchObject({ status: 502, issues: [] });
    expect(quoteFailure("tooFrequent", "x")).toMatchObject({ status: 503 });
  });
});
