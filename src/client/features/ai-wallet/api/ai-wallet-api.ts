import useSWR from "swr";
import type { z } from "zod";
import {
  type AiAccountInfoData,
  aiAccountInfoDataSchema,
  aiSwapBodySchema,
  aiWalletRoutes,
  cancelLimitOrderBodySchema,
  depositInfoBodySchema,
  depositInfoDataSchema,
  exportKeyBodySchema,
  exportKeyDataSchema,
  type LimitOrder,
  limitOrderSchema,
  limitOrdersDataSchema,
  limitSwapBodySchema,
  preWithdrawBodySchema,
  preWithdrawDataSchema,
  type Withdrawal,
  withdrawalSchema,
  withdrawalsDataSchema,
  withdrawBodySchema,
  withdrawInfoBodySchema,
  withdrawInfoDataSchema,
} from "../../../../contract/ai-wallet.ts";
import { realTimePriceDataSchema } from "../../../../contract/market.ts";
import { routes } from "../../../../contract/routes.ts";
import { orderStatusBodySchema, type SwapOrder, swapOrderSchema, swapRoutes } from "../../../../contract/swap.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

/** Typed calls for every AI wallet route (src/contract/ai-wallet.ts), and the reads the screens keep fresh. */

export type { AiAccountInfoData, LimitOrder, SwapOrder, Withdrawal };
export type AiAccount = NonNullable<AiAccountInfoData["account"]>;
export type DepositInfo = z.infer<typeof depositInfoDataSchema>;
export type WithdrawInfo = z.infer<typeof withdrawInfoDataSchema>;
export type PreWithdrawData = z.infer<typeof preWithdrawDataSchema>;
export type ExportedKey = z.infer<typeof exportKeyDataSchema>;
export type DepositBody = z.input<typeof depositInfoBodySchema>;
export type WithdrawInfoBody = z.input<typeof withdrawInfoBodySchema>;
export type PreWithdrawBody = z.input<typeof preWithdrawBodySchema>;
export type WithdrawBody = z.input<typeof withdrawBodySchema>;
export type AiSwapBody = z.input<typeof aiSwapBodySchema>;
export type LimitSwapBody = z.input<typeof limitSwapBodySchema>;
export type MarketPrices = z.infer<typeof realTimePriceDataSchema>;

/** GET getAIAccountInfo: the wallet, or why it cannot be used here. */
export function getAiAccountInfo(): Promise<AiAccountInfoData> {
  return http.get(aiWalletRoutes.getAIAccountInfo.path, { parse: (data) => aiAccountInfoDataSchema.parse(data) });
}

/** POST createAIAccount: the server makes the key and keeps it sealed; a second call answers the first wallet. */
export function createAiAccount(): Promise<AiAccountInfoData> {
  return http.post(aiWalletRoutes.createAIAccount.path, { parse: (data) => aiAccountInfoDataSchema.parse(data) });
}

/** POST aiAccount/deposit: the deposit address and QR code on a chain (a sanctioned sender is refused). */
export function getDepositInfo(body: DepositBody): Promise<DepositInfo> {
  return http.post(aiWalletRoutes.aiAccountDeposit.path, {
    json: depositInfoBodySchema.parse(body),
    parse: (data) => depositInfoDataSchema.parse(data),
  });
}

/** POST getWithdrawInfo: a coin's withdrawable amount, gas and the daily limit. */
export function getWithdrawInfo(body: WithdrawInfoBody): Promise<WithdrawInfo> {
  return http.post(aiWalletRoutes.getWithdrawInfo.path, {
    json: withdrawInfoBodySchema.parse(body),
    parse: (data) => withdrawInfoDataSchema.parse(data),
  });
}

/** POST aiAccountPreWithdraw: checks the withdrawal and emails its code; nothing moves yet. */
export function preWithdraw(body: PreWithdrawBody): Promise<PreWithdrawData> {
  return http.post(aiWalletRoutes.aiAccountPreWithdraw.path, {
    json: preWithdrawBodySchema.parse(body),
    parse: (data) => preWithdrawDataSchema.parse(data),
  });
}

/** POST aiAccountWithdraw: the emailed code sends the withdrawal. */
export function withdraw(body: WithdrawBody): Promise<Withdrawal> {
  return http.post(aiWalletRoutes.aiAccountWithdraw.path, {
    json: withdrawBodySchema.parse(body),
    parse: (data) => withdrawalSchema.parse(data),
  });
}

/** GET aiAccount/withdrawals: newest first. */
export function getWithdrawals(): Promise<Withdrawal[]> {
  return http.get(aiWalletRoutes.aiAccountWithdrawals.path, {
    parse: (data) => withdrawalsDataSchema.parse(data).lists,
  });
}

/** POST aiAccount/preExport: emails the code that confirms exporting the key; answers the masked address. */
export function preExport(): Promise<{ email: string }> {
  return http.post(aiWalletRoutes.aiAccountPreExport.path, {
    parse: (data) => aiWalletRoutes.aiAccountPreExport.data.parse(data),
  });
}

/** POST aiAccount/export: the private key, after the emailed code. */
export function exportKey(code: string): Promise<ExportedKey> {
  return http.post(aiWalletRoutes.aiAccountExport.path, {
    json: exportKeyBodySchema.parse({ code }),
    parse: (data) => exportKeyDataSchema.parse(data),
  });
}

