import { z } from "zod";
import { UpstreamError } from "../upstream/upstream.ts";
import { callUpstream, type UpstreamAnswer } from "../upstream/upstream-call.ts";
import {
  QuoteError,
  type QuoteFailure,
  type QuoteRequest,
  type QuoteStep,
  type SourceQuote,
  type TxData,
} from "./quote-source.ts";

/**
 * What the aggregator adapters (LI.FI, Velora, 0x, 1inch) share: one call to the aggregator through the server's
 * HTTP client (callUpstream: one attempt, the whole exchange within the quote timeout, the caller's signal obeyed),
 * the failures every aggregator has in common turned into QuoteError reasons, zod parsing of the answer, the
 * raw-amount arithmetic (fees, slippage) done on integers, and the pieces of a quote they all build the same way
 * (route steps, the transaction, keeping it for the same wallets).
 *
 * - no answer in time, a network failure, a caller who gives up, or a 5xx: quoteServiceUnreachable;
 * - 429: tooFrequent (not retried: the service asks every source at once and another may answer);
 * - 401/403: swapQuoteError (the key is refused: a setting to fix, not something the user can change);
 * - an answer that is not in the documented shape: swapQuoteError (never half-used).
 */

export type Query = Readonly<Record<string, string | number | boolean | undefined>>;

