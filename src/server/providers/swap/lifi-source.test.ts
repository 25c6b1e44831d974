import { describe, expect, it } from "vitest";
import { json } from "../upstream/stand-in.ts";
import { createLifiSource } from "./lifi-source.ts";
import {
  LIFI_DIAMOND,
  lifiNoQuoteReply,
  lifiQuoteReply,
  lifiRateLimitReply,
  lifiStatusReply,
  lifiValidationReply,
} from "./stand-ins/lifi.ts";
import { expectReason, FEE_WALLET, never, OTHER_WALLET, quoteRequest, WALLET } from "./stand-ins/requests.ts";
import { itSellsTheNativeCoin, sourceOnStandIn } from "./stand-ins/source-tests.ts";

const TX = `0x${"ab".repeat(32)}` as const;
const RECEIVED_TX = `0x${"cd".repeat(32)}` as const;

const under = sourceOnStandIn((url, quoteTimeoutMs) =>
  createLifiSource({ lifi: { url: `${url}/v1`, apiKey: undefined }, quoteTimeoutMs }),
);

const onQuote = () => under.standIn.handle((r) => (r.path === "/v1/quote" ? lifiQuoteReply(r) : undefined));

describe("LI.FI quotes", () => {
  it("asks GET /quote with the documented parameters and reads amounts, route, gas, spender and transaction", async () => {
    onQuote();
    const quote = await under.source.quote(quoteRequest(), never());

    expect(under.standIn.asked).toHaveLength(1);
    const asked = under.standIn.asked[0];
    expect(asked?.path).toBe("/v1/quote");
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({
      fromChain: "1",
      toChain: "1",
      fromToken: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      toToken: "0x6B175474E89094C44Da98b954EedeAC495271d0F",
      fromAmount: "10000000",
      fromAddress: WALLET,
      toAddress: WALLET,
      slippage: "0.005",
      integrator: "mountainlion",
    });
    expect(asked?.headers["x-lifi-api-key"]).toBeUndefined();

    // 10 USDC less LI.FI's 0.25 % = 9 975 000, at 2 per unit; 0.5 % slippage
    expect(quote).toMatchObject({
      source: "LI.FI",
      toAmount: "19950000",
      toAmountMin: "19850250",
      gasNative: "15477912813052",
      gasUsd: "0.0454",
      route: [{ tool: "uniswap", type: "swap", fromChainId: 1, toChainId: 1 }],
      estimatedSeconds: 30,
      approvalSpender: LIFI_DIAMOND,
      feeAmount: "0",
      tx: {
        to: LIFI_DIAMOND,
        data: "0x4630a0d8000000000000000000000000000000000000000000000000000000000000002a",
        value: "0",
        gas: "729225",
      },
    });
  });

  it("passes the integrator fee as a fraction and shows what it takes, read from LI.FI's fee split", async () => {
    onQuote();
    const quote = await under.source.quote(quoteRequest({ feeBps: 30, feeRecipient: FEE_WALLET }), never());
    expect(under.standIn.asked[0]?.query.get("fee")).toBe("0.003");
    expect(quote.feeAmount).toBe("30000");
    // what the user receives is after both fees
    expect(quote.toAmount).toBe(String((10_000_000n - 30_000n - 25_000n) * 2n));
  });

  it("sends the key when one is set", async () => {
    const keyed = createLifiSource({
      lifi: { url: `${under.standIn.url}/v1`, apiKey: "k-123" },
      quoteTimeoutMs: 30_000,
    });
    onQuote();
    await keyed.quote(quoteRequest(), never());
    expect(under.standIn.asked[0]?.headers["x-lifi-api-key"]).toBe("k-123");
  });

  it("a cross-chain quote names the swap and the bridge, not LI.FI's fee collection, and its duration", async () => {
    onQuote();
    const quote = await under.source.quote(quoteRequest({ toChainId: 42161, toAddress: OTHER_WALLET }), never());
    expect(under.standIn.asked[0]?.query.get("toAddress")).toBe(OTHER_WALLET);
    expect(quote.route).toEqual([
      { tool: "uniswap", type: "swap", fromChainId: 1, toChainId: 1 },
      { tool: "stargateV2", type: "bridge", fromChainId: 1, toChainId: 42161 },
    ]);
    expect(quote.estimatedSeconds).toBe(65);
    expect(quote.build).toEqual({ tool: "stargateV2", fromAddress: WALLET, toAddress: OTHER_WALLET });
  });

  itSellsTheNativeCoin(
    under,
    "the native coin is LI.FI's zero address, needs no approval and is sent as the transaction's value",
    onQuote,
    { param: "fromToken", sentAs: "0x0000000000000000000000000000000000000000" },
  );

  it("without the wallet LI.FI is not asked (it requires fromAddress)", async () => {
    onQuote();
    await expectReason(under.source.quote(quoteRequest({ fromAddress: undefined }), never()), "swapQuoteError");
    expect(under.standIn.asked).toHaveLength(0);
  });

  it("maps LI.FI's no-quote answers by what the tools said", async () => {
    under.standIn.handle(() => lifiNoQuoteReply(["NO_POSSIBLE_ROUTE"]));
    await expectReason(under.source.quote(quoteRequest(), never()), "noQuotation");
    under.standIn.handle(() => lifiNoQuoteReply(["NO_POSSIBLE_ROUTE", "INSUFFICIENT_LIQUIDITY"]));
    await expectReason(under.source.quote(quoteRequest(), never()), "insufficientLiquidity");
    under.standIn.handle(() => lifiNoQuoteReply(["INSUFFICIENT_LIQUIDITY", "AMOUNT_TOO_LOW"]));
    await expectReason(under.source.quote(quoteRequest(), never()), "amountOutOfRange");
    under.standIn.handle(() => lifiNoQuoteReply([]));
    await expectReason(under.source.quote(quoteRequest(), never()), "noQuotation");
  });

  it("reads the code, the message and each tool's error on their own: an odd field loses nothing else", async () => {
    under.standIn.handle(() =>
      json(
        {
          message: "No available quotes for the requested transfer",
          code: 1002,
          errors: [{ tool: "odd" }, "not an object", { tool: "one", code: "AMOUNT_TOO_LOW", message: "too low" }],
        },
        404,
      ),
    );
    const error = await expectReason(under.source.quote(quoteRequest(), never()), "amountOutOfRange");
    expect(error.message).toContain("code 1002 No available quotes");
    under.standIn.handle(() => json({ message: "Invalid toToken: unknown token", code: "1011" }, 400));
    await expectReason(under.source.quote(quoteRequest(), never()), "unsupportedSwapPair");
  });

  it("a validation error on a token is an unsupported pair, on the amount out of range", async () => {
    under.standIn.handle(() => lifiValidationReply("Invalid toToken: unknown token 0x6b17... on chain 1"));
    await expectReason(under.source.quote(quoteRequest(), never()), "unsupportedSwapPair");
    under.standIn.handle(() => lifiValidationReply("fromAmount must be a positive integer"));
    await expectReason(under.source.quote(quoteRequest(), never()), "amountOutOfRange");
  });

  it("429 is too frequent, and is not retried", async () => {
    under.standIn.handle(() => lifiRateLimitReply());
    const error = await expectReason(under.source.quote(quoteRequest(), never()), "tooFrequent");
    expect(error.message).toContain("retry after 30");
    expect(under.standIn.asked).toHaveLength(1);
  });

  it("a server error, a timeout and a caller who gives up: the service cannot be reached", async () => {
    under.standIn.handle(() => json({ message: "Internal error", code: 1006 }, 500));
    await expectReason(under.source.quote(quoteRequest(), never()), "quoteServiceUnreachable");

    under.standIn.handle(() => ({ hang: true }));
    await expectReason(under.withTimeout(150).quote(quoteRequest(), never()), "quoteServiceUnreachable");

    const controller = new AbortController();
    const pending = under.withTimeout(60_000).quote(quoteRequest(), controller.signal);
    await expect.poll(() => under.standIn.asked.length).toBe(3);
    controller.abort();
    await expectReason(pending, "quoteServiceUnreachable");
  });

  it("an answer not in the documented shape is not used", async () => {
    under.standIn.handle(() => json({ estimate: { toAmount: "12" } }));
    await expectReason(under.source.quote(quoteRequest(), never()), "swapQuoteError");
    under.standIn.handle(() => ({ status: 200, body: "<html>maintenance</html>" }));
    await expectReason(under.source.quote(quoteRequest(), never()), "swapQuoteError");
  });

  it("only chains LI.FI routes are asked", () => {
    expect(under.source.supports({ fromChainId: 1, toChainId: 42161 })).toBe(true);
    expect(under.source.supports({ fromChainId: 31337, toChainId: 31337 })).toBe(false);
  });
});

