import type { SwapSettings, SwapSourceName } from "../../config-swap.ts";
import { createLifiSource } from "./lifi-source.ts";
import { createOneInchSource } from "./oneinch-source.ts";
import type { QuoteSource } from "./quote-source.ts";
import { createVeloraSource } from "./velora-source.ts";
import { createZeroExSource } from "./zeroex-source.ts";

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
