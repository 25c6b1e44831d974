import { z } from "zod";
import {
  chainIdParamSchema,
  decimalAmountSchema,
  evmAddressSchema,
  quoteTokenSchema,
  SWAP_SLIPPAGE_DEFAULT,
  slippageParamSchema,
  swapOrderSchema,
} from "./swap.ts";

/**
 * The AI wallet (spec §1, §3 email AI account; §6 email login needed; §7 getAIAccountInfo, getWithdrawInfo,
 * aiAccountPreWithdraw, aiAccountWithdraw, aiAccountSwap, aiAccountLimitSwap, cancelLimitOrder; §5 limit orders only
 * with the AI wallet). A wallet the server holds for an email account: one EVM key, sealed at rest, used only to sign
 * the user's own swaps, limit orders and withdrawals. Amounts are decimal strings in the token's units.
 */

/** a withdrawal or export code is good this long after it was emailed */
export const AI_WALLET_CODE_TTL_MINUTES = 10;
/** open limit orders an account may hold at once */
export const LIMIT_ORDERS_OPEN_MAX = 20;
/** a limit order lasts at most this many days; 7 by default */
export const LIMIT_ORDER_DAYS_MAX = 90;
export const LIMIT_ORDER_DAYS_DEFAULT = 7;

const requestId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "invalidValue" })
  .optional();
const code = z
  .string({ error: "required" })
  .trim()
  .regex(/^\d{6}$/, { error: "VerificationCode" });

/** Why the AI wallet cannot be used here: no master key configured; or the account did not sign in with email. */
export const aiWalletUnavailableReasons = ["noMasterKey", "emailLoginNeeded"] as const;

export const aiWalletCoinSchema = z.object({
  chainId: z.number().int(),
  /** NATIVE_TOKEN_ADDRESS for the chain's coin */
  address: z.string(),
  symbol: z.string(),
  name: z.string().nullable(),
  decimals: z.number().int(),
  logoURI: z.string().nullable(),
  balance: z.string(),
  /** USDT per coin from the market feed, null when the feed has no price for it */
  usdPrice: z.number().nullable(),
  usdValue: z.number().nullable(),
});
export type AiWalletCoin = z.infer<typeof aiWalletCoinSchema>;

/**
 * Coins that reached the AI wallet from an address on the sanctions list: frozen (found by the server's scan of
 * incoming transfers). They are never withdrawn or swapped, and the key is not exported while any are held.
 */
export const aiWalletFrozenSchema = z.object({
  chainId: z.number().int(),
  /** NATIVE_TOKEN_ADDRESS for the chain's coin */
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  /** in the coin's units, as balances are */
  amount: z.string(),
  fromAddress: z.string(),
  txHash: z.string(),
  /** the transaction on the chain's explorer, null where the chain has none */
  txUrl: z.string().nullable(),
  /** when the scan found the transfer (ISO time) */
  foundAt: z.string(),
});
export type AiWalletFrozen = z.infer<typeof aiWalletFrozenSchema>;

/** The chains the AI wallet works on, and whether their balances could be read now. */
export const aiWalletChainSchema = z.object({
  chainId: z.number().int(),
  netWork: z.string(),
  symbol: z.string(),
  /** the chain's node answered the balance read */
  readable: z.boolean(),
  /** the message key when it did not (balancesUnavailable) */
  reason: z.string().nullable(),
  explorerUrl: z.string().nullable(),
});

/** getAIAccountInfo (spec §3 email AI account: totalUsdAmount, coins). */
export const aiAccountInfoDataSchema = z.object({
  /** false: the AI wallet cannot be used here, `reason` says why (said plainly to the user) */
  available: z.boolean(),
  reason: z.enum(aiWalletUnavailableReasons).nullable(),
  /** null until the user creates their AI wallet */
  account: z
    .object({
      address: z.string(),
      createdAt: z.string(),
      /** the sum of the coins' USD values (coins without a price are not counted) */
      totalUsdAmount: z.number(),
      coins: z.array(aiWalletCoinSchema),
      chains: z.array(aiWalletChainSchema),
      /** the market feed the USD values come from, and the time of the balances */
      priceSource: z.string(),
      asOf: z.string(),
      /** the daily exchange limit in USD and what today's swaps and withdrawals used of it (331 above it) */
      dailyLimitUsd: z.number(),
      dailyUsedUsd: z.number(),
      /** coins received from sanctioned addresses, frozen (empty when none) */
      frozen: z.array(aiWalletFrozenSchema),
    })
    .nullable(),
});
export type AiAccountInfoData = z.infer<typeof aiAccountInfoDataSchema>;

