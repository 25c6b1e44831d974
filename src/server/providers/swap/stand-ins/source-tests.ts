import { afterEach, beforeEach, expect, it } from "vitest";
import { json, type StandIn, startStandIn } from "../../upstream/stand-in.ts";
import type { QuoteRequest, QuoteSource } from "../quote-source.ts";
import { ETH, expectReason, never, quoteRequest } from "./requests.ts";

/**
 * What the aggregator adapters' tests share: a loopback stand-in for each test with the source made against it, and
 * the tests every adapter passes, each registered in the calling test file.
 */

export interface SourceUnderTest {
  /** the running test's stand-in */
  readonly standIn: StandIn;
  /** the source made against it (a quote timeout of 2 s) */
  readonly source: QuoteSource;
  /** another source against the same stand-in, giving up after `quoteTimeoutMs` */
  withTimeout(quoteTimeoutMs: number): QuoteSource;
}

/** Starts a stand-in before each test (closed after it) and makes the source with `make(its URL, timeout)`. */
export function sourceOnStandIn(make: (url: string, quoteTimeoutMs: number) => QuoteSource): SourceUnderTest {
  let current: { standIn: StandIn; source: QuoteSource } | undefined;
  beforeEach(async () => {
    const standIn = await startStandIn();
    // generous: a loaded machine must slow a loopback answer down, not turn it into a timeout
    current = { standIn, source: make(standIn.url, 30_000) };
  });
  afterEach(async () => {
    await current?.standIn.close();
    current = undefined;
  });
  const now = () => {
    if (!current) throw new Error("the stand-in runs only inside a test");
    return current;
  };
  return {
    get standIn() {
      return now().standIn;
    },
    get source() {
      return now().source;
    },
    withTimeout: (quoteTimeoutMs) => make(now().standIn.url, quoteTimeoutMs),
  };
}

/** a malformed answer is swapQuoteError (never half-used); a service that never answers is unreachable */
export function itRefusesMalformedAndSilentAnswers(
  under: SourceUnderTest,
  malformed: unknown,
  request: QuoteRequest = quoteRequest(),
) {
  it("a malformed answer is not used; a silent service times out", async () => {
    under.standIn.handle(() => json(malformed));
    await expectReason(under.source.quote(request, never()), "swapQuoteError");
    const impatient = under.withTimeout(150);
    under.standIn.handle(() => ({ hang: true }));
    await expectReason(impatient.quote(quoteRequest(), never()), "quoteServiceUnreachable");
  });
}

/** a same-chain aggregator supports one chain it serves on both sides, and neither another pair nor the test chain */
export function itIsSameChainOnly(under: SourceUnderTest, chains: string, served: number, other: number) {
  it(`same-chain only, on ${chains}`, () => {
    expect(under.source.supports({ fromChainId: served, toChainId: served })).toBe(true);
    expect(under.source.supports({ fromChainId: other, toChainId: served })).toBe(false);
    expect(under.source.supports({ fromChainId: 31337, toChainId: 31337 })).toBe(false);
  });
}

/**
 * Selling the chain's coin: it is asked for once (no spender is looked up), named as the aggregator names it in the
 * query parameter `param`, needs no approval and is sent as the transaction's value.
 */
export function itSellsTheNativeCoin(
  under: SourceUnderTest,
  name: string,
  serve: () => void,
  { param, sentAs }: { param: string; sentAs: string },
) {
  it(name, async () => {
    serve();
    const quote = await under.source.quote(
      quoteRequest({ fromToken: { ...ETH }, amount: "1000000000000000000" }),
      never(),
    );
    expect(under.standIn.asked).toHaveLength(1);
    expect(under.standIn.asked[0]?.query.get(param)).toBe(sentAs);
    expect(quote.approvalSpender).toBeNull();
    expect(quote.tx?.value).toBe("1000000000000000000");
  });
}
