import type { SwapSettings } from "../../../config-swap.ts";

/**
 * Swap settings for tests: LI.FI and Velora on (at loopback addresses nothing listens on, so no test reaches the
 * real services), no keyed source, no fee, the default timings and limits; `overrides` replaces whole fields.
 */
export function swapSettings(overrides: Partial<SwapSettings> = {}): SwapSettings {
  return {
    sources: ["lifi", "velora"],
    lifi: { url: "http://127.0.0.1:9/lifi", apiKey: undefined },
    velora: { url: "http://127.0.0.1:9/velora" },
    zeroex: undefined,
    oneinch: undefined,
    uniswapV2: undefined,
    integrator: "mountainlion",
    feeBps: 0,
    feeRecipient: undefined,
    quoteTimeoutMs: 8_000,
    quoteTtlSeconds: 60,
    statusSeconds: 15,
    orderTimeoutMinutes: 30,
    dailyLimitUsd: 50_000,
    rpcUrls: {},
    ...overrides,
  };
}
