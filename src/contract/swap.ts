import { z } from "zod";

/**
 * Swaps from the user's own wallet (spec §2 swap screen, §3 chain table, token list, swap order; §4 swap progress and
 * order statuses; §5 swap validation; §7 getSupportChainList, getWalletAssets, hotTokenForSwap, swap/getQuoteData,
 * swap/getSwapData, swap/addTransData, getSwapOrders, getOrderStatus, summaryForSwap). The server never signs: it
 * quotes, builds the transactions the user's wallet signs, and follows them on chain and at the aggregator.
 * Token amounts travel as decimal strings in the token's own units ("1.5" ETH), raw integers as decimal strings.
 */

/** The address aggregators and this API use for a chain's native coin (ETH, BNB, POL, ...). */
export const NATIVE_TOKEN_ADDRESS = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";

/** whether an address (any case) is NATIVE_TOKEN_ADDRESS, the chain's coin */
export const isNativeToken = (address: string): boolean => address.toLowerCase() === NATIVE_TOKEN_ADDRESS.toLowerCase();

/** spec §5: slippage above 0; warned at or above this percent (constants Swap.slippageWarnPercent) */
export const SWAP_SLIPPAGE_DEFAULT = "0.5";
export const SWAP_SLIPPAGE_MAX = 50;

/** spec §4 order statuses, in the words of the API */
export const swapOrderStatuses = [
  /** awaiting user deposit: the order is built, the user has not sent the swap transaction yet */
  "awaiting_deposit",
  /** exchanging: the swap transaction is sent (or the bridge is moving it) */
  "exchanging",
  "completed",
  /** no transaction reported, or it never appeared, in time */
  "timeout",
  /** the transaction reverted or the aggregator reports failure; statusReason says why */
  "fail",
  "waiting_kyc",
  /** a cross-chain transfer the bridge is sending back */
  "refund",
  "refund_completed",
  /** the transaction is known but not yet mined */
  "pending",
  "cancelled",
] as const;
export type SwapOrderStatus = (typeof swapOrderStatuses)[number];
/** statuses after which an order no longer changes */
export const finalSwapStatuses: readonly SwapOrderStatus[] = [
  "completed",
  "timeout",
  "fail",
  "refund_completed",
  "cancelled",
];

/** spec §4 swap progress (the aiSwap flow), in order */
export const swapProgressSteps = [
  "analyzing",
  "checkingAssets",
  "orderGenerated",
  "gettingQuotes",
  "swapping",
  "swapCompleted",
] as const;

export const evmAddressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: "invalidAddress" });
export const decimalAmountSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "required" : "invalidValue") })
  .trim()
  .regex(/^\d{1,30}(\.\d{1,36})?$/, { error: "invalidValue" });
const rawAmount = z.string().regex(/^\d{1,80}$/);
const address = evmAddressSchema;
const decimalAmount = decimalAmountSchema;
export const chainIdParamSchema = z.coerce
  .number({ error: (issue) => (issue.input === undefined ? "required" : "invalidValue") })
  .int({ error: "invalidValue" })
  .positive({ error: "invalidValue" })
  .max(2 ** 53 - 1, { error: "invalidValue" });
const chainIdParam = chainIdParamSchema;
const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: "malformedHash" });

/** spec §3 chain table entry (about 60 EVM networks plus BTC and TRON) */
export const chainEntrySchema = z.object({
  /** our network code: ETH, BSC, HECO, POLYGON, ... BTC, TRON */
  netWork: z.string(),
  chainId: z.number().int(),
  name: z.string(),
  /** the native coin's symbol */
  symbol: z.string(),
  decimals: z.number().int(),
  /** a gas limit that covers a swap on this chain (a ceiling for wallets that ask) */
  gasLimit: z.number().int(),
  /** the JSON-RPC URL wallets add the chain with (wallet_addEthereumChain) */
  rpcUrl: z.string(),
  blockExplorerUrls: z.array(z.string()),
  isEvm: z.boolean(),
  /** WalletConnect can switch to it (spec §5 chain ids); false: noUseNetwork inside Telegram */
  walletConnect: z.boolean(),
  /** quotes can be asked for swaps on this chain on this server */
  swappable: z.boolean(),
  /** Multicall3 is deployed on it (balances in one call) */
  multicall: z.boolean(),
});
export type ChainEntry = z.infer<typeof chainEntrySchema>;

