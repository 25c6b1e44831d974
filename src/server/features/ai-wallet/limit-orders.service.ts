import { getAddress } from "viem";
import type { z } from "zod";
import { LIMIT_ORDERS_OPEN_MAX, type LimitOrder, type limitSwapBodySchema } from "../../../contract/ai-wallet.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { NATIVE_TOKEN_ADDRESS, type SwapToken } from "../../../contract/swap.ts";
import { ApiError } from "../../api-error.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import { newOrderNo } from "../pay/order-queries.ts";
import { marketSymbolOf } from "../swap/ai/swap-assistant.ts";
import type { ChainTable, TokenLists, WalletBalances } from "../swap/ports.ts";
import { type QuoteTokenRow, readToken } from "../swap/swap-orders.repository.ts";
import {
  chainNotSupported,
  coinNotSwappable,
  invalidField,
  isNative,
  sameAddress,
  toRawAmount,
} from "../swap/swap-validation.ts";
import type { AiTradeWallet } from "./ai-swap-wallet.ts";
import type { AiWalletDailyLimit } from "./ai-wallet-daily-limit.ts";
import type { LimitOrderRow, LimitOrdersRepository } from "./limit-orders.repository.ts";

/**
 * Limit orders (spec §5: only with the AI wallet): aiAccountLimitSwap places one, cancelLimitOrder cancels an open
 * one, aiAccount/limitOrders lists them. The watcher (limit-watcher.ts) executes them when the market crosses their
 * limit. The limit is in USDT per coin of the watched coin: the coin sold for a sell (sold at or above), the coin
 * bought for a buy (bought at or below).
 */

export type LimitSwapBody = z.output<typeof limitSwapBodySchema>;

export interface LimitOrdersServiceDeps {
  repository: LimitOrdersRepository;
  wallet: AiTradeWallet;
  chains: ChainTable;
  tokens: TokenLists;
  balances: WalletBalances;
  /** the market feed's last price (USDT) of a market symbol; undefined when the feed has none */
  marketPrice(symbol: string): number | undefined;
  /** a token's USD price by its symbol (the market's, a wrapped coin's coin, a stablecoin at 1); undefined: unknown */
  usdPrice(symbol: string): number | undefined;
  /** the AI wallet's daily limit: an order that would pass it with today's swaps and withdrawals is refused (331) */
  dailyLimit: AiWalletDailyLimit;
  clock: Clock;
  logger: Logger;
}

/** A limit price further than this factor from the market price is absurd. */
export const LIMIT_PRICE_FACTOR_MAX = 100;
const LIST_MAX = 100;
const DAY_MS = 86_400_000;

const limitNoMarketPrice = (field: string) =>
  invalidField(field, "limitNoMarketPrice", "the watched coin has no market price, so no limit can be watched");
const limitPriceAbsurd = () =>
  invalidField("limitPrice", "limitPriceAbsurd", "the limit is more than 100 times away from the market price");
const limitOrdersMax = () =>
  new ApiError(
    ErrorCode.RequestFailed,
    "limitOrdersMax",
    409,
    [],
    `at most ${LIMIT_ORDERS_OPEN_MAX} open limit orders an account`,
  );
export const aiOrderNotFound = () =>
  invalidField("orderId", "aiOrderNotFound", "no such limit order of this account", 404);
const notCancellable = () =>
  invalidField("orderId", "limitOrderNotCancellable", "the order is no longer open: it cannot be cancelled", 409);
const balancesUnavailable = () =>
  new ApiError(ErrorCode.RequestFailed, "balancesUnavailable", 502, [], "the AI wallet's balance could not be read");

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function limitOrderView(row: LimitOrderRow): LimitOrder {
  return {
    orderId: row.orderId,
    chainId: row.chainId,
    side: row.side === "buy" ? "buy" : "sell",
    baseSymbol: row.baseSymbol,
    fromToken: readToken(row.fromToken),
    toToken: readToken(row.toToken),
    fromAmount: row.fromAmount,
    limitPrice: row.limitPrice,
    slippage: row.slippage,
    status: row.status as LimitOrder["status"],
    statusReason: row.statusReason,
    triggerPrice: row.triggerPrice,
    swapOrderId: row.swapOrderId,
    receivedAmount: row.receivedAmount,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    executedAt: iso(row.executedAt),
  };
}

export const tokenRowOf = (token: SwapToken): QuoteTokenRow => ({
  address: isNative(token.address) ? NATIVE_TOKEN_ADDRESS : getAddress(token.address),
  symbol: token.symbol,
  decimals: token.decimals,
  chainId: token.chainId,
  logoURI: token.logoURI,
});

