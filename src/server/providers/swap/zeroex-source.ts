import { z } from "zod";
import { isNativeToken } from "../../../contract/swap.ts";
import type { SwapSettings } from "../../config-swap.ts";
import type { UpstreamAnswer } from "../upstream/upstream-call.ts";
import { QuoteError, type QuoteRequest, type QuoteSource, type SourceQuote, type TxData } from "./quote-source.ts";
import {
  address,
  callSource,
  commonFailure,
  feeAmountOf,
  feeCharged,
  hexData,
  keptTx,
  otherReceiver,
  parseAnswer,
  quantity,
  rawAmount,
  sameAddress,
  sameChainOn,
  snippet,
  sourceUrl,
  swapSteps,
  txData,
  walletsBuild,
} from "./source-http.ts";

/**
 * 0x Swap API v2 (https://api.0x.org), only with a key (headers 0x-api-key and 0x-version: v2), same-chain only,
 * through the AllowanceHolder flow (one approval to AllowanceHolder, no Permit2 signature):
 *
 * - GET /swap/allowance-holder/quote (chainId, sellToken, buyToken, sellAmount, taker, recipient, slippageBps,
 *   swapFeeBps + swapFeeRecipient + swapFeeToken) answers a firm quote with `transaction` {to, data, gas, gasPrice,
 *   value}; it needs the taker, so without the wallet GET /swap/allowance-holder/price (same parameters, taker
 *   optional) gives the indicative price without a transaction.
 * - both answer liquidityAvailable (false: nothing else is filled: insufficient liquidity), buyAmount,
 *   minBuyAmount, fees.integratorFee {amount, token}, issues.allowance {actual, spender} (the contract to approve),
 *   allowanceTarget, route.fills[].source, totalNetworkFee (wei).
 * - errors: { name, message, data } with names such as INPUT_INVALID (data.details[].field), TOKEN_NOT_SUPPORTED,
 *   INSUFFICIENT_BALANCE, SWAP_VALIDATION_FAILED; 401/403 for a refused key; 429; 5xx.
 * The integrator fee is charged in the sold token (swapFeeToken = sellToken), so feeAmount is 0x's own figure.
 * The parsers follow 0x's OpenAPI (0xProject/0x-docs openapi.json, v2).
 */

/** the chains 0x's Swap API supports (its supported-chains page) */
export const ZEROEX_CHAIN_IDS: ReadonlySet<number> = new Set([
  1, 10, 56, 130, 137, 143, 146, 480, 2741, 5000, 8453, 34443, 42161, 43114, 57073, 59144, 80094, 81457, 534352,
]);

const errorBody = z
  .object({
    name: z.string(),
    message: z.string().optional(),
    data: z
      .object({ details: z.array(z.object({ field: z.string().optional(), reason: z.string().optional() }).loose()) })
      .loose()
      .optional(),
  })
  .loose();

const unavailable = z.object({ liquidityAvailable: z.literal(false) }).loose();
const quoteBody = z
  .object({
    liquidityAvailable: z.literal(true),
    buyAmount: rawAmount,
    minBuyAmount: rawAmount,
    allowanceTarget: address.nullish(),
    totalNetworkFee: rawAmount.nullish(),
    fees: z
      .object({
        integratorFee: z.object({ amount: rawAmount, token: z.string() }).loose().nullish(),
      })
      .loose()
      .nullish(),
    issues: z
      .object({ allowance: z.object({ spender: address }).loose().nullish() })
      .loose()
      .nullish(),
    route: z
      .object({ fills: z.array(z.object({ source: z.string() }).loose()) })
      .loose()
      .nullish(),
    transaction: z
      .object({ to: address, data: hexData, value: quantity.optional(), gas: quantity.nullish() })
      .loose()
      .nullish(),
  })
  .loose();

