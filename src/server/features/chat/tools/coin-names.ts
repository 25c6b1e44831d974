/**
 * What people call the common coins, in English and Chinese, and the symbol each name means. A question may name
 * a coin by any of these; a symbol typed as such (BTC, PEPE) needs no entry. Longer names come first where one
 * contains another ("bitcoin cash" before "bitcoin").
 */
export const COIN_NAMES: readonly (readonly [name: string, symbol: string])[] = [
  ["bitcoin cash", "BCH"],
  ["比特币现金", "BCH"],
  ["bitcoin", "BTC"],
  ["比特币", "BTC"],
  ["大饼", "BTC"],
  ["ethereum", "ETH"],
  ["ether", "ETH"],
  ["以太坊", "ETH"],
  ["以太币", "ETH"],
  ["以太", "ETH"],
  ["二饼", "ETH"],
  ["solana", "SOL"],
  ["索拉纳", "SOL"],
  ["ripple", "XRP"],
  ["瑞波币", "XRP"],
  ["瑞波", "XRP"],
  ["binance coin", "BNB"],
  ["币安币", "BNB"],
  ["dogecoin", "DOGE"],
  ["狗狗币", "DOGE"],
  ["cardano", "ADA"],
  ["艾达币", "ADA"],
  ["卡尔达诺", "ADA"],
  ["tron", "TRX"],
  ["波场", "TRX"],
  ["litecoin", "LTC"],
  ["莱特币", "LTC"],
  ["polkadot", "DOT"],
  ["波卡", "DOT"],
  ["avalanche", "AVAX"],
  ["雪崩", "AVAX"],
  ["chainlink", "LINK"],
  ["toncoin", "TON"],
  ["shiba inu", "SHIB"],
  ["柴犬币", "SHIB"],
  ["tether", "USDT"],
  ["泰达币", "USDT"],
  ["usd coin", "USDC"],
  ["stellar", "XLM"],
  ["恒星币", "XLM"],
  ["pepe", "PEPE"],
  ["uniswap", "UNI"],
];

/**
 * Tickers recognised in lowercase too ("btc price"): the common ones that are not also English words (TON, LINK,
 * DOT, UNI and SUI count only when typed in capitals or by their names).
 */
export const KNOWN_TICKERS: ReadonlySet<string> = new Set([
  "BTC",
  "ETH",
  "SOL",
  "XRP",
  "BNB",
  "DOGE",
  "ADA",
  "TRX",
  "BCH",
  "LTC",
  "AVAX",
  "SHIB",
  "USDT",
  "USDC",
  "XLM",
  "PEPE",
]);

const symbolByName = new Map(COIN_NAMES);

/** The symbol a coin name means ("Bitcoin", "比特币"), or undefined. */
export const symbolOfName = (name: string): string | undefined => symbolByName.get(name.trim().toLowerCase());