export const supportChainListDataSchema = z.object({ chains: z.array(chainEntrySchema) });

/** spec §3 built-in token list entry */
export const swapTokenSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** the contract, or NATIVE_TOKEN_ADDRESS for the chain's coin */
  address: z.string(),
  decimals: z.number().int(),
  logoURI: z.string().nullable(),
  /** it can be sent to another chain by the cross-chain aggregator */
  isCrossEnable: z.boolean(),
  isEnable: z.boolean(),
  /** the chain's netWork code */
  chain: z.string(),
  chainId: z.number().int(),
});
export type SwapToken = z.infer<typeof swapTokenSchema>;

export const tokenListQuerySchema = z.object({ chainId: chainIdParam });
export const tokenListDataSchema = z.object({
  chainId: z.number().int(),
  tokens: z.array(swapTokenSchema),
  /** where the list comes from (package and version, or the chain read for the local list) */
  source: z.string(),
});

/** spec §7 getWalletAssets: the wallet's balances on one chain */
export const walletAssetsQuerySchema = z.object({
  address,
  chainId: chainIdParam,
  /** extra token contracts to read besides the chain's list (comma-separated, at most 250) */
  tokens: z
    .string()
    .max(250 * 43)
    .optional(),
});
export const walletAssetSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  /** decimal string in the token's units */
  balance: z.string(),
  raw: rawAmount,
});
export const walletAssetsDataSchema = z.object({
  address: z.string(),
  chainId: z.number().int(),
  /** non-zero balances first (native coin first among them); cut to 50 when more than 100 tokens were read */
  assets: z.array(walletAssetSchema),
  /** how many tokens were read, and in how many JSON-RPC batches (or one Multicall3 call) */
  tokensRead: z.number().int(),
  batches: z.number().int(),
  method: z.enum(["multicall", "batch"]),
  /** the list was cut (spec §7: lists over 100 cut to 50) */
  truncated: z.boolean(),
  blockNumber: z.string(),
  /** ISO time of the read; source names the node (the chain's netWork) */
  asOf: z.string(),
  source: z.string(),
});
export type WalletAssetsData = z.infer<typeof walletAssetsDataSchema>;

/** spec §7 hotTokenForSwap: tokens people trade, on a chain's list, by 24h volume of the market feed */
export const hotTokensQuerySchema = z.object({ chainId: chainIdParam.optional() });
export const hotTokenSchema = swapTokenSchema.extend({
  /** last price in USDT and 24h change in percent, from the market feed */
  price: z.string().nullable(),
  change24h: z.number().nullable(),
});
export const hotTokensDataSchema = z.object({
  tokens: z.array(hotTokenSchema),
  /** the market feed's name and the time of its prices */
  source: z.string(),
  asOf: z.string(),
});

export const slippageParamSchema = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, { error: "invalidValue" })
  .refine((v) => Number(v) > 0, { error: "slippageTooLow" })
  .refine((v) => Number(v) <= SWAP_SLIPPAGE_MAX, { error: "slippageTooHigh" });

const slippageParam = slippageParamSchema;

/** swap/getQuoteData: what to swap; the addresses are optional for an indicative quote */
export const quoteQuerySchema = z.object({
  fromChainId: chainIdParam,
  toChainId: chainIdParam,
  fromToken: address,
  toToken: address,
  /** in fromToken's units */
  amount: decimalAmount,
  slippage: slippageParam.default(SWAP_SLIPPAGE_DEFAULT),
  fromAddress: address.optional(),
  /** where the bought token goes (default: fromAddress) */
  toAddress: address.optional(),
});
export type QuoteQuery = z.infer<typeof quoteQuerySchema>;

export const quoteTokenSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  chainId: z.number().int(),
  logoURI: z.string().nullable(),
});

export const quoteStepSchema = z.object({
  /** the DEX or bridge the step goes through, as the aggregator names it */
  tool: z.string(),
  type: z.enum(["swap", "bridge"]),
  fromChainId: z.number().int(),
  toChainId: z.number().int(),
});

