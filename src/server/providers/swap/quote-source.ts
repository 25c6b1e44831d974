/**
 * The quote port (issue 16): every aggregator (LI.FI, Velora, 0x, 1inch) and the local Uniswap v2 router answers
 * through this one interface, and the swap service asks all that support a request and keeps the best. Raw amounts
 * are decimal strings of integers in the token's smallest unit, so a quote can be kept as JSON and built later on
 * another node. A source never makes up an answer: when it cannot quote it throws a QuoteError with the reason.
 */

export interface QuoteTokenRef {
  /** a 0x-address, or NATIVE_TOKEN_ADDRESS (src/contract/swap.ts) for the chain's coin */
  address: `0x${string}`;
  decimals: number;
  symbol: string;
}

export interface QuoteRequest {
  fromChainId: number;
  toChainId: number;
  fromToken: QuoteTokenRef;
  toToken: QuoteTokenRef;
  /** what is sold, raw */
  amount: string;
  /** slippage in basis points (0.5% = 50) */
  slippageBps: number;
  /** the wallet that sells (some sources quote without one; building the transaction needs it) */
  fromAddress: `0x${string}` | undefined;
  /** where the bought token goes (default fromAddress) */
  toAddress: `0x${string}` | undefined;
  /** the integrator fee in basis points (0: none) and who receives it */
  feeBps: number;
  feeRecipient: `0x${string}` | undefined;
  /** the integrator's name at the aggregator */
  integrator: string;
}

export interface QuoteStep {
  tool: string;
  type: "swap" | "bridge";
  fromChainId: number;
  toChainId: number;
}

export interface TxData {
  to: `0x${string}`;
  data: `0x${string}`;
  /** wei, raw */
  value: string;
  /** gas limit suggested by the source, raw; null when it gives none */
  gas: string | null;
}

export interface SourceQuote {
  /** shown to the user: "LI.FI", "Velora", "0x", "1inch", "Uniswap v2" */
  source: string;
  /** raw, what the user receives (after the source's and the integrator's fees) */
  toAmount: string;
  /** raw, the least received after slippage */
  toAmountMin: string;
  /** estimated gas cost in the source chain's native coin, raw wei; null when unknown */
  gasNative: string | null;
  /** estimated gas cost in USD as the source gives it; null when it gives none */
  gasUsd: string | null;
  route: QuoteStep[];
  estimatedSeconds: number;
  /** the contract the sold ERC-20 must be approved to; null for the native coin */
  approvalSpender: `0x${string}` | null;
  /** the integrator fee taken, raw in the sold token ("0" when none) */
  feeAmount: string;
  /** the transaction, when the source gives it with the quote (LI.FI, 0x, 1inch, Uniswap v2 with an address) */
  tx: TxData | null;
  /** what buildTx needs later, JSON only (the source's own route object, price route, ...) */
  build: Record<string, unknown>;
}

/** A cross-chain (or aggregator-tracked) transfer's state at the source. */
export interface SourceStatus {
  state: "pending" | "done" | "failed" | "refunded" | "not_found";
  /** the destination chain's transaction, once known */
  receivingTxHash: `0x${string}` | null;
  /** what arrived, raw, once known */
  receivedAmount: string | null;
  /** the source's own words for a failure (logged, never shown as is) */
  detail: string | null;
}

export interface QuoteSource {
  /** the config name: lifi, velora, zeroex, oneinch, uniswapv2 */
  readonly id: string;
  /** shown to the user */
  readonly label: string;
  /** it quotes only for a known sending wallet (LI.FI requires fromAddress): not asked for an indicative quote */
  readonly needsWallet?: boolean;
  /** it can quote this pair of chains (cross-chain only for sources that bridge) */
  supports(request: Pick<QuoteRequest, "fromChainId" | "toChainId">): boolean;
  quote(request: QuoteRequest, signal: AbortSignal): Promise<SourceQuote>;
  /** the transaction to sign for a kept quote (needs the addresses); may ask the source again */
  buildTx(
    request: QuoteRequest & { fromAddress: `0x${string}` },
    quote: SourceQuote,
    signal: AbortSignal,
  ): Promise<TxData>;
  /** a transfer's state at the source (bridges); absent: the chain's receipt says it all */
  status?(
    args: { txHash: `0x${string}`; fromChainId: number; toChainId: number; build: Record<string, unknown> },
    signal: AbortSignal,
  ): Promise<SourceStatus>;
}

/** Why a source gave no quote; each is a message key the user reads (src/contract/message-keys.ts). */
export type QuoteFailure =
  | "noQuotation"
  | "insufficientLiquidity"
  | "unsupportedSwapPair"
  | "amountOutOfRange"
  | "quoteServiceUnreachable"
  | "swapQuoteError"
  | "gasNotEnough"
  | "tooFrequent";

export class QuoteError extends Error {
  override name = "QuoteError";
  constructor(
    readonly reason: QuoteFailure,
    message: string,
  ) {
    super(message);
  }
}