/** `base` may carry a path (https://li.quest/v1); `path` is appended to it. Undefined query values are left out. */
export function sourceUrl(base: string, path: string, query: Query = {}): URL {
  const url = new URL(`${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

export interface SourceCall {
  /** for messages and logs: "LI.FI GET /quote" */
  name: string;
  method?: "GET" | "POST";
  headers?: Readonly<Record<string, string>>;
  /** a JSON body (POST) */
  json?: unknown;
  timeoutMs: number;
  signal: AbortSignal;
}

/** One exchange with an aggregator; any HTTP status comes back, a transport failure is a QuoteError. */
export async function callSource(url: URL, call: SourceCall): Promise<UpstreamAnswer> {
  const headers: Record<string, string> = { accept: "application/json", ...call.headers };
  if (call.json !== undefined) headers["content-type"] = "application/json";
  try {
    return await callUpstream(call.name, url, {
      method: call.method ?? "GET",
      headers,
      body: call.json === undefined ? undefined : JSON.stringify(call.json),
      timeoutMs: call.timeoutMs,
      signal: call.signal,
    });
  } catch (error) {
    if (error instanceof UpstreamError) {
      throw new QuoteError("quoteServiceUnreachable", `${call.name}: ${error.detail}`);
    }
    throw error;
  }
}

/** The failures every aggregator shares (rate limit, server error, refused key); undefined for the others. */
export function commonFailure(name: string, answer: UpstreamAnswer): QuoteError | undefined {
  if (answer.status === 429) {
    const retryAfter = answer.headers.get("retry-after");
    return new QuoteError("tooFrequent", `${name}: rate limited${retryAfter ? ` (retry after ${retryAfter})` : ""}`);
  }
  if (answer.status >= 500) {
    return new QuoteError("quoteServiceUnreachable", `${name}: HTTP ${answer.status} ${snippet(answer.text())}`);
  }
  if (answer.status === 401 || answer.status === 403) {
    return new QuoteError("swapQuoteError", `${name}: the API key was refused (HTTP ${answer.status})`);
  }
  return undefined;
}

/** The answer's body in the documented shape, or swapQuoteError. */
export function parseAnswer<S extends z.ZodType>(name: string, answer: UpstreamAnswer, schema: S): z.output<S> {
  const parsed = schema.safeParse(answer.json());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "not JSON";
    throw new QuoteError("swapQuoteError", `${name}: unexpected answer (${where}) ${snippet(answer.text())}`);
  }
  return parsed.data;
}

/** A short, single-line excerpt of a body for an error message. */
export function snippet(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

// ---- shapes shared by the parsers

export const rawAmount = z.string().regex(/^\d{1,80}$/);
export const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => value as `0x${string}`);
export const hexData = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/)
  .transform((value) => value as `0x${string}`);
/** a quantity sent as a decimal string, a 0x-hex string or a number; read as a decimal string of an integer */
export const quantity = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = String(value).trim();
  if (/^\d{1,80}$/.test(text) || /^0x[0-9a-fA-F]{1,64}$/.test(text)) return BigInt(text).toString();
  ctx.addIssue({ code: "custom", message: `not a quantity: ${text}` });
  return z.NEVER;
});

// ---- raw amounts

/** `amount` × bps / 10 000, rounded down (an integrator fee, or what slippage may take) */
export function bpsOf(amount: string, bps: number): string {
  return ((BigInt(amount) * BigInt(bps)) / 10_000n).toString();
}

/** the least received after `slippageBps`, rounded down: what the aggregators' contracts enforce */
export function afterSlippage(amount: string, slippageBps: number): string {
  return ((BigInt(amount) * BigInt(10_000 - slippageBps)) / 10_000n).toString();
}

/** basis points as a decimal fraction string without float noise: 50 → "0.005", 10 000 → "1" */
export function bpsFraction(bps: number): string {
  return fixedDecimal(BigInt(bps), 4);
}

/** basis points as a percent string: 50 → "0.5", 125 → "1.25" */
export function bpsPercent(bps: number): string {
  return fixedDecimal(BigInt(bps), 2);
}

function fixedDecimal(value: bigint, scale: number): string {
  const text = value.toString().padStart(scale + 1, "0");
  const whole = text.slice(0, -scale);
  const fraction = text.slice(-scale).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** the exact sum of decimal strings ("0.1490" + "0.01" = "0.159"); null when there are none or one is not a number */
export function sumDecimals(values: readonly string[]): string | null {
  if (values.length === 0) return null;
  let scale = 0;
  for (const value of values) {
    if (!/^\d+(\.\d+)?$/.test(value)) return null;
    scale = Math.max(scale, value.split(".")[1]?.length ?? 0);
  }
  let total = 0n;
  for (const value of values) {
    const [whole = "0", fraction = ""] = value.split(".");
    total += BigInt(whole + fraction.padEnd(scale, "0"));
  }
  return scale === 0 ? total.toString() : fixedDecimal(total, scale);
}

export const sameAddress = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

// ---- quotes and transactions

/** supports() of a same-chain aggregator: one chain on both sides, and one it serves */
export const sameChainOn =
  (chainIds: ReadonlySet<number>) =>
  ({ fromChainId, toChainId }: Pick<QuoteRequest, "fromChainId" | "toChainId">) =>
    fromChainId === toChainId && chainIds.has(fromChainId);

/** an integrator fee is taken: a rate above 0 and a wallet to pay it to */
export const feeCharged = (request: QuoteRequest) => request.feeBps > 0 && request.feeRecipient !== undefined;

/** a same-chain route: one swap step per liquidity source the aggregator named, or one named after it */
export function swapSteps(
  tools: readonly string[],
  aggregator: string,
  request: Pick<QuoteRequest, "fromChainId" | "toChainId">,
): QuoteStep[] {
  return [...new Set(tools.length > 0 ? tools : [aggregator])].map((tool) => ({
    tool,
    type: "swap",
    fromChainId: request.fromChainId,
    toChainId: request.toChainId,
  }));
}

/** an aggregator's transaction: no value is 0 wei; no gas limit (or 0) is null (the wallet estimates it) */
export function txData(tx: {
  to: `0x${string}`;
  data: `0x${string}`;
  value?: string | undefined;
  gas?: string | null | undefined;
}): TxData {
  return { to: tx.to, data: tx.data, value: tx.value ?? "0", gas: tx.gas && tx.gas !== "0" ? tx.gas : null };
}

/** the receiver to name when the swap pays a wallet other than the sender's; undefined when it pays the sender */
export const otherReceiver = (request: Pick<QuoteRequest, "fromAddress" | "toAddress">): `0x${string}` | undefined =>
  request.toAddress && request.fromAddress && !sameAddress(request.toAddress, request.fromAddress)
    ? request.toAddress
    : undefined;

/**
 * A quote's feeAmount in the sold token's raw units: "0" when no fee is charged, else the source's own figure when
 * it reports one, else amount × bps. `charged` is whether the source takes the fee (default: a rate and a wallet).
 */
export function feeAmountOf(
  request: QuoteRequest,
  reported?: string | undefined,
  charged: boolean = feeCharged(request),
): string {
  if (!charged) return "0";
  return reported ?? bpsOf(request.amount, request.feeBps);
}

/**
 * The failure an aggregator's error text names (Velora's and 1inch's errors are messages, not codes): liquidity,
 * an amount out of range, an unknown token or chain, a timeout, no route; else swapQuoteError.
 */
export function classifyMessage(message: string): QuoteFailure {
  if (/liquidity|ESTIMATED_LOSS_GREATER_THAN_MAX_IMPACT|price impact/i.test(message)) return "insufficientLiquidity";
  if (/amount/i.test(message) && !/balance|allowance/i.test(message)) return "amountOutOfRange";
  if (/token|network|chain|src|dst/i.test(message) && /not|invalid|unsupported|unknown/i.test(message)) {
    return "unsupportedSwapPair";
  }
  if (/timeout/i.test(message)) return "quoteServiceUnreachable";
  if (/no route|route not found|unable to find/i.test(message)) return "noQuotation";
  return "swapQuoteError";
}

/** `build` for a quote whose transaction was made for the request's wallets (none without a sending wallet) */
export function walletsBuild(request: QuoteRequest): Record<string, unknown> {
  return request.fromAddress
    ? { fromAddress: request.fromAddress, toAddress: request.toAddress ?? request.fromAddress }
    : {};
}

/** `build` of a quote made for the request's wallets (walletsBuild) */
export const builtFor = z.object({ fromAddress: z.string(), toAddress: z.string() });

/** the quote's own transaction when it was made for this sender and receiver; null when it must be asked for again */
export function keptTx(request: QuoteRequest & { fromAddress: `0x${string}` }, quote: SourceQuote): TxData | null {
  const kept = builtFor.safeParse(quote.build);
  return quote.tx &&
    kept.success &&
    sameAddress(kept.data.fromAddress, request.fromAddress) &&
    sameAddress(kept.data.toAddress, request.toAddress ?? request.fromAddress)
    ? quote.tx
    : null;
}
