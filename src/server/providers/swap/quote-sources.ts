import type { SwapSettings, SwapSourceName } from "../../config-swap.ts";
import { createLifiSource, LIFI_CHAIN_IDS } from "./lifi-source.ts";
import { createOneInchSource, ONEINCH_CHAIN_IDS } from "./oneinch-source.ts";
import type { QuoteSource } from "./quote-source.ts";
import { createVeloraSource, VELORA_CHAIN_IDS } from "./velora-source.ts";
import { createZeroExSource, ZEROEX_CHAIN_IDS } from "./zeroex-source.ts";

/**
 * The quote sources the settings name, in their order: LI.FI and Velora need no key, 0x and 1inch only come with
 * theirs (config-swap.ts refuses a named keyed source without its key), and the local Uniswap v2 router's source is
 * built by the composition root (it needs the chain's client) and handed in. A source named without what it needs
 * is left out rather than made up.
 */
export function createQuoteSources(
  settings: SwapSettings,
  deps: { uniswapV2?: QuoteSource | undefined },
): QuoteSource[] {
  const { quoteTimeoutMs, zeroex, oneinch } = settings;
  const build: Record<SwapSourceName, () => QuoteSource | undefined> = {
    lifi: () => createLifiSource({ lifi: settings.lifi, quoteTimeoutMs }),
    velora: () => createVeloraSource({ velora: settings.velora, quoteTimeoutMs }),
    zeroex: () => (zeroex ? createZeroExSource({ zeroex, quoteTimeoutMs }) : undefined),
    oneinch: () => (oneinch ? createOneInchSource({ oneinch, quoteTimeoutMs }) : undefined),
    uniswapv2: () => deps.uniswapV2,
  };
  return settings.sources.flatMap((name) => build[name]() ?? []);
}

/**
 * The chains some configured source quotes on: the aggregators' own chain lists (0x and 1inch only with their keys)
 * and the local Uniswap v2 router's chain. A chain outside this set is shown but not offered for swaps.
 */
export function quotableChainIds(settings: SwapSettings): Set<number> {
  const served: Record<SwapSourceName, () => Iterable<number>> = {
    lifi: () => LIFI_CHAIN_IDS,
    velora: () => VELORA_CHAIN_IDS,
    zeroex: () => (settings.zeroex ? ZEROEX_CHAIN_IDS : []),
    oneinch: () => (settings.oneinch ? ONEINCH_CHAIN_IDS : []),
    uniswapv2: () => (settings.uniswapV2 ? [settings.uniswapV2.chainId] : []),
  };
  const ids = new Set<number>();
  for (const name of settings.sources) for (const id of served[name]()) ids.add(id);
  return ids;
}
