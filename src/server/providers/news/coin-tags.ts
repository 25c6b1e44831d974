/** A coin as the market knows it: its ticker and its name. */
export interface CoinName {
  symbol: string;
  name: string;
}

/**
 * Tickers and names that are also everyday words or abbreviations in headlines ("link", "near", "story", "IP"):
 * a headline writing them is not taken to be about the coin.
 */
const AMBIGUOUS = new Set(
  "m pi cc ip ab op gt one gas sky soon pump hype dash link near tel render story quant flare jupiter stacks sei canton aster pepe sonic maker kaito".split(
    " ",
  ),
);

/** What a ticker or name must not touch: a Latin letter or a digit (Chinese text writes "TON链" without a space). */
const EDGE = "[\\p{Script=Latin}\\p{N}]";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Tags a feed item with the coins its text names, for feeds that tag nothing themselves: a coin's ticker written
 * in capitals, not touching other Latin letters or digits ("BTC", "$SOL", "TON链"; tickers of one or two letters only with the "$"), or its name as a word in
 * any case ("Solana", "bitcoin"; names of four letters or more). Tickers and names in AMBIGUOUS count only as
 * "$TICKER". The tags come out as tickers, each once, in the order of the coins given.
 */
export function coinTagger(coins: readonly CoinName[]): (text: string) => string[] {
  const matchers = coins.flatMap((coin) => {
    const symbol = coin.symbol.toUpperCase();
    if (!/^[A-Z0-9]+$/.test(symbol)) return [];
    const ambiguousSymbol = symbol.length < 3 || AMBIGUOUS.has(symbol.toLowerCase());
    const name = coin.name.trim().toLowerCase();
    const usableName = name.length >= 4 && !AMBIGUOUS.has(name) && name !== symbol.toLowerCase();
    const tickerPattern = ambiguousSymbol ? `\\$${symbol}` : `\\$?${symbol}`;
    return [
      {
        symbol,
        ticker: new RegExp(`(?<!${EDGE})${tickerPattern}(?!${EDGE})`, "u"),
        name: usableName ? new RegExp(`(?<!${EDGE})${escapeRegExp(name)}(?!${EDGE})`, "iu") : undefined,
      },
    ];
  });
  return (text) => {
    const tags = new Set<string>();
    for (const matcher of matchers) {
      if (matcher.ticker.test(text) || matcher.name?.test(text)) tags.add(matcher.symbol);
    }
    return [...tags];
  };
}

/**
 * The same rules for one word of a text: the coin a word names, if any. `surface` is the word as written (a ticker
 * counts in capitals only), `word` the same in lower case; names of several words are not read here.
 */
export function coinWords(coins: readonly CoinName[]): (word: string, surface: string) => string | undefined {
  const byTicker = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const coin of coins) {
    const symbol = coin.symbol.toUpperCase();
    if (!/^[A-Z0-9]+$/.test(symbol)) continue;
    if (symbol.length >= 3 && !AMBIGUOUS.has(symbol.toLowerCase())) byTicker.set(symbol, symbol);
    const name = coin.name.trim().toLowerCase();
    if (name.length >= 4 && !AMBIGUOUS.has(name) && !/\s/.test(name) && !byName.has(name)) byName.set(name, symbol);
  }
  return (word, surface) => byTicker.get(surface.replace(/^\$/, "")) ?? byName.get(word);
}
