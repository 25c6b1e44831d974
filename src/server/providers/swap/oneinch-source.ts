import { z } from "zod";
import { isNativeToken } from "../../../contract/swap.ts";
import type { SwapSettings } from "../../config-swap.ts";
import type { UpstreamAnswer } from "../upstream/upstream-call.ts";
import { QuoteError, type QuoteRequest, type QuoteSource, type SourceQuote } from "./quote-source.ts";
import {
  address,
  afterSlippage,
  bpsPercent,
  callSource,
  classifyMessage,
  commonFailure,
  feeAmountOf,
  feeCharged,
  hexData,
  keptTx,
  otherReceiver,
  parseAnswer,
  quantity,
  rawAmount,
  sameChainOn,
  snippet,
  sourceUrl,
  swapSteps,
  txData,
  walletsBuild,
} from "./source-http.ts";

/**
 * 1inch Classic Swap API v6 (https://api.1inch.dev/swap/v6.0), only with a key (Authorization: Bearer), same-chain:
 *
 * - GET /{chainId}/quote (src, dst, amount, fee, includeProtocols) answers { dstAmount, protocols }: the price
 *   without a wallet;
 * - GET /{chainId}/swap (the same plus from, origin, receiver, slippage in percent, referrer) answers
 *   { dstAmount, tx: { from, to, data, value, gas, gasPrice }, protocols }; it is asked with disableEstimate=true
 *   so a wallet that has not approved yet still gets its transaction (the wallet estimates the gas then);
 * - GET /{chainId}/approve/spender answers { address }: the router the sold ERC-20 is approved to;
 * - errors: { error, description, statusCode, requestId, meta[] } ("insufficient liquidity", "cannot estimate",
 *   "Not enough balance", token not found ...); 401 for a refused key; 429; 5xx.
 * The fee is a percent (the same on /quote and /swap) paid to the referrer; 1inch gives no minimum, so toAmountMin is
 * dstAmount less the slippage, which is what its router enforces. feeAmount is the fee's worth in the sold token.
 * The parsers follow 1inch's Swap API v6.0 OpenAPI (QuoteResponse, SwapResponse, SpenderResponse).
 */

/** the chains 1inch's Classic Swap API serves */
export const ONEINCH_CHAIN_IDS: ReadonlySet<number> = new Set([
  1, 10, 56, 100, 130, 137, 146, 324, 8453, 42161, 43114, 59144,
]);

const errorBody = z.object({ description: z.string().optional(), error: z.string().optional() }).loose();

/** protocols: routes × hops × parts, each naming a liquidity source */
const protocols = z
  .array(z.array(z.array(z.object({ name: z.string() }).loose())))
  .nullish()
  .transform((value) => [...new Set((value ?? []).flat(2).map((p) => p.name))]);
const quoteBody = z.object({ dstAmount: rawAmount, protocols }).loose();
const swapBody = z
  .object({
    dstAmount: rawAmount,
    protocols,
    tx: z
      .object({
        to: address,
        data: hexData,
        value: quantity.optional(),
        gas: quantity.optional(),
        gasPrice: quantity.optional(),
      })
      .loose(),
  })
  .loose();
const spenderBody = z.object({ address }).loose();

function oneinchFailure(name: string, answer: UpstreamAnswer): QuoteError {
  const common = commonFailure(name, answer);
  if (common) return common;
  const body = errorBody.safeParse(answer.json());
  const message = body.success ? (body.data.description ?? body.data.error ?? "") : snippet(answer.text());
  return new QuoteError(classifyMessage(message), `${name}: HTTP ${answer.status} ${message}`);
}

export function createOneInchSource(
  settings: { oneinch: { url: string; apiKey: string } } & Pick<SwapSettings, "quoteTimeoutMs">,
): QuoteSource {
  const headers = { authorization: `Bearer ${settings.oneinch.apiKey}` };
  /** the router to approve, per chain (it changes only with a new router version) */
  const spenders = new Map<number, `0x${string}`>();

  async function get<S extends z.ZodType>(
    chainId: number,
    path: string,
    query: Record<string, string | number | boolean | undefined>,
    schema: S,
    signal: AbortSignal,
  ): Promise<z.output<S>> {
    const name = `1inch GET /${chainId}/${path}`;
    const answer = await callSource(sourceUrl(settings.oneinch.url, `${chainId}/${path}`, query), {
      name,
      headers,
      timeoutMs: settings.quoteTimeoutMs,
      signal,
    });
    if (answer.status !== 200) throw oneinchFailure(name, answer);
    return parseAnswer(name, answer, schema);
  }

  async function spender(chainId: number, signal: AbortSignal): Promise<`0x${string}`> {
    const known = spenders.get(chainId);
    if (known) return known;
    const { address: router } = await get(chainId, "approve/spender", {}, spenderBody, signal);
    spenders.set(chainId, router);
    return router;
  }

  const fee = (request: QuoteRequest) => (feeCharged(request) ? bpsPercent(request.feeBps) : undefined);
  const common = (request: QuoteRequest) => ({
    src: request.fromToken.address,
    dst: request.toToken.address,
    amount: request.amount,
    fee: fee(request),
    includeProtocols: true,
  });

  function swap(request: QuoteRequest & { fromAddress: `0x${string}` }, signal: AbortSignal) {
    return get(
      request.fromChainId,
      "swap",
      {
        ...common(request),
        from: request.fromAddress,
        origin: request.fromAddress,
        receiver: otherReceiver(request),
        slippage: bpsPercent(request.slippageBps),
        referrer: fee(request) ? request.feeRecipient : undefined,
        disableEstimate: true,
      },
      swapBody,
      signal,
    );
  }

  // with disableEstimate 1inch may answer gas 0: txData leaves it to the wallet's estimate then
  const txOf = (tx: z.output<typeof swapBody>["tx"]) => txData(tx);

  return {
    id: "oneinch",
    label: "1inch",
    supports: sameChainOn(ONEINCH_CHAIN_IDS),

    async quote(request, signal): Promise<SourceQuote> {
      const fromAddress = request.fromAddress;
      const [priced, approvalSpender] = await Promise.all([
        fromAddress
          ? swap({ ...request, fromAddress }, signal)
          : get(request.fromChainId, "quote", common(request), quoteBody, signal).then((answer) => ({
              ...answer,
              tx: undefined,
            })),
        isNativeToken(request.fromToken.address) ? Promise.resolve(null) : spender(request.fromChainId, signal),
      ]);
      const tx = priced.tx;
      const gasNative =
        tx?.gas && tx.gasPrice && tx.gas !== "0" ? (BigInt(tx.gas) * BigInt(tx.gasPrice)).toString() : null;
      return {
        source: "1inch",
        toAmount: priced.dstAmount,
        toAmountMin: afterSlippage(priced.dstAmount, request.slippageBps),
        gasNative,
        gasUsd: null,
        route: swapSteps(priced.protocols, "1inch", request),
        // a same-chain swap settles in the block its transaction lands in; 1inch gives no estimate
        estimatedSeconds: 0,
        approvalSpender,
        feeAmount: feeAmountOf(request),
        tx: tx ? txOf(tx) : null,
        build: walletsBuild(request),
      };
    },

    async buildTx(request, quote, signal) {
      return keptTx(request, quote) ?? txOf((await swap(request, signal)).tx);
    },
  };
}
