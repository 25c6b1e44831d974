import type { LimitOrder } from "../../../contract/ai-wallet.ts";
import type { SwapSettings } from "../../config-swap.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import type { Timers } from "../../providers/timers.ts";
import type { SanctionsCheck } from "../compliance/sanctions.ts";
import type { MarketService } from "../market/market.service.ts";
import { createSwapService } from "../swap/swap.service.ts";
import { marketUsdPrice, type SwapModule } from "../swap/swap-module.ts";
import { createSwapOrdersRepository } from "../swap/swap-orders.repository.ts";
import { createAiSwapRepository } from "./ai-swap.repository.ts";
import { createAiSwapService } from "./ai-swap.service.ts";
import { type AiSwapFaults, createAiSwapSender } from "./ai-swap-sender.ts";
import { createAiTradeWallet } from "./ai-swap-wallet.ts";
import type { AiWalletDailyLimit } from "./ai-wallet-daily-limit.ts";
import type { AiWalletSigner } from "./ai-wallet-ports.ts";
import { createFrozenRepository } from "./frozen.repository.ts";
import { createLimitExecutor } from "./limit-executor.ts";
import { createLimitOrdersRepository } from "./limit-orders.repository.ts";
import { createLimitOrdersService } from "./limit-orders.service.ts";
import { createLimitWatcher } from "./limit-watcher.ts";
import type { NonceLanes } from "./nonce-lanes.ts";

/**
 * Trading from the AI wallet put together (issue 17): market swaps (aiAccountSwap) and limit orders
 * (aiAccountLimitSwap, cancelLimitOrder, aiAccount/limitOrders) over the swap module's quotes, orders and tracker,
 * signed by the AI wallet's signer in the wallet's nonce lane (shared with withdrawals), within the AI wallet's daily
 * limit (swaps and withdrawals together); the watcher executes limit orders on the market's ticks and finishes what
 * runs left on a timer of its own too, so a market feed that stopped holds nothing. The server starts the watcher
 * (which first finishes what a run left) and stops it on shutdown.
 */

export interface AiSwapModuleDeps {
  db: Database;
  swap: SwapModule;
  market: MarketService;
  signer: AiWalletSigner;
  /** false: no master key configured (the AI wallet is unavailable) */
  available: boolean;
  /** the chains the AI wallet works on */
  chainIds: readonly number[];
  /** the AI wallet's daily limit: AI swaps and withdrawals of the day together */
  dailyLimit: AiWalletDailyLimit;
  /** the AI wallets' nonce lanes (shared with withdrawals) */
  lanes: NonceLanes;
  /** the swap settings: the AI wallet's swaps are quoted and opened as the swap module's, the daily limit apart */
  swapSettings: SwapSettings;
  /** the OFAC sanctions list the swap module checks quotes and orders against */
  sanctions: SanctionsCheck;
  pubsub: PubSub;
  timers: Timers;
  /** how often the watcher also sweeps without a tick (ms): unfinished swaps are not left to the market feed */
  sweepEveryMs: number;
  clock: Clock;
  logger: Logger;
  /** the watcher's lease between ticks (ms) */
  leaseMs: number;
  /** how long a run waits for a transaction it sent to be mined (ms, default 15 s) */
  receiptWaitMs?: number;
  /** test seam: a fault between storing a signed transaction and broadcasting it */
  faults?: AiSwapFaults | undefined;
  /** told of every limit order that executed, failed or expired (a push to the user, when a channel exists) */
  onLimitOrder?: (userId: number, order: LimitOrder) => void;
}

const RECEIPT_WAIT_MS = 15_000;
/**
 * A stored swap not mined this long after it was signed is cancelled by a transfer at its nonce: well inside the
 * Uniswap v2 router's 20-minute deadline and the swap tracker's timeout, so the wallet's nonce never stays blocked.
 */
const REPLACE_AFTER_MS = 10 * 60_000;

export function createAiSwapModule(deps: AiSwapModuleDeps) {
  const { db, swap, market, clock, logger } = deps;
  const orders = createSwapOrdersRepository(db);
  const usdPrice = marketUsdPrice(market);
  // the swap module's quotes and orders for the AI wallet: its daily limit counts the AI wallet's swaps and
  // withdrawals of the day against AI_WALLET_DAILY_LIMIT_USD instead of the account's swaps against the swap limit
  const service = createSwapService({
    repository: { ...orders, usdSince: (userId, since) => deps.dailyLimit.usedSince(userId, since) },
    chains: swap.chains,
    tokens: swap.tokens,
    balances: swap.balances,
    sources: swap.sources,
    tracker: swap.tracker,
    settings: { ...deps.swapSettings, dailyLimitUsd: deps.dailyLimit.limitUsd },
    usdPrice,
    clock,
    logger,
    sanctions: deps.sanctions,
  });
  // a trade never spends the coins frozen because a sanctioned address sent them (the inbound scan's rows)
  const wallet = createAiTradeWallet({
    signer: deps.signer,
    available: deps.available,
    chainIds: deps.chainIds,
    funds: { frozen: createFrozenRepository(db), balances: swap.balances },
  });
  const sender = createAiSwapSender({
    signer: deps.signer,
    lanes: deps.lanes,
    client: (chainId) => swap.chains.client(chainId),
    logger,
    faults: deps.faults,
    receiptWaitMs: deps.receiptWaitMs ?? RECEIPT_WAIT_MS,
    clock,
    replaceAfterMs: REPLACE_AFTER_MS,
  });
  const marketPrice = (symbol: string): number | undefined => {
    try {
      const price = market.view().byAbbr.get(symbol)?.coin.lastPrice;
      return price !== undefined && Number.isFinite(price) && price > 0 ? price : undefined;
    } catch {
      // no market snapshot yet
      return undefined;
    }
  };
  const swaps = createAiSwapService({
    swap: service,
    tracker: swap.tracker,
    orders,
    repository: createAiSwapRepository(db),
    sender,
    wallet,
    clock,
    logger,
  });
  const repository = createLimitOrdersRepository(db);
  const limits = createLimitOrdersService({
    repository,
    wallet,
    chains: swap.chains,
    tokens: swap.tokens,
    balances: swap.balances,
    marketPrice,
    usdPrice,
    dailyLimit: deps.dailyLimit,
    clock,
    logger,
  });
  const executor = createLimitExecutor({
    repository,
    swap: service,
    tracker: swap.tracker,
    orders,
    sender,
    wallet,
    usdPrice,
    clock,
    logger,
    onChange: deps.onLimitOrder,
  });
  const watcher = createLimitWatcher({
    pubsub: deps.pubsub,
    repository,
    executor,
    resumeSwaps: (held) => swaps.resume(held),
    clock,
    logger,
    leaseMs: deps.leaseMs,
    timers: deps.timers,
    sweepEveryMs: deps.sweepEveryMs,
  });
  return { swaps, limits, watcher };
}

export type AiSwapModule = ReturnType<typeof createAiSwapModule>;
