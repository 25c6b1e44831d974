import type { SwapSettings } from "../../config-swap.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import { createQuoteSources } from "../../providers/swap/quote-sources.ts";
import { createUniswapV2Source } from "../../providers/swap/uniswap-v2-source.ts";
import type { SanctionsCheck } from "../compliance/sanctions.ts";
import type { MarketService } from "../market/market.service.ts";
import { createSwapAssistant, marketSymbolOf } from "./ai/swap-assistant.ts";
import { createWalletBalances } from "./balances/wallet-balances.ts";
import { createChainTable } from "./chains/chain-table.ts";
import { createSwapService } from "./swap.service.ts";
import { createSwapOrdersRepository } from "./swap-orders.repository.ts";
import { createSwapTracker } from "./swap-tracker.ts";
import { createTokenLists } from "./tokens/token-lists.ts";

/**
 * The swap parts put together (issue 16): the chain table, the token lists, the balance reader, the quote sources
 * (the aggregators of SWAP_SOURCES and the local Uniswap v2 router), the order service and its tracker, and the swap
 * assistant (summaryForSwap, hotTokenForSwap). The server runs the tracker's sweep on a timer under a lease.
 */

export interface SwapModuleDeps {
  db: Database;
  settings: SwapSettings;
  market: MarketService;
  clock: Clock;
  logger: Logger;
  /** the OFAC sanctions list the quotes and orders are checked against */
  sanctions: SanctionsCheck;
}

/** Symbols of USD stablecoins: priced 1 USD for the daily limit when the market feed does not list them. */
const USD_STABLECOINS = new Set(["USDT", "USDC", "DAI", "BUSD", "FDUSD", "TUSD", "USDE", "PYUSD", "USDD", "USDP"]);

/**
 * A token's USD price for the exchange daily limit: the market feed's last price (USDT) of its symbol, or of the
 * coin a wrapped symbol wraps (WETH: ETH); a USD stablecoin the feed does not list counts 1; else unknown.
 */
export function marketUsdPrice(market: Pick<MarketService, "view">): (symbol: string) => number | undefined {
  return (symbol) => {
    const upper = symbol.toUpperCase();
    try {
      const listed = market.view().byAbbr;
      const coin = listed.get(upper) ?? listed.get(marketSymbolOf(upper));
      if (coin && Number.isFinite(coin.ticker.lastPrice)) return coin.ticker.lastPrice;
    } catch {
      // no market snapshot yet (a live source before its first refresh)
    }
    return USD_STABLECOINS.has(upper) ? 1 : undefined;
  };
}

export function createSwapModule(deps: SwapModuleDeps) {
  const { db, settings, market, clock, logger } = deps;
  const chains = createChainTable(settings);
  const tokens = createTokenLists({ chains, settings, clock });
  const balances = createWalletBalances({ chains, tokens, clock });
  const local = settings.uniswapV2;
  const localClient = local ? chains.client(local.chainId) : undefined;
  const sources = createQuoteSources(settings, {
    uniswapV2:
      local && localClient
        ? createUniswapV2Source({ chainId: local.chainId, router: local.router, client: localClient, clock })
        : undefined,
  });
  const repository = createSwapOrdersRepository(db);
  const tracker = createSwapTracker({
    repository,
    chains,
    sources,
    clock,
    logger,
    settings,
    // a swap that moved shows its new balances at once, not after the balance cache's 15 s
    onMoved: (order) => {
      balances.forget(order.fromAddress, order.fromChainId);
      balances.forget(order.toAddress, order.toChainId);
    },
  });
  const service = createSwapService({
    repository,
    chains,
    tokens,
    balances,
    sources,
    tracker,
    settings,
    usdPrice: marketUsdPrice(market),
    clock,
    logger,
    sanctions: deps.sanctions,
  });
  const assistant = createSwapAssistant({ tokens, chains, market });
  return { chains, tokens, balances, sources, service, tracker, assistant };
}

export type SwapModule = ReturnType<typeof createSwapModule>;