/** getWithdrawInfo: what a withdrawal of one coin may be */
export const withdrawInfoBodySchema = z.object({
  chainId: chainIdParamSchema,
  tokenAddress: evmAddressSchema,
});
export const withdrawInfoDataSchema = z.object({
  chainId: z.number().int(),
  token: quoteTokenSchema,
  balance: z.string(),
  /** the most that can be sent now (the native coin keeps the gas back; frozen coins are not counted) */
  maxAmount: z.string(),
  /** how much of this coin is frozen (received from a sanctioned address), "0" when none */
  frozenAmount: z.string(),
  /** the estimated gas in the chain's coin */
  gasNative: z.string().nullable(),
  /** the address the code goes to, masked ("ab***@example.com") */
  email: z.string(),
  dailyLimitUsd: z.number(),
  dailyUsedUsd: z.number(),
});

/** aiAccountPreWithdraw: check a withdrawal and email its code; nothing moves yet */
export const preWithdrawBodySchema = z.object({
  chainId: chainIdParamSchema,
  tokenAddress: evmAddressSchema,
  amount: decimalAmountSchema,
  toAddress: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(64, { error: "invalidAddress" }),
  requestId,
});
export const withdrawalStatuses = [
  "awaiting_code",
  "sending",
  "sent",
  "completed",
  "fail",
  "cancelled",
  "expired",
] as const;
export const withdrawalSchema = z.object({
  withdrawId: z.string(),
  chainId: z.number().int(),
  token: quoteTokenSchema,
  amount: z.string(),
  toAddress: z.string(),
  status: z.enum(withdrawalStatuses),
  statusReason: z.string().nullable(),
  txHash: z.string().nullable(),
  txUrl: z.string().nullable(),
  createdAt: z.string(),
  /** the code must be given before this time */
  expiresAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const preWithdrawDataSchema = z.object({
  withdrawal: withdrawalSchema,
  /** where the code was sent, masked */
  email: z.string(),
});

/** aiAccountWithdraw: the emailed code sends the withdrawal */
export const withdrawBodySchema = z.object({
  withdrawId: z.string({ error: "required" }).min(1, { error: "required" }).max(40, { error: "invalidValue" }),
  code,
});

/** aiAccount/preExport and aiAccount/export: the key, after the same emailed-code confirmation */
export const exportKeyBodySchema = z.object({ code });
export const exportKeyDataSchema = z.object({
  address: z.string(),
  /** 0x-prefixed hex; shown once, never stored by the client */
  privateKey: z.string(),
});

/** aiAccountSwap: a market swap from the AI wallet, signed by the server at once */
export const aiSwapBodySchema = z.object({
  chainId: chainIdParamSchema,
  fromToken: evmAddressSchema,
  toToken: evmAddressSchema,
  amount: decimalAmountSchema,
  slippage: slippageParamSchema.default(SWAP_SLIPPAGE_DEFAULT),
  requestId,
});

/** aiAccountLimitSwap: a limit order (spec §5: only with the AI wallet) */
export const limitOrderSides = ["buy", "sell"] as const;
export const limitOrderStatuses = ["open", "executing", "completed", "fail", "cancelled", "expired"] as const;
export const limitSwapBodySchema = z.object({
  chainId: chainIdParamSchema,
  /** sell: fromToken is the coin sold when its price reaches limitPrice or above; buy: toToken is bought at or below */
  side: z.enum(limitOrderSides, { error: "invalidValue" }),
  fromToken: evmAddressSchema,
  toToken: evmAddressSchema,
  amount: decimalAmountSchema,
  /** USDT per coin of the watched coin (the sold coin for sell, the bought coin for buy) */
  limitPrice: z.coerce.number({ error: "invalidValue" }).positive({ error: "invalidValue" }),
  slippage: slippageParamSchema.default(SWAP_SLIPPAGE_DEFAULT),
  expiresInDays: z.coerce
    .number({ error: "invalidValue" })
    .int({ error: "invalidValue" })
    .min(1, { error: "invalidValue" })
    .max(LIMIT_ORDER_DAYS_MAX, { error: "invalidValue" })
    .default(LIMIT_ORDER_DAYS_DEFAULT),
  requestId,
});
export const limitOrderSchema = z.object({
  orderId: z.string(),
  chainId: z.number().int(),
  side: z.enum(limitOrderSides),
  /** the market symbol watched ("ETH") */
  baseSymbol: z.string(),
  fromToken: quoteTokenSchema,
  toToken: quoteTokenSchema,
  fromAmount: z.string(),
  limitPrice: z.number(),
  slippage: z.string(),
  status: z.enum(limitOrderStatuses),
  statusReason: z.string().nullable(),
  /** the market price that set it off */
  triggerPrice: z.number().nullable(),
  /** the swap made when it executed */
  swapOrderId: z.string().nullable(),
  receivedAmount: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  executedAt: z.string().nullable(),
});
export type LimitOrder = z.infer<typeof limitOrderSchema>;
export const cancelLimitOrderBodySchema = z.object({
  orderId: z.string({ error: "required" }).min(1, { error: "required" }).max(40, { error: "invalidValue" }),
});
export const limitOrdersDataSchema = z.object({ lists: z.array(limitOrderSchema) });
export const withdrawalsDataSchema = z.object({ lists: z.array(withdrawalSchema) });

/** aiAccount/deposit: where to send coins to fund the AI wallet, with the sender checked against sanctions */
export const depositInfoBodySchema = z.object({
  chainId: chainIdParamSchema,
  /** the wallet the user will send from, when known: refused when it is on the sanctions list */
  fromAddress: evmAddressSchema.optional(),
});
export const depositInfoDataSchema = z.object({
  chainId: z.number().int(),
  netWork: z.string(),
  address: z.string(),
  /** a QR code of the address (data: URL, PNG) */
  qrCode: z.string(),
});

/** The AI wallet routes; routes.ts takes them in. */
export const aiWalletRoutes = {
  getAIAccountInfo: {
    method: "get",
    path: "/getAIAccountInfo",
    summary: "The signed-in user's AI wallet: address, coins, total USD value (or why it is unavailable)",
    tag: "ai-wallet",
    data: aiAccountInfoDataSchema,
    errors: [4001],
  },
  createAIAccount: {
    method: "post",
    path: "/createAIAccount",
    summary: "Create the signed-in email user's AI wallet (one a user; a second call answers the first)",
    tag: "ai-wallet",
    data: aiAccountInfoDataSchema,
    errors: [1001, 4001],
  },
  aiAccountDeposit: {
    method: "post",
    path: "/aiAccount/deposit",
    summary: "The AI wallet's deposit address and QR code on a chain; a sender on the sanctions list is refused",
    tag: "ai-wallet",
    body: depositInfoBodySchema,
    maxBodyBytes: 1024,
    data: depositInfoDataSchema,
    errors: [1001, 3001, 4001],
  },
  getWithdrawInfo: {
    method: "post",
    path: "/getWithdrawInfo",
    summary: "A coin's withdrawable amount, gas and the daily limit",
    tag: "ai-wallet",
    body: withdrawInfoBodySchema,
    maxBodyBytes: 1024,
    data: withdrawInfoDataSchema,
    errors: [1001, 4001],
  },
  aiAccountPreWithdraw: {
    method: "post",
    path: "/aiAccountPreWithdraw",
    summary: "Check a withdrawal (balance, address, sanctions, daily limit) and email its code; nothing moves yet",
    tag: "ai-wallet",
    body: preWithdrawBodySchema,
    maxBodyBytes: 1024,
    data: preWithdrawDataSchema,
    errors: [331, 1001, 2015, 3001, 4001, 4003],
  },
  aiAccountWithdraw: {
    method: "post",
    path: "/aiAccountWithdraw",
    summary: "Send a checked withdrawal with its emailed code",
    tag: "ai-wallet",
    body: withdrawBodySchema,
    maxBodyBytes: 1024,
    data: withdrawalSchema,
    errors: [331, 1001, 2006, 2015, 3001, 4001],
  },
  aiAccountWithdrawals: {
    method: "get",
    path: "/aiAccount/withdrawals",
    summary: "The AI wallet's withdrawals, newest first",
    tag: "ai-wallet",
    data: withdrawalsDataSchema,
    errors: [4001],
  },
  aiAccountPreExport: {
    method: "post",
    path: "/aiAccount/preExport",
    summary: "Email a code that confirms exporting the AI wallet's key",
    tag: "ai-wallet",
    data: z.object({ email: z.string() }),
    errors: [1001, 2015, 3001, 4001, 4003],
  },
  aiAccountExport: {
    method: "post",
    path: "/aiAccount/export",
    summary: "The AI wallet's private key, after the emailed code",
    tag: "ai-wallet",
    body: exportKeyBodySchema,
    maxBodyBytes: 1024,
    data: exportKeyDataSchema,
    errors: [1001, 2006, 2015, 3001, 4001],
  },
  aiAccountSwap: {
    method: "post",
    path: "/aiAccountSwap",
    summary: "A market swap from the AI wallet at the best quote, signed and sent by the server",
    tag: "ai-wallet",
    body: aiSwapBodySchema,
    maxBodyBytes: 1024,
    data: swapOrderSchema,
    errors: [218, 331, 1001, 3001, 4001],
  },
  aiAccountLimitSwap: {
    method: "post",
    path: "/aiAccountLimitSwap",
    summary: "Place a limit order from the AI wallet: executed once when the market reaches the limit price",
    tag: "ai-wallet",
    body: limitSwapBodySchema,
    maxBodyBytes: 1024,
    data: limitOrderSchema,
    errors: [218, 331, 1001, 3001, 4001],
  },
  cancelLimitOrder: {
    method: "post",
    path: "/cancelLimitOrder",
    summary: "Cancel an open limit order",
    tag: "ai-wallet",
    body: cancelLimitOrderBodySchema,
    maxBodyBytes: 1024,
    data: limitOrderSchema,
    errors: [1001, 4001],
  },
  aiAccountLimitOrders: {
    method: "get",
    path: "/aiAccount/limitOrders",
    summary: "The AI wallet's limit orders, open first, then the latest",
    tag: "ai-wallet",
    data: limitOrdersDataSchema,
    errors: [4001],
  },
} as const;
