import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, type StandIn, startStandIn } from "../upstream/stand-in.ts";
import type { QuoteSource } from "./quote-source.ts";
import { expectReason, FEE_WALLET, never, OTHER_WALLET, quoteRequest, WALLET } from "./stand-ins/requests.ts";
import {
  itIsSameChainOnly,
  itRefusesMalformedAndSilentAnswers,
  itSellsTheNativeCoin,
  type SourceUnderTest,
} from "./stand-ins/source-tests.ts";
import { ALLOWANCE_HOLDER, zeroexErrorReply, zeroexNoLiquidityReply, zeroexQuoteReply } from "./stand-ins/zeroex.ts";
import { createZeroExSource } from "./zeroex-source.ts";

let standIn: StandIn;
let source: QuoteSource;

const make = (quoteTimeoutMs = 2_000) =>
  createZeroExSource({ zeroex: { url: standIn.url, apiKey: "zx-key" }, quoteTimeoutMs });

beforeEach(async () => {
  standIn = await startStandIn();
  source = make();
});
afterEach(async () => {
  await standIn.close();
});

const under: SourceUnderTest = { standIn: () => standIn, source: (ms) => (ms === undefined ? source : make(ms)) };

const serve = () =>
  standIn.handle((r) => (r.path.startsWith("/swap/allowance-holder/") ? zeroexQuoteReply(r) : undefined));

describe("0x quotes", () => {
  it("asks the AllowanceHolder quote with key and version, and reads amounts, route, gas, spender and tx", async () => {
    serve();
    const quote = await source.quote(quoteRequest(), never());
    const asked = standIn.asked[0];
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
    const quote = await source.quote(quoteRequest({ fromAddress: undefined }), never());
    expect(standIn.asked[0]?.path).toBe("/swap/allowance-holder/price");
    expect(standIn.asked[0]?.query.has("taker")).toBe(false);
    expect(quote.tx).toBeNull();
    expect(quote.approvalSpender).toBe(ALLOWANCE_HOLDER);
  });

  it("charges the integrator fee in the sold token and shows 0x's figure for it", async () => {
    serve();
    const quote = await source.quote(
      quoteRequest({ feeBps: 30, feeRecipient: FEE_WALLET, toAddress: OTHER_WALLET }),
      never(),
    );
    const query = standIn.asked[0]?.query;
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
    standIn.handle(() => zeroexNoLiquidityReply());
    await expectReason(source.quote(quoteRequest(), never()), "insufficientLiquidity");
  });

  it("maps 0x's errors", async () => {
    standIn.handle(() => zeroexErrorReply("TOKEN_NOT_SUPPORTED"));
    await expectReason(source.quote(quoteRequest(), never()), "unsupportedSwapPair");
    standIn.handle(() => zeroexErrorReply("INPUT_INVALID", 400, [{ field: "sellAmount", reason: "too small" }]));
    await expectReason(source.quote(quoteRequest(), never()), "amountOutOfRange");
    standIn.handle(() => zeroexErrorReply("INPUT_INVALID", 400, [{ field: "buyToken", reason: "invalid" }]));
    await expectReason(source.quote(quoteRequest(), never()), "unsupportedSwapPair");
    standIn.handle(() => zeroexErrorReply("SWAP_VALIDATION_FAILED"));
    await expectReason(source.quote(quoteRequest(), never()), "swapQuoteError");
    standIn.handle(() => zeroexErrorReply("UNAUTHORIZED", 401));
    await expectReason(source.quote(quoteRequest(), never()), "swapQuoteError");
    standIn.handle(() => json({ message: "Too many requests" }, 429, { "retry-after": "1" }));
    await expectReason(source.quote(quoteRequest(), never()), "tooFrequent");
    standIn.handle(() => zeroexErrorReply("INTERNAL_SERVER_ERROR", 500));
    await expectReason(source.quote(quoteRequest(), never()), "quoteServiceUnreachable");
  });

  itRefusesMalformedAndSilentAnswers(under, { liquidityAvailable: true, buyAmount: "1.5" });
  itIsSameChainOnly(under, "0x's chains", 8453, 1);
});

describe("0x transactions", () => {
  it("keeps the firm quote's transaction for the same wallet; an indicative one is asked again with the taker", async () => {
    serve();
    const request = quoteRequest();
    const firm = await source.quote(request, never());
    expect(await source.buildTx({ ...request, fromAddress: WALLET }, firm, never())).toEqual(firm.tx);
    expect(standIn.asked).toHaveLength(1);

    const indicative = await source.quote(quoteRequest({ fromAddress: undefined }), never());
    const tx = await source.buildTx({ ...request, fromAddress: WALLET }, indicative, never());
    expect(standIn.asked[2]?.path).toBe("/swap/allowance-holder/quote");
    expect(standIn.asked[2]?.query.get("taker")).toBe(WALLET);
    expect(tx.to).toBe(ALLOWANCE_HOLDER);
  });
});
