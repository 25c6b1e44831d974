import { z } from "zod";
import { isNativeToken } from "../../../contract/swap.ts";
import type { SwapSettings } from "../../config-swap.ts";
import type { UpstreamAnswer } from "../upstream/upstream-call.ts";
import {
  QuoteError,
  type QuoteFailure,
  type QuoteRequest,
  type QuoteSource,
  type QuoteStep,
  type SourceQuote,
  type SourceStatus,
  type TxData,
} from "./quote-source.ts";
import {
  address,
  bpsFraction,
  builtFor,
  callSource,
  commonFailure,
  feeAmountOf,
  hexData,
  keptTx,
  parseAnswer,
  quantity,
  rawAmount,
  snippet,
  sourceUrl,
  sumDecimals,
  txData,
} from "./source-http.ts";

/**
 * LI.FI's public API (https://li.quest/v1): same-chain swaps and cross-chain transfers, no key needed (a key, sent
 * as x-lifi-api-key, raises the rate limit).
 *
 * - GET /quote returns one step with the transaction to sign. LI.FI documents fromAddress as required (its
 *   QuoteRequest type has `fromAddress: string`; the guides list it under "Required parameters") and documents no
 *   placeholder address, so without the user's wallet this source does not quote (swapQuoteError) and the service
 *   goes on with the others.
 * - slippage and the integrator fee are decimal fractions (0.005 = 0.5 %); the fee is sent only when it is above 0,
 *   with the integrator string the fee wallet is registered under at LI.FI.
 * - GET /status follows a transfer: status NOT_FOUND / INVALID / PENDING / DONE / FAILED with a substatus
 *   (DONE+REFUNDED: the bridge sent the tokens back).
 * - errors: { message, code } with LI.FI's codes (1002 NoQuoteError with the tools' `errors[]`, 1005 rate limit,
 *   1011 validation, ...); HTTP 404 when no quote is found, 400 on a bad request, 429 on the rate limit.
 * The parsers follow LI.FI's documented Step/Estimate/StatusResponse shapes (@lifi/types step.ts, api.ts).
 */

/** the EVM chains LI.FI routes (its /chains list; a chain outside it is not asked) */
export const LIFI_CHAIN_IDS: ReadonlySet<number> = new Set([
  1, 10, 25, 56, 100, 122, 130, 137, 146, 250, 252, 288, 324, 480, 1088, 1135, 1284, 2741, 5000, 8453, 34443, 42161,
  42220, 43114, 57073, 59144, 80094, 81457, 534352,
]);

/** LI.FI writes a chain's coin as the zero address */
const LIFI_NATIVE = "0x0000000000000000000000000000000000000000";

const toolError = z.object({ code: z.string(), tool: z.string().optional(), message: z.string().optional() }).loose();
const errorFields = z.record(z.string(), z.unknown());

/**
 * LI.FI's error body read field by field: a code of another type, or one odd entry in `errors`, does not lose the
 * rest (the message, the other tools' codes). The body's text stands in for a message when it is not a JSON object.
 */
function lifiError(answer: UpstreamAnswer): { code: number | undefined; message: string; errors: { code: string }[] } {
  const body = errorFields.safeParse(answer.json());
  if (!body.success) return { code: undefined, message: snippet(answer.text()), errors: [] };
  const { code, message, errors } = body.data;
  return {
    code: typeof code === "number" ? code : undefined,
    message: typeof message === "string" ? message : "",
    errors: Array.isArray(errors)
      ? errors.flatMap((entry: unknown) => {
          const tool = toolError.safeParse(entry);
          return tool.success ? [tool.data] : [];
        })
      : [],
  };
}

const stepAction = z.object({ fromChainId: z.number().int(), toChainId: z.number().int() }).loose();
const includedStep = z.object({ type: z.string(), tool: z.string(), action: stepAction }).loose();

/** a Step of type "lifi" with its included steps, as GET /quote answers */
const quoteBody = z
  .object({
    type: z.string(),
    tool: z.string(),
    action: stepAction,
    estimate: z
      .object({
        toAmount: rawAmount,
        toAmountMin: rawAmount,
        approvalAddress: address.optional(),
        executionDuration: z.number().nonnegative(),
        gasCosts: z
          .array(z.object({ amount: quantity, amountUSD: z.string().optional() }).loose())
          .optional()
          .default([]),
        feeCosts: z
          .array(
            z
              .object({
                name: z.string().optional(),
                feeSplit: z.object({ integratorFee: rawAmount.optional() }).loose().optional(),
              })
              .loose(),
          )
          .optional()
          .default([]),
      })
      .loose(),
    includedSteps: z.array(includedStep).optional().default([]),
    transactionRequest: z
      .object({ to: address, data: hexData, value: quantity.optional(), gasLimit: quantity.optional() })
      .loose()
      .optional(),
  })
  .loose();