/** POST aiAccountSwap: a market swap signed and sent by the server at once. */
export function aiSwap(body: AiSwapBody): Promise<SwapOrder> {
  return http.post(aiWalletRoutes.aiAccountSwap.path, {
    json: aiSwapBodySchema.parse(body),
    parse: (data) => swapOrderSchema.parse(data),
  });
}

/** POST aiAccountLimitSwap: a limit order, executed once when the market reaches its price. */
export function placeLimitOrder(body: LimitSwapBody): Promise<LimitOrder> {
  return http.post(aiWalletRoutes.aiAccountLimitSwap.path, {
    json: limitSwapBodySchema.parse(body),
    parse: (data) => limitOrderSchema.parse(data),
  });
}

/** POST cancelLimitOrder */
export function cancelLimitOrder(orderId: string): Promise<LimitOrder> {
  return http.post(aiWalletRoutes.cancelLimitOrder.path, {
    json: cancelLimitOrderBodySchema.parse({ orderId }),
    parse: (data) => limitOrderSchema.parse(data),
  });
}

/** POST getOrderStatus: a swap order as it is now (a market swap of the AI wallet is followed by it). */
export function getSwapOrderStatus(orderId: string): Promise<SwapOrder> {
  return http.post(swapRoutes.getOrderStatus.path, {
    json: orderStatusBodySchema.parse({ orderId }),
    parse: (data) => swapOrderSchema.parse(data),
  });
}

/** GET aiAccount/limitOrders: open first, then the latest. */
export function getLimitOrders(): Promise<LimitOrder[]> {
  return http.get(aiWalletRoutes.aiAccountLimitOrders.path, {
    parse: (data) => limitOrdersDataSchema.parse(data).lists,
  });
}

/** GET getRealTimePrice of one coin: the market price a limit is set against, with its source and time. */
export function getMarketPrice(coinAbbr: string): Promise<MarketPrices> {
  return http.get(routes.getRealTimePrice.path, {
    searchParams: { coinAbbr },
    parse: (data) => realTimePriceDataSchema.parse(data),
  });
}

/** Keys are per account: another sign-in never sees the previous account's wallet. */
export const aiAccountInfoKey = (userId: string) => [aiWalletRoutes.getAIAccountInfo.path, userId] as const;

export function useAiAccountInfo(userId: string | null) {
  return useSWR<AiAccountInfoData, ApiError, readonly [string, string] | null>(
    userId === null ? null : aiAccountInfoKey(userId),
    () => getAiAccountInfo(),
    swrOptions,
  );
}

export function useDepositInfo(chainId: number | null, fromAddress: string | null) {
  return useSWR<DepositInfo, ApiError, readonly [string, number, string] | null>(
    chainId === null ? null : [aiWalletRoutes.aiAccountDeposit.path, chainId, fromAddress ?? ""],
    ([, chain, from]) => getDepositInfo({ chainId: chain, ...(from ? { fromAddress: from } : {}) }),
    swrOptions,
  );
}

export function useWithdrawInfo(token: { chainId: number; address: string } | null) {
  return useSWR<WithdrawInfo, ApiError, readonly [string, number, string] | null>(
    token === null ? null : [aiWalletRoutes.getWithdrawInfo.path, token.chainId, token.address],
    ([, chainId, tokenAddress]) => getWithdrawInfo({ chainId, tokenAddress }),
    swrOptions,
  );
}

/** While something is still moving, the list is read again every `pollMs` (0: never). */
export function useWithdrawals(userId: string | null, pollMs: (list: Withdrawal[] | undefined) => number) {
  return useSWR<Withdrawal[], ApiError, readonly [string, string] | null>(
    userId === null ? null : [aiWalletRoutes.aiAccountWithdrawals.path, userId],
    () => getWithdrawals(),
    { ...swrOptions, refreshInterval: pollMs },
  );
}

export const limitOrdersKey = (userId: string) => [aiWalletRoutes.aiAccountLimitOrders.path, userId] as const;

export function useLimitOrders(userId: string | null, pollMs: (list: LimitOrder[] | undefined) => number) {
  return useSWR<LimitOrder[], ApiError, readonly [string, string] | null>(
    userId === null ? null : limitOrdersKey(userId),
    () => getLimitOrders(),
    { ...swrOptions, refreshInterval: pollMs },
  );
}

/**
 * A swap order read again every `pollMs` until its status is final (0: never again); `first` is the order as the
 * swap answered it, shown until the first read.
 */
export function useSwapOrder(first: SwapOrder, pollMs: (order: SwapOrder | undefined) => number) {
  return useSWR<SwapOrder, ApiError, readonly [string, string]>(
    [swapRoutes.getOrderStatus.path, first.orderId],
    ([, orderId]) => getSwapOrderStatus(orderId),
    { ...swrOptions, fallbackData: first, revalidateOnMount: false, refreshInterval: pollMs },
  );
}

export function useMarketPrice(coinAbbr: string | null) {
  return useSWR<MarketPrices, ApiError, readonly [string, string, "ai-wallet"] | null>(
    coinAbbr === null ? null : [routes.getRealTimePrice.path, coinAbbr, "ai-wallet"],
    ([, abbr]) => getMarketPrice(abbr),
    swrOptions,
  );
}