export const quoteSchema = z.object({
  /** the server keeps the quote this long; getSwapData takes it by this id */
  quoteId: z.string(),
  /** the aggregator that gave it: "LI.FI", "Velora", "0x", "1inch", "Uniswap v2" */
  source: z.string(),
  fromToken: quoteTokenSchema,
  toToken: quoteTokenSchema,
  fromAmount: z.string(),
  toAmount: z.string(),
  /** minimum received after slippage */
  toAmountMin: z.string(),
  /** toToken per one fromToken */
  rate: z.string(),
  slippage: z.string(),
  /** estimated gas in the chain's native coin, and in USD where the aggregator gives it */
  gasNative: z.string().nullable(),
  gasUsd: z.string().nullable(),
  route: z.array(quoteStepSchema),
  estimatedSeconds: z.number().int(),
  /** the integrator fee (basis points, in fromToken), shown in the quote; 0 when none */
  fee: z.object({ bps: z.number().int(), amount: z.string() }),
  /** the allowance the swap needs (ERC-20 sources); null for the native coin */
  approval: z.object({ spender: z.string(), amount: rawAmount }).nullable(),
  /** warnings the screen shows (highSlippage: at or above Swap.slippageWarnPercent) */
  warnings: z.array(z.enum(["highSlippage", "priceImpact"])),
  /** the other sources asked and what they offered (null: no quote from it, with the reason's message key) */
  compared: z.array(z.object({ source: z.string(), toAmount: z.string().nullable(), reason: z.string().nullable() })),
  quotedAt: z.string(),
  expiresAt: z.string(),
});
export type SwapQuote = z.infer<typeof quoteSchema>;

export const quoteDataSchema = z.object({ quote: quoteSchema });

/** An EVM transaction for the user's wallet to send (eth_sendTransaction) */
export const txRequestSchema = z.object({
  chainId: z.number().int(),
  from: z.string(),
  to: z.string(),
  data: z.string(),
  /** wei, decimal */
  value: rawAmount,
  /** suggested gas limit (decimal), when known */
  gas: rawAmount.nullable(),
});
export type TxRequest = z.infer<typeof txRequestSchema>;

/** swap/getSwapData: build the order and its transactions from a quote */
export const swapDataBodySchema = z.object({
  quoteId: z.string({ error: "required" }).min(1, { error: "required" }).max(64, { error: "invalidValue" }),
  fromAddress: address,
  toAddress: address.optional(),
  /** a client-made key: a retry answers the first attempt's order */
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "invalidValue" })
    .optional(),
});

export const swapOrderSchema = z.object({
  orderId: z.string(),
  /** spec §3 swap order type */
  type: z.enum(["market", "limit"]),
  createdAt: z.string(),
  updatedAt: z.string(),
  source: z.string(),
  fromChainId: z.number().int(),
  toChainId: z.number().int(),
  fromToken: quoteTokenSchema,
  toToken: quoteTokenSchema,
  fromAmount: z.string(),
  /** quoted */
  toAmount: z.string(),
  toAmountMin: z.string(),
  /** what arrived, once known */
  receivedAmount: z.string().nullable(),
  fromAddress: z.string(),
  toAddress: z.string(),
  approveHash: z.string().nullable(),
  /** spec §3: transfer-out and transfer-in hashes */
  transferOutHash: z.string().nullable(),
  transferInHash: z.string().nullable(),
  /** explorer links of the hashes, where the chain has an explorer */
  transferOutUrl: z.string().nullable(),
  transferInUrl: z.string().nullable(),
  status: z.enum(swapOrderStatuses),
  /** why a failed, timed-out or refunded order is so: a message key */
  statusReason: z.string().nullable(),
});
export type SwapOrder = z.infer<typeof swapOrderSchema>;

export const swapDataSchema = z.object({
  order: swapOrderSchema,
  /** the approval to send first (null when the allowance already covers it or the native coin is sold) */
  approveTx: txRequestSchema.nullable(),
  swapTx: txRequestSchema,
});

/** swap/addTransData: the hash of a transaction the wallet sent for an order */
export const addTransDataBodySchema = z.object({
  orderId: z.string({ error: "required" }).min(1, { error: "required" }).max(40, { error: "invalidValue" }),
  hash: txHash,
  kind: z.enum(["approve", "swap"], { error: "invalidValue" }),
});

export const swapOrdersBodySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageNum: z.coerce.number().int().min(1).max(50).default(20),
});
export const swapOrdersDataSchema = z.object({ lists: z.array(swapOrderSchema), total: z.number().int() });

export const orderStatusBodySchema = z.object({
  orderId: z.string({ error: "required" }).min(1, { error: "required" }).max(40, { error: "invalidValue" }),
});
export const cancelSwapOrderBodySchema = orderStatusBodySchema;

