import { describe, expect, it } from "vitest";
import { createOneInchSource } from "./oneinch-source.ts";
import { ONEINCH_ROUTER_V6, oneinchErrorReply, oneinchReply } from "./stand-ins/oneinch.ts";
import { expectReason, FEE_WALLET, never, OTHER_WALLET, quoteRequest, WALLET } from "./stand-ins/requests.ts";
import {
  itIsSameChainOnly,
  itRefusesMalformedAndSilentAnswers,
  itSellsTheNativeCoin,
  sourceOnStandIn,
} from "./stand-ins/source-tests.ts";

const under = sourceOnStandIn((url, quoteTimeoutMs) =>
  createOneInchSource({ oneinch: { url: `${url}/swap/v6.0`, apiKey: "1i-key" }, quoteTimeoutMs }),
);

const serve = () => under.standIn.handle((r) => oneinchReply({ ...r, path: r.path.replace(/^\/swap\/v6\.0/, "") }));
const asked = (kind: string) => under.standIn.asked.find((r) => r.path.endsWith(kind));

describe("1inch quotes", () => {
  it("with the wallet asks /swap (slippage in percent, no estimate) and the spender, with the key", async () => {
    serve();
    const quote = await under.source.quote(quoteRequest(), never());
    const swap = asked("/swap");
    expect(swap?.path).toBe("/swap/v6.0/1/swap");
    expect(swap?.headers.authorization).toBe("Bearer 1i-key");
    expect(Object.fromEntries(swap?.query ?? [])).toEqual({
      src: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      dst: "0x6B175474E89094C44Da98b954EedeAC495271d0F",
      amount: "10000000",
      includeProtocols: "true",
      from: WALLET,
      origin: WALLET,
      slippage: "0.5",
      disableEstimate: "true",
    });
    expect(asked("/approve/spender")?.path).toBe("/swap/v6.0/1/approve/spender");
    expect(quote).toMatchObject({
      source: "1inch",
      toAmount: "50000000",
      toAmountMin: "49750000",
      gasNative: null,
      route: [
        { tool: "UNISWAP_V3", type: "swap", fromChainId: 1, toChainId: 1 },
        { tool: "CURVE_V2", type: "swap", fromChainId: 1, toChainId: 1 },
      ],
      approvalSpender: ONEINCH_ROUTER_V6,
      feeAmount: "0",
      tx: {
        to: ONEINCH_ROUTER_V6,
        data: "0x07ed2379000000000000000000000000000000000000000000000000000000000000002a",
        value: "0",
        gas: null,
      },
    });
  });

  it("without the wallet asks /quote; the spender is asked once per chain", async () => {
    serve();
    const quote = await under.source.quote(quoteRequest({ fromAddress: undefined }), never());
    expect(asked("/quote")?.query.has("from")).toBe(false);
    expect(quote.tx).toBeNull();
    expect(quote.toAmount).toBe("50000000");
    await under.source.quote(quoteRequest({ fromAddress: undefined }), never());
    expect(under.standIn.asked.filter((r) => r.path.endsWith("/approve/spender"))).toHaveLength(1);
  });

  it("passes the fee in percent with the referrer and the receiver, and shows the fee", async () => {
    serve();
    const quote = await under.source.quote(
      quoteRequest({ feeBps: 25, feeRecipient: FEE_WALLET, toAddress: OTHER_WALLET }),
      never(),
    );
    const query = asked("/swap")?.query;
    expect(query?.get("fee")).toBe("0.25");
    expect(query?.get("referrer")).toBe(FEE_WALLET);
    expect(query?.get("receiver")).toBe(OTHER_WALLET);
    expect(quote.feeAmount).toBe("25000");
    expect(quote.toAmount).toBe(String(50_000_000n - (50_000_000n * 25n) / 10_000n));
  });

  itSellsTheNativeCoin(
    under,
    "the native coin is 1inch's 0xEeee address and needs no approval (no spender asked)",
    serve,
    {
      param: "src",
      sentAs: "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE",
    },
  );

  it("maps 1inch's errors", async () => {
    const fail = (description: string, status = 400) =>
      under.standIn.handle((r) =>
        r.path.endsWith("/approve/spender")
          ? oneinchReply({ ...r, path: "/1/approve/spender" })
          : oneinchErrorReply(description, status),
      );
    fail("insufficient liquidity");
    await expectReason(under.source.quote(quoteRequest(), never()), "insufficientLiquidity");
    fail("Amount is too small");
    await expectReason(under.source.quote(quoteRequest(), never()), "amountOutOfRange");
    fail("dst token not found: 0x6b17...");
    await expectReason(under.source.quote(quoteRequest(), never()), "unsupportedSwapPair");
    fail("Not enough balance");
    await expectReason(under.source.quote(quoteRequest(), never()), "swapQuoteError");
    fail("Unauthorized", 401);
    await expectReason(under.source.quote(quoteRequest(), never()), "swapQuoteError");
    fail("Too Many Requests", 429);
    await expectReason(under.source.quote(quoteRequest(), never()), "tooFrequent");
    fail("Internal Server Error", 500);
    await expectReason(under.source.quote(quoteRequest(), never()), "quoteServiceUnreachable");
  });

  itRefusesMalformedAndSilentAnswers(under, { dstAmount: -1 }, quoteRequest({ fromAddress: undefined }));
  itIsSameChainOnly(under, "1inch's chains", 56, 1);
});

describe("1inch transactions", () => {
  it("keeps the quote's transaction for the same wallet; a quote without one is built by /swap", async () => {
    serve();
    const request = quoteRequest();
    const withTx = await under.source.quote(request, never());
    const count = under.standIn.asked.length;
    expect(await under.source.buildTx({ ...request, fromAddress: WALLET }, withTx, never())).toEqual(withTx.tx);
    expect(under.standIn.asked).toHaveLength(count);

    const priced = await under.source.quote(quoteRequest({ fromAddress: undefined }), never());
    const tx = await under.source.buildTx({ ...request, fromAddress: OTHER_WALLET }, priced, never());
    expect(under.standIn.asked.at(-1)?.query.get("from")).toBe(OTHER_WALLET);
    expect(tx.to).toBe(ONEINCH_ROUTER_V6);
  });
});
