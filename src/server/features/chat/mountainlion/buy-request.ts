import { COIN_NAMES } from "../tools/coin-names.ts";
import { findCoins } from "./intent.ts";

/**
 * The purchase or swap a question asks for ("buy 500 USDT of SOL", "用 1000 USDT 买 ETH", "buy 2 ETH", "swap 0.5 ETH
 * to USDC on Ethereum"): what is paid, what is wanted, the amount and which side it is of. The AI one-click buy
 * answer (ai-buy.ts) and the swap draft (swap-draft.ts, summaryForSwap) read requests with it.
 */

/** What a purchase is paid with when nothing else is named. */
export const QUOTE = "USDT";

export interface BuyAmount {
  /** the amount is of what is paid (500 USDT of SOL) or of what is received (2 ETH) */
  side: "pay" | "receive";
  value: number;
}

export interface BuyRequest {
  /** what is paid: USDT or a coin's symbol */
  pay: string;
  /** what is wanted: a coin's symbol, or USDT when a coin is sold */
  receive: string;
  amount: BuyAmount | null;
  /** the question asks about fees */
  fees: boolean;
}

export type BuyQuestion =
  | { kind: "request"; request: BuyRequest }
  /** a purchase without a coin to buy; the USDT amount, if one was given */
  | { kind: "needCoin"; amount: number | null }
  | { kind: "notTrade" };

const BUY = /\b(buy|buying|purchase|get|acquire|ape into)\b|买入|买进|购买|入手|买/i;
const SELL = /\b(sell|selling|dump|cash out)\b|卖出|卖掉|卖/i;
const SWAP = /\b(swap|convert|exchange|trade)\b|兑换|换成|换/i;
const FEES = /\b(fees?|gas|commission)\b|手续费|费用|矿工费|gas/i;
/**
 * "on Ethereum", "on BSC", "在以太坊上": the chain a swap would run on, which is not a coin asked about. The English
 * name is in group 1, the Chinese one in group 2.
 */
const CHAIN_SOURCE =
  "\\b(?:on|via)\\s+(?:the\\s+)?(ethereum|bsc|bnb(?:\\s+smart)?\\s+chain|solana|arbitrum(?:\\s+one)?|base|polygon|tron|optimism|op\\s+mainnet|avalanche|mainnet)\\b|在\\s*(以太坊|BSC|bsc|币安智能链|BNB\\s*Chain|Solana|索拉纳|波场|Arbitrum|Base|Polygon)\\s*(?:链)?上";
const CHAIN = new RegExp(CHAIN_SOURCE, "gi");

/** A chain a request names: an EVM network by its chain id, or one where wallet swaps do not run (Solana, TRON). */
export type NamedChain = { kind: "evm"; chainId: number; name: string } | { kind: "other"; name: string };

const CHAIN_NAMES: readonly [RegExp, NamedChain][] = [
  [/^(?:ethereum|mainnet|以太坊)$/i, { kind: "evm", chainId: 1, name: "Ethereum" }],
  [/^(?:bsc|bnb(?:\s+smart)?\s*chain|币安智能链)$/i, { kind: "evm", chainId: 56, name: "BNB Smart Chain" }],
  [/^polygon$/i, { kind: "evm", chainId: 137, name: "Polygon" }],
  [/^arbitrum(?:\s+one)?$/i, { kind: "evm", chainId: 42161, name: "Arbitrum One" }],
  [/^base$/i, { kind: "evm", chainId: 8453, name: "Base" }],
  [/^(?:optimism|op\s+mainnet)$/i, { kind: "evm", chainId: 10, name: "OP Mainnet" }],
  [/^avalanche$/i, { kind: "evm", chainId: 43114, name: "Avalanche" }],
  [/^(?:solana|索拉纳)$/i, { kind: "other", name: "Solana" }],
  [/^(?:tron|波场)$/i, { kind: "other", name: "TRON" }],
];

/** The chain a question names ("on BSC", "在以太坊上"), if it names one. */
export function namedChainOf(text: string): NamedChain | undefined {
  const match = new RegExp(CHAIN_SOURCE, "i").exec(text);
  const word = (match?.[1] ?? match?.[2])?.trim();
  if (!word) return undefined;
  return CHAIN_NAMES.find(([pattern]) => pattern.test(word))?.[1];
}

/** USDT and the words people use for it: U, USD, $, 美元, 刀 */
const QUOTE_UNIT = /^\s*(?:usdt|usd|u|美元|美金|刀|块钱|块)(?![A-Za-z])/i;
const QUOTE_WORDS = new Set(["USDT", "USD", "U"]);
const NUMBER = /(\$\s*)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s*(k|w)(?![A-Za-z])|\s*(千|万))?/gi;

const CJK = /[\u3400-\u9fff]/;

/** The coin (or USDT) named at the very start of `text`, if one is. */
function assetAtStart(text: string): string | undefined {
  const rest = text.replace(/^\s*(?:个|枚|颗)?\s*/, "");
  if (QUOTE_UNIT.test(rest)) return QUOTE;
  const lower = rest.toLowerCase();
  for (const [name, symbol] of COIN_NAMES) {
    if (!lower.startsWith(name)) continue;
    if (CJK.test(name) || !/^[a-z0-9]/i.test(lower.slice(name.length))) return symbol;
  }
  const word = /^\$?([A-Za-z][A-Za-z0-9]{1,9})(?![A-Za-z0-9])/.exec(rest)?.[1];
  if (!word) return undefined;
  const upper = word.toUpperCase();
  if (QUOTE_WORDS.has(upper)) return QUOTE;
  return findCoins(word)[0];
}

