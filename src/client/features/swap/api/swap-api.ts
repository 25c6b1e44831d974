import useSWR from "swr";
import type { z } from "zod";
import {
  addTransDataBodySchema,
  type ChainEntry,
  cancelSwapOrderBodySchema,
  orderStatusBodySchema,
  type QuoteQuery,
  quoteDataSchema,
  type SwapOrder,
  type SwapQuote,
  supportChainListDataSchema,
  swapDataBodySchema,
  swapDataSchema,
  swapOrderSchema,
  swapOrdersBodySchema,
  swapOrdersDataSchema,
  swapRoutes,
  tokenListDataSchema,
  walletAssetsDataSchema,
} from "../../../../contract/swap.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

/**
 * Typed calls for every swap route (src/contract/swap.ts). Other features (the transaction record) import these
 * rather than calling the paths themselves.
 */

export type SupportChainListData = z.infer<typeof supportChainListDataSchema>;
export type TokenListData = z.infer<typeof tokenListDataSchema>;
export type WalletAssetsData = z.infer<typeof walletAssetsDataSchema>;
export type SwapData = z.infer<typeof swapDataSchema>;
export type SwapOrdersData = z.infer<typeof swapOrdersDataSchema>;
export type SwapDataBody = z.input<typeof swapDataBodySchema>;
export type AddTransDataBody = z.input<typeof addTransDataBodySchema>;
export type SwapOrdersBody = z.input<typeof swapOrdersBodySchema>;
/** swap/getQuoteData's query, as the screen sends it (amounts as decimal strings in the token's units) */
export interface QuoteRequest {
  fromChainId: number;
  toChainId: number;
  fromToken: string;
  toToken: string;
  amount: string;
  slippage?: string;
  fromAddress?: string;
  toAddress?: string;
}
export type { ChainEntry, QuoteQuery, SwapOrder, SwapQuote };

/** GET getSupportChainList: the chain table. */
export function getSupportChainList(): Promise<SupportChainListData> {
  return http.get(swapRoutes.getSupportChainList.path, { parse: (data) => supportChainListDataSchema.parse(data) });
}

/** GET swap/getTokenList: a chain's built-in token list. */
export function getSwapTokenList(chainId: number): Promise<TokenListData> {
  return http.get(swapRoutes.swapTokenList.path, {
    searchParams: { chainId },
    parse: (data) => tokenListDataSchema.parse(data),
  });
}

/** GET getWalletAssets: a wallet's balances on one chain. */
export function getWalletAssets(
  address: string,
  chainId: number,
  tokens?: readonly string[],
): Promise<WalletAssetsData> {
  const searchParams: Record<string, string | number> = { address, chainId };
  if (tokens && tokens.length > 0) searchParams.tokens = tokens.join(",");
  return http.get(swapRoutes.getWalletAssets.path, {
    searchParams,
    parse: (data) => walletAssetsDataSchema.parse(data),
  });
}

/** GET swap/getQuoteData: the best quote among the configured aggregators. */
export function getSwapQuote(request: QuoteRequest): Promise<SwapQuote> {
  const searchParams: Record<string, string | number> = {
    fromChainId: request.fromChainId,
    toChainId: request.toChainId,
    fromToken: request.fromToken,
    toToken: request.toToken,
    amount: request.amount,
  };
  if (request.slippage !== undefined) searchParams.slippage = request.slippage;
  if (request.fromAddress !== undefined) searchParams.fromAddress = request.fromAddress;
  if (request.toAddress !== undefined) searchParams.toAddress = request.toAddress;
  return http.get(swapRoutes.swapGetQuoteData.path, {
    searchParams,
    parse: (data) => quoteDataSchema.parse(data).quote,
  });
}

/** POST swap/getSwapData: opens the order and answers the transactions to sign. */
export function getSwapData(body: SwapDataBody): Promise<SwapData> {
  return http.post(swapRoutes.swapGetSwapData.path, {
    json: swapDataBodySchema.parse(body),
    parse: (data) => swapDataSchema.parse(data),
  });
}

/** POST swap/addTransData: reports the hash of the order's approval or swap transaction. */
export function addSwapTransData(body: AddTransDataBody): Promise<SwapOrder> {
  return http.post(swapRoutes.swapAddTransData.path, {
    json: addTransDataBodySchema.parse(body),
    parse: (data) => swapOrderSchema.parse(data),
  });
}

/** POST getSwapOrders: the user's swap orders, newest first. */
export function getSwapOrders(body: SwapOrdersBody = {}): Promise<SwapOrdersData> {
  return http.post(swapRoutes.getSwapOrders.path, {
    json: swapOrdersBodySchema.parse(body),
    parse: (data) => swapOrdersDataSchema.parse(data),
  });
}

/** POST getOrderStatus: one order, checked on chain and at the aggregator when due. */
export function getOrderStatus(orderId: string): Promise<SwapOrder> {
  return http.post(swapRoutes.getOrderStatus.path, {
    json: orderStatusBodySchema.parse({ orderId }),
    parse: (data) => swapOrderSchema.parse(data),
  });
}

/** POST swap/cancelOrder: cancels an order whose swap transaction was not sent. */
export function cancelSwapOrder(orderId: string): Promise<SwapOrder> {
  return http.post(swapRoutes.cancelSwapOrder.path, {
    json: cancelSwapOrderBodySchema.parse({ orderId }),
    parse: (data) => swapOrderSchema.parse(data),
  });
}

const chainListKey = swapRoutes.getSupportChainList.path;

export function useSupportChainList() {
  return useSWR<SupportChainListData, ApiError, typeof chainListKey>(chainListKey, getSupportChainList, swrOptions);
}

export function useSwapTokenList(chainId: number | null) {
  return useSWR<TokenListData, ApiError, readonly [string, number] | null>(
    chainId === null ? null : [swapRoutes.swapTokenList.path, chainId],
    ([, id]) => getSwapTokenList(id),
    swrOptions,
  );
}

export function useWalletAssets(address: string | null, chainId: number | null, tokens: readonly string[] = []) {
  const extra = tokens.join(",");
  return useSWR<WalletAssetsData, ApiError, readonly [string, string, number, string] | null>(
    address === null || chainId === null ? null : [swapRoutes.getWalletAssets.path, address, chainId, extra],
    ([, owner, id, list]) => getWalletAssets(owner, id, list ? list.split(",") : undefined),
    swrOptions,
  );
}
