import { z } from "zod";
import { isNativeToken } from "../../../contract/swap.ts";
import type { SwapSettings } from "../../config-swap.ts";
import type { UpstreamAnswer } from "../upstream/upstream-call.ts";
import { QuoteError, type QuoteRequest, type QuoteSource, type SourceQuote, type TxData } from "./quote-source.ts";
import {
  address,
  afterSlippage,
  callSource,
  classifyMessage,
  commonFailure,
  feeAmountOf,
  feeCharged,
  hexData,
  otherReceiver,
  parseAnswer,
  quantity,
  rawAmount,
  sameChainOn,
  snippet,
  sourceUrl,
  swapSteps,
  txData,
} from "./source-http.ts";

/**
 * Velora (ParaSwap) Market API (https://api.paraswap.io), keyless, same-chain only:
 *
 * - GET /prices (srcToken, destToken, amount, srcDecimals, destDecimals, side=SELL, network, version=6.2, partner,
 *   userAddress, receiver, and partnerAddress + partnerFeeBps when there is an integrator fee) answers
 *   { priceRoute } with destAmount (already after the partner fee), gasCost (in gas units), gasCostUSD,
 *   tokenTransferProxy (the contract the sold ERC-20 is approved to) and bestRoute[].swaps[].swapExchanges[];
 * - POST /transactions/{network} with that priceRoute unmodified, srcAmount, slippage in basis points, userAddress,
 *   receiver, partner, partnerAddress, partnerFeeBps answers { from, to, value, data, gasPrice, gas?, chainId }.
 *   It is asked with ignoreChecks=true: the transaction is built before the wallet's approval is mined, so Velora's
 *   balance and allowance checks would refuse it; the wallet estimates the gas (no gas field then).
 * - errors: HTTP 400 { "error": "<message>" } ("No routes found with enough liquidity",
 *   "ESTIMATED_LOSS_GREATER_THAN_MAX_IMPACT", "Amount … is too small to proceed", "Invalid tokens", ...), 429, 5xx.
 * Velora's partner fee is taken from the bought token at settlement; feeAmount reports it as its worth in the sold
 * token (amount × bps), the same figure the other sources report.
 * The parsers follow Velora's documented PriceRoute and TransactionParams (developers.velora.xyz, @velora-dex/sdk).
 */

/** the networks Velora's Market API documents (Mainnet, Optimism, BSC, Gnosis, Unichain, Polygon, Sonic, Base,
 * Plasma, Arbitrum, Avalanche) */
export const VELORA_CHAIN_IDS: ReadonlySet<number> = new Set([1, 10, 56, 100, 130, 137, 146, 8453, 9745, 42161, 43114]);

const errorBody = z.object({ error: z.string() }).loose();

const priceRoute = z
  .object({
    network: z.number().int(),
    srcAmount: rawAmount,
    destAmount: rawAmount,
    gasCost: z.string().optional(),
    gasCostUSD: z.string().optional(),
    tokenTransferProxy: address,
    contractAddress: address.optional(),
    bestRoute: z
      .array(
        z
          .object({
            swaps: z.array(z.object({ swapExchanges: z.array(z.object({ exchange: z.string() }).loose()) }).loose()),
          })
          .loose(),
      )
      .default([]),
  })
  .loose();
/** the priceRoute as it came (it goes back to /transactions unmodified) */
const pricesBody = z.object({ priceRoute: z.record(z.string(), z.unknown()) }).loose();
/** the same answer read once: the route as it came, and the fields this reads checked */
const checkedPrices = z
  .object({
    priceRoute: z.record(z.string(), z.unknown()).transform((raw, ctx) => {
      const checked = priceRoute.safeParse(raw);
      if (checked.success) return { raw, route: checked.data };
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return z.NEVER;
    }),
  })
  .loose();

const transactionBody = z
  .object({ to: address, data: hexData, value: quantity.optional(), gas: quantity.optional() })
  .loose();

function veloraFailure(name: string, answer: UpstreamAnswer): QuoteError {
  const common = commonFailure(name, answer);
  if (common) return common;
  const body = errorBody.safeParse(answer.json());
  const message = body.success ? body.data.error : snippet(answer.text());
  return new QuoteError(classifyMessage(message), `${name}: HTTP ${answer.status} ${message}`);
}

export function createVeloraSource(settings: Pick<SwapSettings, "velora" | "quoteTimeoutMs">): QuoteSource {
  const base = settings.velora.url;
  const fee = (request: QuoteRequest) =>
    feeCharged(request) ? { partnerAddress: request.feeRecipient, partnerFeeBps: String(request.feeBps) } : {};

  return {
    id: "velora",
    label: "Velora",
    supports: sameChainOn(VELORA_CHAIN_IDS),

    async quote(request, signal): Promise<SourceQuote> {
      const name = "Velora GET /prices";
      const answer = await callSource(
        sourceUrl(base, "prices", {
          srcToken: request.fromToken.address,
          destToken: request.toToken.address,
          amount: request.amount,
          srcDecimals: request.fromToken.decimals,
          destDecimals: request.toToken.decimals,
          side: "SELL",
          network: request.fromChainId,
          version: "6.2",
          partner: request.integrator,
          userAddress: request.fromAddress,
          receiver: otherReceiver(request),
          ...fee(request),
        }),
        { name, timeoutMs: settings.quoteTimeoutMs, signal },
      );
      if (answer.status !== 200) throw veloraFailure(name, answer);
      const { raw, route } = parseAnswer(name, answer, checkedPrices).priceRoute;
      if (BigInt(route.destAmount) === 0n) throw new QuoteError("noQuotation", `${name}: destAmount 0`);
      const exchanges = route.bestRoute.flatMap((r) => r.swaps.flatMap((s) => s.swapExchanges.map((e) => e.exchange)));
      return {
        source: "Velora",
        toAmount: route.destAmount,
        toAmountMin: afterSlippage(route.destAmount, request.slippageBps),
        // gasCost is in gas units, not in the coin: Velora gives no price to turn it into one
        gasNative: null,
        gasUsd: route.gasCostUSD ?? null,
        route: swapSteps(exchanges, "Velora", request),
        // a same-chain swap settles in the block its transaction lands in; Velora gives no estimate
        estimatedSeconds: 0,
        approvalSpender: isNativeToken(request.fromToken.address) ? null : route.tokenTransferProxy,
        feeAmount: feeAmountOf(request),
        tx: null,
        build: { priceRoute: raw },
      };
    },

    async buildTx(request, quote, signal): Promise<TxData> {
      const kept = pricesBody.safeParse(quote.build);
      if (!kept.success) throw new QuoteError("swapQuoteError", "Velora: the kept quote has no priceRoute");
      const name = `Velora POST /transactions/${request.fromChainId}`;
      const answer = await callSource(sourceUrl(base, `transactions/${request.fromChainId}`, { ignoreChecks: true }), {
        name,
        method: "POST",
        json: {
          priceRoute: kept.data.priceRoute,
          srcToken: request.fromToken.address,
          destToken: request.toToken.address,
          srcAmount: request.amount,
          srcDecimals: request.fromToken.decimals,
          destDecimals: request.toToken.decimals,
          slippage: request.slippageBps,
          userAddress: request.fromAddress,
          receiver: otherReceiver(request),
          partner: request.integrator,
          ...fee(request),
        },
        timeoutMs: settings.quoteTimeoutMs,
        signal,
      });
      if (answer.status !== 200) throw veloraFailure(name, answer);
      const tx = parseAnswer(name, answer, transactionBody);
      return txData(tx);
    },
  };
}