/** summaryForSwap: MountainLion reads a swap request into an order draft the swap screen opens with */
export const summaryForSwapBodySchema = z.object({
  question: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(500, { error: "tooLong" }),
  language: z.enum(["en", "cn", "zh"]).default("en"),
});
export const swapDraftSchema = z.object({
  /** symbols as the user wrote them, resolved */
  fromSymbol: z.string(),
  toSymbol: z.string(),
  /** the amount and whether it is what is paid or what is received */
  amount: z.string().nullable(),
  amountSide: z.enum(["pay", "receive"]),
  chainId: z.number().int(),
  fromToken: z.string().nullable(),
  toToken: z.string().nullable(),
});
export type SwapDraft = z.infer<typeof swapDraftSchema>;
export const summaryForSwapDataSchema = z.object({
  draft: swapDraftSchema.nullable(),
  /** what MountainLion understood, in the asked language */
  summary: z.string(),
});

/** The swap routes; routes.ts takes them in. */
export const swapRoutes = {
  getSupportChainList: {
    method: "get",
    path: "/getSupportChainList",
    summary: "The chain table: EVM networks plus BTC and TRON, with which can swap here and which WalletConnect takes",
    tag: "swap",
    data: supportChainListDataSchema,
  },
  swapTokenList: {
    method: "get",
    path: "/swap/getTokenList",
    summary: "The built-in token list of a chain (its source named)",
    tag: "swap",
    query: tokenListQuerySchema,
    data: tokenListDataSchema,
  },
  getWalletAssets: {
    method: "get",
    path: "/getWalletAssets",
    summary: "A wallet's balances on one chain, read by Multicall3 or batched JSON-RPC (batches of at most 100)",
    tag: "swap",
    query: walletAssetsQuerySchema,
    data: walletAssetsDataSchema,
  },
  hotTokenForSwap: {
    method: "get",
    path: "/hotTokenForSwap",
    summary: "Tokens to swap into, by the market feed's 24h volume, with price and change",
    tag: "swap",
    query: hotTokensQuerySchema,
    data: hotTokensDataSchema,
  },
  swapGetQuoteData: {
    method: "get",
    path: "/swap/getQuoteData",
    summary: "The best quote among the configured aggregators (rate, minimum received, gas, route, time, fee)",
    tag: "swap",
    query: quoteQuerySchema,
    data: quoteDataSchema,
    errors: [218, 3001],
  },
  swapGetSwapData: {
    method: "post",
    path: "/swap/getSwapData",
    summary: "Open a swap order from a quote: the approval (if needed) and the swap transaction for the wallet to sign",
    tag: "swap",
    body: swapDataBodySchema,
    maxBodyBytes: 2048,
    data: swapDataSchema,
    errors: [218, 331, 3001, 4001],
  },
  swapAddTransData: {
    method: "post",
    path: "/swap/addTransData",
    summary: "Report the hash of an order's approval or swap transaction; the order is then followed on chain",
    tag: "swap",
    body: addTransDataBodySchema,
    maxBodyBytes: 1024,
    data: swapOrderSchema,
    errors: [4001],
  },
  getSwapOrders: {
    method: "post",
    path: "/getSwapOrders",
    summary: "The user's swap orders (transaction record), newest first, paged",
    tag: "swap",
    body: swapOrdersBodySchema,
    maxBodyBytes: 1024,
    data: swapOrdersDataSchema,
    errors: [4001],
  },
  getOrderStatus: {
    method: "post",
    path: "/getOrderStatus",
    summary: "One swap order and its status, checked on chain and at the aggregator when due",
    tag: "swap",
    body: orderStatusBodySchema,
    maxBodyBytes: 1024,
    data: swapOrderSchema,
    errors: [4001],
  },
  cancelSwapOrder: {
    method: "post",
    path: "/swap/cancelOrder",
    summary: "Cancel an order whose swap transaction was not sent",
    tag: "swap",
    body: cancelSwapOrderBodySchema,
    maxBodyBytes: 1024,
    data: swapOrderSchema,
    errors: [4001],
  },
  summaryForSwap: {
    method: "post",
    path: "/summaryForSwap",
    summary: "Read a swap request in words into an order draft for the swap screen (never an order itself)",
    tag: "swap",
    body: summaryForSwapBodySchema,
    maxBodyBytes: 4096,
    data: summaryForSwapDataSchema,
  },
} as const;
