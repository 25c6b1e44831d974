import type { z } from "zod";
import { COIN_RENAMES, marketSymbolOf } from "../../../../contract/market-symbols.ts";
import {
  type hotTokensDataSchema,
  type hotTokensQuerySchema,
  NATIVE_TOKEN_ADDRESS,
  type SwapDraft,
  type SwapToken,
  type summaryForSwapBodySchema,
  type summaryForSwapDataSchema,
} from "../../../../contract/swap.ts";
import {
  decimalText,
  readSwapRequest,
  swapSummary,
  swapSummaryWithoutDraft,
} from "../../chat/mountainlion/swap-draft.ts";
import type { MarketService } from "../../market/market.service.ts";
import type { ListedCoin } from "../../market/market-view.ts";
import type { ChainTable, TokenLists } from "../ports.ts";

export type SummaryForSwapBody = z.output<typeof summaryForSwapBodySchema>;
export type SummaryForSwapData = z.infer<typeof summaryForSwapDataSchema>;
export type HotTokensQuery = z.output<typeof hotTokensQuerySchema>;
export type HotTokensData = z.infer<typeof hotTokensDataSchema>;

export interface SwapAssistant {
  /** summaryForSwap: a swap request in words read into a draft for the swap screen, with what it will show */
  summary(body: SummaryForSwapBody): Promise<SummaryForSwapData>;
  /** hotTokenForSwap: the chain's list tokens the market feed prices, by its 24h volume */
  hotTokens(query: HotTokensQuery): Promise<HotTokensData>;
}

export interface SwapAssistantDeps {
  tokens: TokenLists;
  chains: ChainTable;
  /** only the market's current view is read */
  market: Pick<MarketService, "view">;
  /** the chain a request that names none runs on (the swap screen's default); Ethereum when not given */
  defaultChainId?: () => number;
}

/** The spec's chain list starts with ETH: the chain a request naming none runs on when no default is given. */
const ETHEREUM_CHAIN_ID = 1;

/** hotTokenForSwap answers at most this many tokens. */
export const HOT_TOKENS_MAX = 20;

/** The market symbol table is shared with the client (src/contract/market-symbols.ts). */
export { marketSymbolOf };

/**
 * MountainLion on the swap screen (issue 16, spec §7 summaryForSwap, hotTokenForSwap). summary reads a request with
 * the aiSwap chat's reader (chat/mountainlion/swap-draft.ts) and resolves its symbols on the chain it names (else
 * the default chain): the chain's own coin for its native symbol (ETH on Ethereum, BNB on BNB Chain, POL on
 * Polygon), else the token of the chain's list with that symbol, else its wrapped form (WETH, WBNB); a symbol on
 * neither is answered with a null address and said so. It answers a draft, never an order: the swap screen quotes
 * it and the user signs in their own wallet.
 */
export function createSwapAssistant(deps: SwapAssistantDeps): SwapAssistant {
  const { tokens, chains, market } = deps;
  const defaultChainId = deps.defaultChainId ?? (() => ETHEREUM_CHAIN_ID);

  /** the address a symbol has on a chain: its coin, a list token, or the list's wrapped coin; null when none */
  function addressOf(symbol: string, nativeSymbol: string, list: readonly SwapToken[]): string | null {
    const upper = symbol.toUpperCase();
    if ((COIN_RENAMES[upper] ?? upper) === nativeSymbol.toUpperCase()) return NATIVE_TOKEN_ADDRESS;
    const enabled = list.filter((token) => token.isEnable);
    const bySymbol = (wanted: string) => enabled.find((token) => token.symbol.toUpperCase() === wanted);
    return (bySymbol(upper) ?? bySymbol(`W${upper}`))?.address ?? null;
  }

  return {
    async summary(body) {
      const language = body.language === "en" ? "en" : "zh";
      const reading = readSwapRequest(body.question);
      if (reading.kind !== "request") return { draft: null, summary: swapSummaryWithoutDraft(reading, language) };
      const chainId = reading.chain?.chainId ?? defaultChainId();
      const chain = chains.byId(chainId);
      if (!chain?.isEvm) {
        const name = chain?.name ?? reading.chain?.name ?? `#${chainId}`;
        return { draft: null, summary: swapSummaryWithoutDraft({ kind: "unknownChain", chain: name }, language) };
      }
      const { tokens: list } = await tokens.list(chainId);
      const { fromSymbol, toSymbol, amount } = reading;
      const fromToken = addressOf(fromSymbol, chain.symbol, list);
      const toToken = addressOf(toSymbol, chain.symbol, list);
      const draft: SwapDraft = {
        fromSymbol,
        toSymbol,
        amount: decimalText(amount.value),
        amountSide: amount.side,
        chainId,
        fromToken,
        toToken,
      };
      const summary = swapSummary(
        {
          fromSymbol,
          toSymbol,
          amount,
          chainName: chain.name,
          fromListed: fromToken !== null,
          toListed: toToken !== null,
          swappable: chain.swappable,
        },
        language,
      );
      return { draft, summary };
    },

    async hotTokens(query) {
      const chainId = query.chainId ?? defaultChainId();
      const { tokens: list } = await tokens.list(chainId);
      const view = market.view();
      const seen = new Set<string>();
      const ranked: { token: SwapToken; listed: ListedCoin; volume: number }[] = [];
      for (const token of list) {
        const address = token.address.toLowerCase();
        if (!token.isEnable || seen.has(address)) continue;
        seen.add(address);
        const listed = view.byAbbr.get(marketSymbolOf(token.symbol));
        if (!listed) continue;
        const { quoteVolume24h, volume24h, lastPrice } = listed.ticker;
        // as the market's hot list ranks: USDT volume, else base volume times the price
        const volume = quoteVolume24h ?? (volume24h === null ? null : volume24h * lastPrice);
        if (volume === null) continue;
        ranked.push({ token, listed, volume });
      }
      ranked.sort((a, b) => b.volume - a.volume || a.token.symbol.localeCompare(b.token.symbol));
      return {
        tokens: ranked.slice(0, HOT_TOKENS_MAX).map(({ token, listed }) => ({
          ...token,
          price: decimalText(listed.ticker.lastPrice),
          change24h: listed.coin.change,
        })),
        source: view.source.provider,
        asOf: view.source.at,
      };
    },
  };
}
