import { describe, expect, it } from "vitest";
import { expectReason, FEE_WALLET, never, OTHER_WALLET, quoteRequest, WALLET } from "./stand-ins/requests.ts";
import { itIsSameChainOnly, itRefusesMalformedAndSilentAnswers, sourceOnStandIn } from "./stand-ins/source-tests.ts";
import { AUGUSTUS_V6_2, veloraErrorReply, veloraPricesReply, veloraTransactionReply } from "./stand-ins/velora.ts";
import { createVeloraSource } from "./velora-source.ts";

const under = sourceOnStandIn((url, quoteTimeoutMs) => createVeloraSource({ velora: { url }, quoteTimeoutMs }));

const serve = (withGas = false) =>
  under.standIn.handle((r) => {
    if (r.method === "GET" && r.path === "/prices") return veloraPricesReply(r);
    if (r.method === "POST" && r.path.startsWith("/transactions/")) return veloraTransactionReply(r, withGas);
    return undefined;
  });

describe("Velora quotes", () => {
  it("asks GET /prices with the documented parameters and reads amount, route, gas and spender", async () => {
    serve();
    const quote = await under.source.quote(quoteRequest(), never());
    const asked = under.standIn.asked[0];
    expect(asked?.path).toBe("/prices");
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({
      srcToken: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      destToken: "0x6B175474E89094C44Da98b954EedeAC495271d0F",
      amount: "10000000",
      srcDecimals: "6",
      destDecimals: "18",
      side: "SELL",
      network: "1",
      version: "6.2",
      partner: "mountainlion",
      userAddress: WALLET,
    });
    expect(quote).toMatchObject({
      source: "Velora",
      toAmount: "30000000",
      toAmountMin: "29850000",
      gasNative: null,
      gasUsd: "2.315481",
      route: [
        { tool: "UniswapV3", type: "swap", fromChainId: 1, toChainId: 1 },
        { tool: "CurveV1", type: "swap", fromChainId: 1, toChainId: 1 },
      ],
      approvalSpender: AUGUSTUS_V6_2,
      feeAmount: "0",
      tx: null,
    });
    expect(quote.build.priceRoute).toMatchObject({ hmac: expect.any(String), destAmount: "30000000" });
  });

  it("quotes without a wallet (Velora prices without one)", async () => {
    serve();
    const quote = await under.source.quote(quoteRequest({ fromAddress: undefined }), never());
    expect(under.standIn.asked[0]?.query.has("userAddress")).toBe(false);
    expect(quote.toAmount).toBe("30000000");
  });

  it("passes the partner fee and shows it; the price is already after it", async () => {
    serve();
    const quote = await under.source.quote(quoteRequest({ feeBps: 25, feeRecipient: FEE_WALLET }), never());
    const query = under.standIn.asked[0]?.query;
    expect(query?.get("partnerFeeBps")).toBe("25");
    expect(query?.get("partnerAddress")).toBe(FEE_WALLET);
    expect(quote.feeAmount).toBe("25000");
    expect(quote.toAmount).toBe(String(30_000_000n - (30_000_000n * 25n) / 10_000n));
  });

  it("the native coin is Velora's 0xEeee address and needs no approval", async () => {
    serve();
    const quote = await under.source.quote(
      quoteRequest({
        fromToken: { address: "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE", decimals: 18, symbol: "ETH" },
      }),
      never(),
    );
    expect(under.standIn.asked[0]?.query.get("srcToken")).toBe("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE");
    expect(quote.approvalSpender).toBeNull();
  });

  it("maps Velora's errors", async () => {
    under.standIn.handle(() => veloraErrorReply("No routes found with enough liquidity"));
    await expectReason(under.source.quote(quoteRequest(), never()), "insufficientLiquidity");
    under.standIn.handle(() => veloraErrorReply("ESTIMATED_LOSS_GREATER_THAN_MAX_IMPACT"));
    await expectReason(under.source.quote(quoteRequest(), never()), "insufficientLiquidity");
    under.standIn.handle(() => veloraErrorReply("Amount 10 is too small to proceed"));
    await expectReason(under.source.quote(quoteRequest(), never()), "amountOutOfRange");
    under.standIn.handle(() => veloraErrorReply("Invalid tokens"));
    await expectReason(under.source.quote(quoteRequest(), never()), "unsupportedSwapPair");
    under.standIn.handle(() => veloraErrorReply("No route found"));
    await expectReason(under.source.quote(quoteRequest(), never()), "noQuotation");
    under.standIn.handle(() => veloraErrorReply("Too many requests", 429));
    await expectReason(under.source.quote(quoteRequest(), never()), "tooFrequent");
    under.standIn.handle(() => veloraErrorReply("Internal Server Error", 503));
    await expectReason(under.source.quote(quoteRequest(), never()), "quoteServiceUnreachable");
  });

  itRefusesMalformedAndSilentAnswers(under, { priceRoute: { destAmount: "x" } });
  itIsSameChainOnly(under, "Velora's networks", 137, 1);
});

describe("Velora transactions", () => {
  it("posts the kept priceRoute unmodified with slippage in bps, receiver and partner fee", async () => {
    serve();
    const request = quoteRequest({ toAddress: OTHER_WALLET, feeBps: 25, feeRecipient: FEE_WALLET, slippageBps: 100 });
    const quote = await under.source.quote(request, never());
    const tx = await under.source.buildTx({ ...request, fromAddress: WALLET }, quote, never());

    const post = under.standIn.asked[1];
    expect(post?.method).toBe("POST");
    expect(post?.path).toBe("/transactions/1");
    expect(post?.query.get("ignoreChecks")).toBe("true");
    expect(post?.body).toEqual({
      priceRoute: quote.build.priceRoute,
      srcToken: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      destToken: "0x6B175474E89094C44Da98b954EedeAC495271d0F",
      srcAmount: "10000000",
      srcDecimals: 6,
      destDecimals: 18,
      slippage: 100,
      userAddress: WALLET,
      receiver: OTHER_WALLET,
      partner: "mountainlion",
      partnerAddress: FEE_WALLET,
      partnerFeeBps: "25",
    });
    expect(tx).toEqual({
      to: AUGUSTUS_V6_2,
      data: "0xe3ead59e000000000000000000000000000000000000000000000000000000000000002a",
      value: "0",
      gas: null,
    });
  });

  it("keeps Velora's gas when it gives one; a build error is mapped", async () => {
    serve(true);
    const request = quoteRequest();
    const quote = await under.source.quote(request, never());
    expect((await under.source.buildTx({ ...request, fromAddress: WALLET }, quote, never())).gas).toBe("201345");
    under.standIn.handle(() => veloraErrorReply("Unable to process the transaction"));
    await expectReason(under.source.buildTx({ ...request, fromAddress: WALLET }, quote, never()), "swapQuoteError");
  });
});
