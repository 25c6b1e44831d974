import { describe, expect, it } from "vitest";
import { json } from "../upstream/stand-in.ts";
import { expectReason, FEE_WALLET, never, OTHER_WALLET, quoteRequest, WALLET } from "./stand-ins/requests.ts";
import {
  itIsSameChainOnly,
  itRefusesMalformedAndSilentAnswers,
  itSellsTheNativeCoin,
  sourceOnStandIn,
} from "./stand-ins/source-tests.ts";
import { ALLOWANCE_HOLDER, zeroexErrorReply, zeroexNoLiquidityReply, zeroexQuoteReply } from "./stand-ins/zeroex.ts";
import { createZeroExSource } from "./zeroex-source.ts";

const under = sourceOnStandIn((url, quoteTimeoutMs) =>
  createZeroExSource({ zeroex: { url, apiKey: "zx-key" }, quoteTimeoutMs }),
);

const serve = () =>
  under.standIn.handle((r) => (r.path.startsWith("/swap/allowance-holder/") ? zeroexQuoteReply(r) : undefined));

describe("0x quotes", () => {
  it("asks the AllowanceHolder quote with key and version, and reads amounts, route, gas, spender and tx", async () => {
    serve();
    const quote = await under.source.quote(quoteRequest(), never());
    const asked = under.standIn.asked[0];
    expect(asked?.path).toBe("/swap/allowance-holder/quote");
    expect(asked?.headers["0x-api-key"]).toBe("zx-key");
    expect(asked?.headers["0x-version"]).toBe("v2");
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({
      chainId: "1",
      sellToken: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      buyToken: "0x6B175474E89094C44Da98b954EedeAC495271d0F",
      sellAmount: "10000000",
      taker: WALLET,
      slippageBps: "50",
    });
    // 10 USDC less 0x's 0.15 % = 9 985 000, at 4 per unit
    expect(quote).toMatchObject({
      source: "0x",
      toAmount: "39940000",
      toAmountMin: "39740300",
      gasNative: "1393685870940000",
      gasUsd: null,
      route: [
        { tool: "Uniswap_V3", type: "swap", fromChainId: 1, toChainId: 1 },
        { tool: "SolidlyV3", type: "swap", fromChainId: 1, toChainId: 1 },
      ],
      approvalSpender: ALLOWANCE_HOLDER,
      feeAmount: "0",
      tx: {
        to: ALLOWANCE_HOLDER,
        data: "0x2213bc0b000000000000000000000000000000000000000000000000000000000000002a",
        value: "0",
        gas: "288079",
      },
    });
  });

  it("without the wallet the indicative price is asked, with no transaction", async () => {
    serve();
    const quote = await under.source.quote(quoteRequest({ fromAddress: undefined }), never());
    expect(under.standIn.asked[0]?.path).toBe("/swap/allowance-holder/price");
    expect(under.standIn.asked[0]?.query.has("taker")).toBe(false);
    expect(quote.tx).toBeNull();
    expect(quote.approvalSpender).toBe(ALLOWANCE_HOLDER);
  });

  it("charges the integrator fee in the sold token and shows 0x's figure for it", async () => {
    serve();
    const quote = await under.source.quote(
      quoteRequest({ feeBps: 30, feeRecipient: FEE_WALLET, toAddress: OTHER_WALLET }),
      never(),
    );
    const query = under.standIn.asked[0]?.query;
    expect(query?.get("swapFeeBps")).toBe("30");
    expect(query?.get("swapFeeRecipient")).toBe(FEE_WALLET);
    expect(query?.get("swapFeeToken")).toBe("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    expect(query?.get("recipient")).toBe(OTHER_WALLET);
    expect(quote.feeAmount).toBe("30000");
    expect(quote.toAmount).toBe(String((10_000_000n - 30_000n - 15_000n) * 4n));
  });

  itSellsTheNativeCoin(under, "the native coin is 0x's 0xEeee address and needs no approval", serve, {
    param: "sellToken",
    sentAs: "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE",
  });

  it("liquidityAvailable false is insufficient liquidity", async () => {
    under.standIn.handle(() => zeroexNoLiquidityReply());
    await expectReason(under.source.quote(quoteRequest(), never()), "insufficientLiquidity");
  });

  it("maps 0x's errors", async () => {
    under.standIn.handle(() => zeroexErrorReply("TOKEN_NOT_SUPPORTED"));
    await expectReason(under.source.quote(quoteRequest(), never()), "unsupportedSwapPair");
    under.standIn.handle(() => zeroexErrorReply("INPUT_INVALID", 400, [{ field: "sellAmount", reason: "too small" }]));
    await expectReason(under.source.quote(quoteRequest(), never()), "amountOutOfRange");
    under.standIn.handle(() => zeroexErrorReply("INPUT_INVALID", 400, [{ field: "buyToken", reason: "invalid" }]));
    await expectReason(under.source.quote(quoteRequest(), never()), "unsupportedSwapPair");
    under.standIn.handle(() => zeroexErrorReply("SWAP_VALIDATION_FAILED"));
    await expectReason(under.source.quote(quoteRequest(), never()), "swapQuoteError");
    under.standIn.handle(() => zeroexErrorReply("UNAUTHORIZED", 401));
    await expectReason(under.source.quote(quoteRequest(), never()), "swapQuoteError");
    under.standIn.handle(() => json({ message: "Too many requests" }, 429, { "retry-after": "1" }));
    await expectReason(under.source.quote(quoteRequest(), never()), "tooFrequent");
    under.standIn.handle(() => zeroexErrorReply("INTERNAL_SERVER_ERROR", 500));
    await expectReason(under.source.quote(quoteRequest(), never()), "quoteServiceUnreachable");
  });

  itRefusesMalformedAndSilentAnswers(under, { liquidityAvailable: true, buyAmount: "1.5" });
  itIsSameChainOnly(under, "0x's chains", 8453, 1);
});

describe("0x transactions", () => {
  it("keeps the firm quote's transaction for the same wallet; an indicative one is asked again with the taker", async () => {
    serve();
    const request = quoteRequest();
    const firm = await under.source.quote(request, never());
    expect(await under.source.buildTx({ ...request, fromAddress: WALLET }, firm, never())).toEqual(firm.tx);
    expect(under.standIn.asked).toHaveLength(1);

    const indicative = await under.source.quote(quoteRequest({ fromAddress: undefined }), never());
    const tx = await under.source.buildTx({ ...request, fromAddress: WALLET }, indicative, never());
    expect(under.standIn.asked[2]?.path).toBe("/swap/allowance-holder/quote");
    expect(under.standIn.asked[2]?.query.get("taker")).toBe(WALLET);
    expect(tx.to).toBe(ALLOWANCE_HOLDER);
  });
});