function zeroexFailure(name: string, answer: UpstreamAnswer): QuoteError {
  const common = commonFailure(name, answer);
  if (common) return common;
  const body = errorBody.safeParse(answer.json());
  if (!body.success)
    return new QuoteError("swapQuoteError", `${name}: HTTP ${answer.status} ${snippet(answer.text())}`);
  const { name: code, message = "", data } = body.data;
  const fields = (data?.details ?? []).map((d) => `${d.field ?? ""} ${d.reason ?? ""}`).join("; ");
  const detail = `${name}: HTTP ${answer.status} ${code} ${message} ${fields}`.trim();
  if (/LIQUIDITY/.test(code)) return new QuoteError("insufficientLiquidity", detail);
  if (/AMOUNT/.test(code)) return new QuoteError("amountOutOfRange", detail);
  if (/TOKEN|CHAIN/.test(code)) return new QuoteError("unsupportedSwapPair", detail);
  if (code === "INPUT_INVALID") {
    if (/sellAmount|buyAmount/.test(fields)) return new QuoteError("amountOutOfRange", detail);
    if (/sellToken|buyToken|chainId/.test(fields)) return new QuoteError("unsupportedSwapPair", detail);
  }
  return new QuoteError("swapQuoteError", detail);
}

export function createZeroExSource(
  settings: { zeroex: { url: string; apiKey: string } } & Pick<SwapSettings, "quoteTimeoutMs">,
): QuoteSource {
  const headers = { "0x-api-key": settings.zeroex.apiKey, "0x-version": "v2" };

  async function ask(request: QuoteRequest, signal: AbortSignal) {
    const taker = request.fromAddress;
    const path = taker ? "swap/allowance-holder/quote" : "swap/allowance-holder/price";
    const name = `0x GET /${path}`;
    const charged = feeCharged(request);
    const answer = await callSource(
      sourceUrl(settings.zeroex.url, path, {
        chainId: request.fromChainId,
        sellToken: request.fromToken.address,
        buyToken: request.toToken.address,
        sellAmount: request.amount,
        taker,
        recipient: otherReceiver(request),
        slippageBps: request.slippageBps,
        swapFeeBps: charged ? request.feeBps : undefined,
        swapFeeRecipient: charged ? request.feeRecipient : undefined,
        swapFeeToken: charged ? request.fromToken.address : undefined,
      }),
      { name, headers, timeoutMs: settings.quoteTimeoutMs, signal },
    );
    if (answer.status !== 200) throw zeroexFailure(name, answer);
    // the body is parsed once (the answer keeps it), read here for either shape
    if (unavailable.safeParse(answer.json()).success) {
      throw new QuoteError("insufficientLiquidity", `${name}: liquidityAvailable false`);
    }
    return { name, body: parseAnswer(name, answer, quoteBody), charged };
  }

  const txOf = (body: z.output<typeof quoteBody>): TxData | null =>
    body.transaction ? txData(body.transaction) : null;

  return {
    id: "zeroex",
    label: "0x",
    supports: sameChainOn(ZEROEX_CHAIN_IDS),

    async quote(request, signal): Promise<SourceQuote> {
      const { body, charged } = await ask(request, signal);
      const fee = body.fees?.integratorFee;
      const feeAmount = feeAmountOf(
        request,
        fee && sameAddress(fee.token, request.fromToken.address) ? fee.amount : undefined,
        charged,
      );
      return {
        source: "0x",
        toAmount: body.buyAmount,
        toAmountMin: body.minBuyAmount,
        gasNative: body.totalNetworkFee ?? null,
        gasUsd: null,
        route: swapSteps(
          (body.route?.fills ?? []).map((f) => f.source),
          "0x",
          request,
        ),
        // a same-chain swap settles in the block its transaction lands in; 0x gives no estimate
        estimatedSeconds: 0,
        approvalSpender: isNativeToken(request.fromToken.address)
          ? null
          : (body.issues?.allowance?.spender ?? body.allowanceTarget ?? body.transaction?.to ?? null),
        feeAmount,
        tx: txOf(body),
        build: walletsBuild(request),
      };
    },

    async buildTx(request, quote, signal) {
      const kept = keptTx(request, quote);
      if (kept) return kept;
      const { name, body } = await ask(request, signal);
      const tx = txOf(body);
      if (!tx) throw new QuoteError("swapQuoteError", `${name}: the answer has no transaction`);
      return tx;
    },
  };
}