describe("LI.FI transactions", () => {
  it("keeps the quote's transaction for the same wallet and asks again for another", async () => {
    onQuote();
    const request = quoteRequest();
    const quote = await under.source.quote(request, never());
    const tx = await under.source.buildTx({ ...request, fromAddress: WALLET }, quote, never());
    expect(tx).toEqual(quote.tx);
    expect(under.standIn.asked).toHaveLength(1);

    const other = await under.source.buildTx({ ...request, fromAddress: OTHER_WALLET }, quote, never());
    expect(under.standIn.asked).toHaveLength(2);
    expect(under.standIn.asked[1]?.query.get("fromAddress")).toBe(OTHER_WALLET);
    expect(other.to).toBe(LIFI_DIAMOND);
  });
});

describe("LI.FI status", () => {
  const ask = (build: Record<string, unknown> = { tool: "stargateV2", fromAddress: WALLET, toAddress: WALLET }) =>
    under.source.status?.({ txHash: TX, fromChainId: 1, toChainId: 42161, build }, never());

  it("asks GET /status with the hash, the chains and the bridge", async () => {
    under.standIn.handle((r) => lifiStatusReply(r, { status: "PENDING", substatus: "WAIT_DESTINATION_TRANSACTION" }));
    const status = await ask();
    expect(Object.fromEntries(under.standIn.asked[0]?.query ?? [])).toEqual({
      txHash: TX,
      fromChain: "1",
      toChain: "42161",
      bridge: "stargateV2",
    });
    expect(status).toEqual({
      state: "pending",
      receivingTxHash: null,
      receivedAmount: null,
      detail: "WAIT_DESTINATION_TRANSACTION: The transfer is wait_destination_transaction.",
    });
  });

  it("DONE is done with what arrived and where", async () => {
    under.standIn.handle((r) =>
      lifiStatusReply(r, {
        status: "DONE",
        substatus: "COMPLETED",
        receivingTxHash: RECEIVED_TX,
        receivedAmount: "9965731",
      }),
    );
    expect(await ask()).toMatchObject({ state: "done", receivingTxHash: RECEIVED_TX, receivedAmount: "9965731" });
  });

  it("DONE with REFUNDED is refunded", async () => {
    under.standIn.handle((r) =>
      lifiStatusReply(r, { status: "DONE", substatus: "REFUNDED", receivingTxHash: RECEIVED_TX, receivedAmount: "1" }),
    );
    expect(await ask()).toMatchObject({ state: "refunded", receivingTxHash: RECEIVED_TX });
  });

  it("FAILED is failed, with LI.FI's words kept for the log", async () => {
    under.standIn.handle((r) => lifiStatusReply(r, { status: "FAILED", substatus: "SLIPPAGE_EXCEEDED" }));
    expect(await ask()).toMatchObject({ state: "failed", detail: expect.stringContaining("SLIPPAGE_EXCEEDED") });
  });

  it("NOT_FOUND (or a 404) is not found yet", async () => {
    under.standIn.handle((r) => lifiStatusReply(r, { status: "NOT_FOUND" }));
    expect((await ask())?.state).toBe("not_found");
    under.standIn.handle(() => json({ message: "Not found", code: 1003 }, 404));
    expect((await ask())?.state).toBe("not_found");
  });

  it("a same-chain swap is looked up without a bridge; a 429 is too frequent", async () => {
    under.standIn.handle((r) => lifiStatusReply(r, { status: "PENDING" }));
    await under.source.status?.({ txHash: TX, fromChainId: 1, toChainId: 1, build: {} }, never());
    expect(under.standIn.asked[0]?.query.has("bridge")).toBe(false);
    under.standIn.handle(() => lifiRateLimitReply());
    await expectReason(ask() ?? Promise.resolve(), "tooFrequent");
  });
});
