/**
 * The symbol the market feed prices a token under, one table for the server (limit orders, the swap assistant) and
 * the client (the limit price note).
 */

/** Old names of a chain's coin under its current one: MATIC is Polygon's POL. */
export const COIN_RENAMES: Readonly<Record<string, string>> = { MATIC: "POL" };

/**
 * Wrapped coins the market prices under their coin's symbol (a wrapped coin is redeemable one for one). Any other
 * list token is priced only under its own symbol.
 */
export const WRAPPED_COINS: Readonly<Record<string, string>> = {
  WETH: "ETH",
  WBTC: "BTC",
  WBNB: "BNB",
  WPOL: "POL",
  WMATIC: "POL",
  WAVAX: "AVAX",
};

/**
 * The symbol the market prices a token under: a wrapped coin's coin (WETH: ETH), a coin's current name for an old
 * one (MATIC, WMATIC: POL), else the symbol itself, upper-cased.
 */
export function marketSymbolOf(symbol: string): string {
  const upper = symbol.toUpperCase();
  const unwrapped = WRAPPED_COINS[upper] ?? upper;
  return COIN_RENAMES[unwrapped] ?? unwrapped;
}

/** The market symbol of a token whose symbol can be one (letters and digits, 1-20), else null ("USDC.e"). */
export function quotableMarketSymbol(symbol: string): string | null {
  const trimmed = symbol.trim();
  return /^[A-Za-z0-9]{1,20}$/.test(trimmed) ? marketSymbolOf(trimmed) : null;
}