const statusBody = z
  .object({
    status: z.enum(["NOT_FOUND", "INVALID", "PENDING", "DONE", "FAILED"]),
    substatus: z.string().optional(),
    substatusMessage: z.string().optional(),
    receiving: z.object({ txHash: z.string().optional(), amount: rawAmount.optional() }).loose().optional(),
  })
  .loose();

/** `build` of a LI.FI quote: the wallets it was made for, and the tool (the bridge) its status is asked of */
const buildSchema = builtFor.extend({ tool: z.string() });

const TOOL_FAILURE: Readonly<Record<string, QuoteFailure>> = {
  AMOUNT_TOO_LOW: "amountOutOfRange",
  AMOUNT_TOO_HIGH: "amountOutOfRange",
  FEES_HIGHER_THAN_AMOUNT: "amountOutOfRange",
  INSUFFICIENT_LIQUIDITY: "insufficientLiquidity",
  NO_POSSIBLE_ROUTE: "noQuotation",
};
/** when the tools disagree, the most useful to the user first (a different amount may work) */
const FAILURE_ORDER: readonly QuoteFailure[] = ["amountOutOfRange", "insufficientLiquidity", "noQuotation"];

function lifiFailure(name: string, answer: UpstreamAnswer): QuoteError {
  const { code, message, errors } = lifiError(answer);
  const detail = `${name}: HTTP ${answer.status}${code ? ` code ${code}` : ""} ${message}`.trim();
  const common = commonFailure(name, answer);
  if (common) return common;
  if (code === 1005) return new QuoteError("tooFrequent", detail);
  if (code === 1002 || answer.status === 404) {
    const found = new Set(errors.map((e) => TOOL_FAILURE[e.code] ?? "noQuotation"));
    return new QuoteError(FAILURE_ORDER.find((f) => found.has(f)) ?? "noQuotation", detail);
  }
  if (answer.status === 400 || code === 1011) {
    if (/amount/i.test(message)) return new QuoteError("amountOutOfRange", detail);
    if (/token|chain/i.test(message)) return new QuoteError("unsupportedSwapPair", detail);
  }
  return new QuoteError("swapQuoteError", detail);
}

const lifiToken = (token: `0x${string}`) => (isNativeToken(token) ? LIFI_NATIVE : token);

function routeOf(body: z.output<typeof quoteBody>): QuoteStep[] {
  const step = (s: { type: string; tool: string; action: z.output<typeof stepAction> }): QuoteStep[] =>
    s.type === "swap" || s.type === "cross"
      ? [
          {
            tool: s.tool,
            type: s.type === "cross" ? "bridge" : "swap",
            fromChainId: s.action.fromChainId,
            toChainId: s.action.toChainId,
          },
        ]
      : [];
  // the included steps are the real hops; a "protocol" step (LI.FI's fee collection) is not one
  const included = body.includedSteps.flatMap(step);
  if (included.length > 0) return included;
  const own = step(body);
  if (own.length > 0) return own;
  const { fromChainId, toChainId } = body.action;
  return [{ tool: body.tool, type: fromChainId === toChainId ? "swap" : "bridge", fromChainId, toChainId }];
}