interface Mention {
  value: number;
  /** USDT, a coin, or undefined for a bare number */
  asset: string | undefined;
}

function amounts(text: string): Mention[] {
  const found: Mention[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const [whole, dollar, digits = "", latin, chinese] = match;
    const before = text.slice(Math.max(0, match.index - 1), match.index);
    // part of a word or a ticker (ETH2, 1INCH), not an amount
    if (/[A-Za-z0-9.]/.test(before)) continue;
    const scale = (latin ?? chinese ?? "").toLowerCase();
    const factor = scale === "k" || scale === "千" ? 1_000 : scale === "w" || scale === "万" ? 10_000 : 1;
    const value = Number(digits.replaceAll(",", "")) * factor;
    if (!Number.isFinite(value) || value <= 0) continue;
    const after = text.slice(match.index + whole.length);
    if (/^[A-Za-z]/.test(after) && !scale && !QUOTE_UNIT.test(after) && !assetAtStart(after)) continue;
    found.push({ value, asset: dollar ? QUOTE : assetAtStart(after) });
  }
  return found;
}

/** The asset after "to/for/into" or "换成/兑换成": what the user wants to end up with. */
function targetOf(text: string): string | undefined {
  // a lookahead, so "to swap ETH for USDT" still reaches "for USDT"
  const english = /\b(?:to|for|into)\s+(?=(\$?[A-Za-z][A-Za-z0-9]*(?:\s+[A-Za-z]+)?))/gi;
  const chinese =
    /(?:兑换成|换成|兑换为|换为|兑成|兑换|换)\s*((?:多少)?\s*[A-Za-z][A-Za-z0-9]{1,9}|[\u3400-\u9fff]{2,8})/g;
  const hits: { at: number; asset: string }[] = [];
  for (const pattern of [english, chinese]) {
    for (const match of text.matchAll(pattern)) {
      const asset = assetAtStart((match[1] ?? "").replace(/^多少\s*/, ""));
      if (asset) hits.push({ at: match.index, asset });
    }
  }
  hits.sort((a, b) => a.at - b.at);
  return hits[0]?.asset;
}

/** The asset after "with/using" or "用/拿/花": what the user pays with, when named as a word. */
function payWithOf(text: string): string | undefined {
  const match =
    /\b(?:with|using|paying)\s+(\$?[A-Za-z][A-Za-z0-9]{1,9})|(?:用|拿|花)\s*([A-Za-z][A-Za-z0-9]{1,9}|[\u3400-\u9fff]{2,6})/i.exec(
      text,
    );
  const word = match?.[1] ?? match?.[2];
  return word ? assetAtStart(word) : undefined;
}

/**
 * The coins a question names (not USDT). A Chinese question has no lower-case words, so a capitalised ticker the
 * intent reader does not know (买 XYZ) reads as shouting there; here it is a coin asked about.
 */
function coinsIn(text: string): string[] {
  const coins = findCoins(text).filter((symbol) => !QUOTE_WORDS.has(symbol));
  if (coins.length > 0 || !CJK.test(text)) return coins;
  const tickers = [...text.matchAll(/(?<![A-Za-z0-9$])\$?([A-Z][A-Z0-9]{1,9})(?![A-Za-z0-9])/g)].map((m) => m[1] ?? "");
  return [...new Set(tickers.filter((word) => !QUOTE_WORDS.has(word)))];
}

/** Reads a purchase or swap from the question; `notTrade` when it asks about neither. */
export function parseBuyQuestion(raw: string): BuyQuestion {
  const text = raw.replace(CHAIN, " ");
  const mentions = amounts(text);
  const sell = SELL.test(text) && !BUY.test(text);
  const trade = BUY.test(text) || SELL.test(text) || SWAP.test(text) || mentions.some((m) => m.asset !== undefined);
  if (!trade) return { kind: "notTrade" };
  const fees = FEES.test(text);
  const coins = coinsIn(text);
  const target = targetOf(text);
  const payWith = payWithOf(text);
  const inQuote = mentions.find((m) => m.asset === QUOTE) ?? mentions.find((m) => m.asset === undefined);
  const inCoin = mentions.find((m) => m.asset !== undefined && m.asset !== QUOTE);
  const request = (pay: string, receive: string, amount: BuyAmount | null): BuyQuestion =>
    pay === receive ? { kind: "needCoin", amount: null } : { kind: "request", request: { pay, receive, amount, fees } };

  if (inCoin?.asset) {
    const coin = inCoin.asset;
    const other = target && target !== coin ? target : sell ? QUOTE : undefined;
    if (other) return request(coin, other, { side: "pay", value: inCoin.value });
    const pay = payWith && payWith !== coin ? payWith : QUOTE;
    return request(pay, coin, { side: "receive", value: inCoin.value });
  }
  const [coin] = coins;
  if (inQuote) {
    if (!coin) return { kind: "needCoin", amount: inQuote.value };
    // "sell SOL for 500 USDT", "buy 100 USDT with ETH": the USDT is what is received
    if (sell || target === QUOTE || (payWith && payWith !== QUOTE)) {
      return request(payWith && payWith !== QUOTE ? payWith : coin, QUOTE, { side: "receive", value: inQuote.value });
    }
    return request(QUOTE, coin, { side: "pay", value: inQuote.value });
  }
  if (!coin) return { kind: "needCoin", amount: null };
  if (sell || target === QUOTE) return request(coin, QUOTE, null);
  if (target && target !== coin) return request(coin, target, null);
  return request(payWith && payWith !== coin ? payWith : QUOTE, coin, null);
}
