import { expect, it } from "vitest";
import { json, type StandIn } from "../../upstream/stand-in.ts";
import type { QuoteRequest, QuoteSource } from "../quote-source.ts";
import { ETH, expectReason, never, quoteRequest } from "./requests.ts";

/**
 * Tests the aggregator adapters share, each registered in the calling test file. `standIn` and `source` give the
 * running test's stand-in and the source made against it (`source(150)`: one that gives up after 150 ms).
 */

export interface SourceUnderTest {
  standIn: () => StandIn;
  source: (quoteTimeoutMs?: number) => QuoteSource;
}

/** a malformed answer is swapQuoteError (never half-used); a service that never answers is unreachable */
export function itRefusesMalformedAndSilentAnswers(
  { standIn, source }: SourceUnderTest,
  malformed: unknown,
  request: QuoteRequest = quoteRequest(),
) {
  it("a malformed answer is not used; a silent service times out", async () => {
    standIn().handle(() => json(malformed));
    await expectReason(source().quote(request, never()), "swapQuoteError");
    const impatient = source(150);
    standIn().handle(() => ({ hang: true }));
    await expectReason(impatient.quote(quoteRequest(), never()), "quoteServiceUnreachable");
  });
}

/** a same-chain aggregator supports one chain it serves on both sides, and neither another pair nor the test chain */
export function itIsSameChainOnly({ source }: SourceUnderTest, chains: string, served: number, other: number) {
  it(`same-chain only, on ${chains}`, () => {
    expect(source().supports({ fromChainId: served, toChainId: served })).toBe(true);
    expect(source().supports({ fromChainId: other, toChainId: served })).toBe(false);
    expect(source().supports({ fromChainId: 31337, toChainId: 31337 })).toBe(false);
  });
}

/**
 * Selling the chain's coin: it is asked for once (no spender is looked up), named as the aggregator names it in the
 * query parameter `param`, needs no approval and is sent as the transaction's value.
 */
export function itSellsTheNativeCoin(
  { standIn, source }: SourceUnderTest,
  name: string,
  serve: () => void,
  { param, sentAs }: { param: string; sentAs: string },
) {
  it(name, async () => {
    serve();
    const quote = await source().quote(quoteRequest({ fromToken: { ...ETH }, amount: "1000000000000000000" }), never());
    expect(standIn().asked).toHaveLength(1);
    expect(standIn().asked[0]?.query.get(param)).toBe(sentAs);
    expect(quote.approvalSpender).toBeNull();
    expect(quote.tx?.value).toBe("1000000000000000000");
  });
}
