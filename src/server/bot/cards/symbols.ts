import type { Coin } from "../../../contract/market.ts";
import { type ListedCoin, type MarketView, searchCoins } from "../../features/market/market-view.ts";

/**
 * What a user typed after /price (or in an inline query) read as a coin: "btc", "$BTC", "BTC/USDT", "btcusdt",
 * "Bitcoin". The text is the user's: it is only compared with the market's symbols and names, never sent back as
 * markup (callers escape it).
 */

/** The longest text searched or echoed: the market's symbols are at most 20 characters, names a few words. */
export const QUERY_MAX = 40;
/** How many close matches an unknown coin is answered with. */
export const SUGGESTIONS_MAX = 5;

export type CoinLookup =
  | { kind: "empty" }
  | { kind: "found"; listed: ListedCoin }
  /** `asked`: the user's text, trimmed and cut to QUERY_MAX characters (not escaped) */
  | { kind: "unknown"; asked: string; suggestions: Coin[] };

/** The text cut to `max` characters (code points, so an emoji is never split). */
export function cutChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text;
}

/**
 * The symbol a typed token stands for, before looking it up: upper case, without a leading "$" and without a
 * quote-currency suffix ("/USDT", "-USDT", "_USDT", or "USDT" glued on when something is left before it).
 */
export function normaliseSymbol(text: string): string {
  const upper = text.trim().replace(/^\$+/, "").toUpperCase();
  const pair = /^([A-Z0-9]+)[/_-]USDT$/.exec(upper);
  if (pair?.[1]) return pair[1];
  return upper;
}

/** The coin the user means, or the closest matches the market's search finds. */
export function lookUpCoin(view: MarketView, typed: string): CoinLookup {
  const text = typed.replace(/\s+/g, " ").trim();
  if (!text) return { kind: "empty" };
  const asked = cutChars(text, QUERY_MAX);
  const symbol = normaliseSymbol(text);
  const exact = view.byAbbr.get(symbol);
  if (exact) return { kind: "found", listed: exact };
  // "BTCUSDT": the pair as Binance writes it
  if (symbol.endsWith("USDT") && symbol.length > 4) {
    const base = view.byAbbr.get(symbol.slice(0, -4));
    if (base) return { kind: "found", listed: base };
  }
  const lower = text.toLowerCase();
  const byName = view.listed.find((l) => l.coin.coinName.toLowerCase() === lower);
  if (byName) return { kind: "found", listed: byName };
  const search = (keyword: string) =>
    searchCoins(view, Array.from(keyword).slice(0, QUERY_MAX).join("")).slice(0, SUGGESTIONS_MAX);
  // "$btc/usdt" searched as "BTC"; when that finds nothing, the text as typed
  const bySymbol = search(symbol);
  const suggestions = bySymbol.length > 0 || symbol.toLowerCase() === lower ? bySymbol : search(text);
  return { kind: "unknown", asked, suggestions };
}