export function createLimitOrdersService(deps: LimitOrdersServiceDeps) {
  const { repository, wallet, chains, tokens, balances, clock, logger } = deps;

  async function resolveToken(chainId: number, address: string, field: string): Promise<SwapToken> {
    let token: SwapToken | undefined;
    try {
      token = await tokens.find(chainId, address);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      logger.warn({ err: error, chainId, address }, "limit order: the token could not be read from its chain");
      throw new ApiError(ErrorCode.RequestFailed, "rpcUnavailable", 502, [], "the token could not be read");
    }
    if (!token?.isEnable) throw coinNotSwappable(field);
    return token;
  }

  async function ownOrder(userId: number, orderId: string): Promise<LimitOrderRow> {
    const row = await repository.byOrderId(orderId);
    if (!row || row.userId !== userId) throw aiOrderNotFound();
    return row;
  }

  async function place(userId: number, body: LimitSwapBody): Promise<LimitOrder> {
    const address = await wallet.addressOf(userId);
    if (body.requestId) {
      const existing = await repository.byRequest(userId, body.requestId);
      if (existing) return limitOrderView(existing);
    }
    wallet.checkChain(body.chainId);
    const chain = chains.byId(body.chainId);
    if (!chain?.isEvm || !chain.swappable) throw chainNotSupported("chainId");
    if (sameAddress(body.fromToken, body.toToken)) {
      throw invalidField("toToken", "unsupportedSwapPair", "the token cannot be swapped for itself");
    }
    const [fromToken, toToken] = await Promise.all([
      resolveToken(body.chainId, body.fromToken, "fromToken"),
      resolveToken(body.chainId, body.toToken, "toToken"),
    ]);
    const raw = toRawAmount(body.amount, fromToken.decimals);

    // the watched coin needs the market's price; the other side a USD price, to know what the limit is worth in it
    const sell = body.side === "sell";
    const watched = sell ? fromToken : toToken;
    const baseSymbol = marketSymbolOf(watched.symbol);
    const marketPrice = deps.marketPrice(baseSymbol);
    if (marketPrice === undefined) throw limitNoMarketPrice(sell ? "fromToken" : "toToken");
    const counter = sell ? toToken : fromToken;
    if (deps.usdPrice(counter.symbol) === undefined) throw limitNoMarketPrice(sell ? "toToken" : "fromToken");
    const factor = body.limitPrice / marketPrice;
    if (factor > LIMIT_PRICE_FACTOR_MAX || factor < 1 / LIMIT_PRICE_FACTOR_MAX) throw limitPriceAbsurd();
    await deps.dailyLimit.check(userId, (deps.usdPrice(fromToken.symbol) ?? 0) * Number(body.amount));

    if ((await repository.countOpen(userId)) >= LIMIT_ORDERS_OPEN_MAX) throw limitOrdersMax();
    let held: bigint;
    try {
      held = await balances.balanceOf(address, body.chainId, tokenRowOf(fromToken).address as `0x${string}`);
    } catch (error) {
      logger.warn({ err: error, chainId: body.chainId }, "limit order: the AI wallet's balance was not read");
      throw balancesUnavailable();
    }
    if (held < raw) throw invalidField("amount", "Insufficientbalance", "the AI wallet holds less than the amount");
    // frozen coins (received from a sanctioned address) are not sold; checked again when the order executes
    await wallet.checkUnfrozen({
      userId,
      owner: address,
      chainId: body.chainId,
      token: fromToken,
      amount: body.amount,
      gasNative: null,
    });

    const now = clock.now();
    const inserted = await repository.insert(
      {
        // LO, the UTC time to the second, and 8 random hex digits
        orderId: newOrderNo("LO", now),
        userId,
        requestId: body.requestId ?? null,
        chainId: body.chainId,
        baseSymbol,
        side: body.side,
        fromToken: tokenRowOf(fromToken),
        toToken: tokenRowOf(toToken),
        fromAmount: body.amount,
        limitPrice: body.limitPrice,
        slippage: body.slippage,
        createdAt: now,
        expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
      },
      LIMIT_ORDERS_OPEN_MAX,
    );
    // another placement took the last place meanwhile
    if (inserted === "full") throw limitOrdersMax();
    const row = inserted ?? (body.requestId ? await repository.byRequest(userId, body.requestId) : undefined);
    if (!row) throw new Error("the limit order was neither inserted nor found");
    if (inserted) {
      logger.info(
        { orderId: row.orderId, userId, side: row.side, baseSymbol, limit: row.limitPrice },
        "limit order placed",
      );
    }
    return limitOrderView(row);
  }

  async function cancel(userId: number, orderId: string): Promise<LimitOrder> {
    const row = await ownOrder(userId, orderId);
    if (row.status !== "open") throw notCancellable();
    const cancelled = await repository.cancel(row.id, clock.now());
    // it was claimed (or expired) meanwhile
    if (!cancelled) throw notCancellable();
    logger.info({ orderId }, "limit order cancelled");
    return limitOrderView(cancelled);
  }

  async function list(userId: number): Promise<{ lists: LimitOrder[] }> {
    return { lists: (await repository.list(userId, LIST_MAX)).map(limitOrderView) };
  }

  return { place, cancel, list };
}

export type LimitOrdersService = ReturnType<typeof createLimitOrdersService>;
