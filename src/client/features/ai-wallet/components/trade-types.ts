import type { LimitOrder, SwapOrder } from "../api/ai-wallet-api.ts";

export const tradeModes = ["market", "limit"] as const;
export type TradeMode = (typeof tradeModes)[number];

/** What a trade submit made: a market swap, or a limit order placed. */
export type TradeOutcome = { kind: "market"; order: SwapOrder } | { kind: "limit"; order: LimitOrder };