export function createLifiSource(settings: Pick<SwapSettings, "lifi" | "quoteTimeoutMs">): QuoteSource {
  const headers: Record<string, string> = settings.lifi.apiKey ? { "x-lifi-api-key": settings.lifi.apiKey } : {};
  const call = (path: string, query: Record<string, string | number | undefined>, signal: AbortSignal) => {
    const name = `LI.FI GET /${path}`;
    return callSource(sourceUrl(settings.lifi.url, path, query), {
      name,
      headers,
      timeoutMs: settings.quoteTimeoutMs,
      signal,
    }).then((answer) => ({ name, answer }));
  };

  async function requestQuote(request: QuoteRequest, signal: AbortSignal) {
    const fromAddress = request.fromAddress;
    if (!fromAddress) {
      throw new QuoteError("swapQuoteError", "LI.FI GET /quote: needs the sending wallet (fromAddress is required)");
    }
    const toAddress = request.toAddress ?? fromAddress;
    const { name, answer } = await call(
      "quote",
      {
        fromChain: request.fromChainId,
        toChain: request.toChainId,
        fromToken: lifiToken(request.fromToken.address),
        toToken: lifiToken(request.toToken.address),
        fromAmount: request.amount,
        fromAddress,
        toAddress,
        slippage: bpsFraction(request.slippageBps),
        integrator: request.integrator,
        fee: request.feeBps > 0 ? bpsFraction(request.feeBps) : undefined,
      },
      signal,
    );
    if (answer.status !== 200) throw lifiFailure(name, answer);
    return { body: parseAnswer(name, answer, quoteBody), fromAddress, toAddress };
  }

  const txOf = ({ transactionRequest: tx }: z.output<typeof quoteBody>): TxData | null =>
    tx ? txData({ ...tx, gas: tx.gasLimit }) : null;

  return {
    id: "lifi",
    label: "LI.FI",
    needsWallet: true,
    supports: ({ fromChainId, toChainId }) => LIFI_CHAIN_IDS.has(fromChainId) && LIFI_CHAIN_IDS.has(toChainId),

    async quote(request, signal): Promise<SourceQuote> {
      const { body, fromAddress, toAddress } = await requestQuote(request, signal);
      const { estimate } = body;
      const gasAmounts = estimate.gasCosts.map((g) => g.amount);
      const gasUsds = estimate.gasCosts.flatMap((g) => (g.amountUSD === undefined ? [] : [g.amountUSD]));
      const reportedFees = estimate.feeCosts.flatMap((f) =>
        f.feeSplit?.integratorFee === undefined ? [] : [BigInt(f.feeSplit.integratorFee)],
      );
      // LI.FI takes the fee for the integrator it is registered under: a rate is enough
      const feeAmount = feeAmountOf(
        request,
        reportedFees.length > 0 ? reportedFees.reduce((a, b) => a + b, 0n).toString() : undefined,
        request.feeBps > 0,
      );
      const tx = txOf(body);
      return {
        source: "LI.FI",
        toAmount: estimate.toAmount,
        toAmountMin: estimate.toAmountMin,
        gasNative: gasAmounts.length > 0 ? gasAmounts.reduce((a, b) => a + BigInt(b), 0n).toString() : null,
        gasUsd: gasUsds.length === 1 ? (gasUsds[0] ?? null) : sumDecimals(gasUsds),
        route: routeOf(body),
        estimatedSeconds: Math.round(estimate.executionDuration),
        approvalSpender: isNativeToken(request.fromToken.address)
          ? null
          : (estimate.approvalAddress ?? body.transactionRequest?.to ?? null),
        feeAmount,
        tx,
        build: { tool: body.tool, fromAddress, toAddress },
      };
    },

    async buildTx(request, quote, signal) {
      const kept = keptTx(request, quote);
      if (kept) return kept;
      const { body } = await requestQuote(request, signal);
      const tx = txOf(body);
      if (!tx) throw new QuoteError("swapQuoteError", "LI.FI GET /quote: the answer has no transactionRequest");
      return tx;
    },

    async status({ txHash, fromChainId, toChainId, build }, signal): Promise<SourceStatus> {
      const kept = buildSchema.safeParse(build);
      const { name, answer } = await call(
        "status",
        {
          txHash,
          fromChain: fromChainId,
          toChain: toChainId,
          // the bridge speeds the look-up up; a same-chain swap is looked up without one
          bridge: fromChainId !== toChainId && kept.success ? kept.data.tool : undefined,
        },
        signal,
      );
      if (answer.status === 404) {
        return { state: "not_found", receivingTxHash: null, receivedAmount: null, detail: null };
      }
      if (answer.status !== 200) throw lifiFailure(name, answer);
      const body = parseAnswer(name, answer, statusBody);
      const hash = body.receiving?.txHash;
      const receivingTxHash = hash && /^0x[0-9a-fA-F]{64}$/.test(hash) ? (hash as `0x${string}`) : null;
      const detail = [body.substatus, body.substatusMessage].filter(Boolean).join(": ") || null;
      const state: SourceStatus["state"] =
        body.status === "DONE"
          ? body.substatus === "REFUNDED"
            ? "refunded"
            : "done"
          : body.status === "FAILED"
            ? "failed"
            : body.status === "PENDING"
              ? "pending"
              : // NOT_FOUND: not mined yet; INVALID: the hash is not tied to that bridge (yet): keep looking
                "not_found";
      return {
        state,
        receivingTxHash,
        receivedAmount: state === "done" || state === "refunded" ? (body.receiving?.amount ?? null) : null,
        detail,
      };
    },
  };
}
