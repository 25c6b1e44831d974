import { amountText } from "../../../../contract/number-format.ts";
import { priceText } from "../../../../contract/price-format.ts";
import { COIN_NAMES } from "../tools/coin-names.ts";
import type { TechnicalAnalysisOutput } from "../tools/technical-analysis.ts";
import type { TokenPriceOutput } from "../tools/tool-outputs.ts";
import { failedBlock } from "./answer-blocks.ts";
import type { PlannedCall, ToolResult } from "./compose.ts";
import { type AnswerLanguage, formatPercent, formatTime } from "./format.ts";
import { findCoins, type Question } from "./intent.ts";
import { coinLabel, type ModeStep, noToolsStep, offeredCalls, readResults, usdt, withSources } from "./mode-step.ts";
import { texts } from "./texts.ts";

/**
 * AI one-click buy (the aiSwap mode), until swaps exist: MountainLion reads the purchase asked for ("buy 500 USDT of
 * SOL", "用 1000 USDT 买 ETH", "buy 2 ETH", "swap 0.5 ETH to USDC"), looks up the price and the recent volatility of
 * the coins in it, and answers what the amount buys (or costs) at the market price, the 7-day range and what a
 * typical daily move means in USDT for this position. It never places an order and says so. A question without a
 * coin or an amount is asked for them; a coin the market does not have is said to be missing. Questions that are not
 * about a purchase or a swap are answered as in search mode.
 */

export const QUOTE = "USDT";
/** the coins priced in the answer and analysed for volatility */
const MAX_ASSETS = 2;
const EXAMPLES = 8;

type L = AnswerLanguage;
const zh = (language: L) => language === "zh";

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
/** "on Ethereum", "on BSC", "在以太坊上": the chain a swap would run on, which is not a coin asked about */
const CHAIN =
  /\b(?:on|via)\s+(?:the\s+)?(?:ethereum|bsc|bnb(?:\s+smart)?\s+chain|solana|arbitrum|base|polygon|tron|optimism|avalanche|mainnet)\b|在\s*(?:以太坊|BSC|bsc|币安智能链|BNB\s*Chain|Solana|索拉纳|波场|Arbitrum|Base|Polygon)\s*(?:链)?上/gi;
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

/** The coins of a request (not USDT), the one the amount is in first; else what is bought, or sold. */
function coinsOf(request: BuyRequest): string[] {
  const { pay, receive, amount } = request;
  const order = amount?.side === "pay" || (!amount && receive === QUOTE) ? [pay, receive] : [receive, pay];
  return [...new Set(order)].filter((asset) => asset !== QUOTE).slice(0, MAX_ASSETS);
}

/** The tool calls for a request: each coin's price, and its volatility when there is an amount to size. */
export function buyCalls(request: BuyRequest): PlannedCall[] {
  const coins = coinsOf(request);
  return [
    ...coins.map((symbol) => ({ toolName: "tokenPrice", input: { symbol } })),
    ...(request.amount ? coins.map((symbol) => ({ toolName: "technicalAnalysis", input: { symbol } })) : []),
  ];
}

/** The next step of an AI one-click buy answer. */
export function aiBuyStep(question: Question, results: readonly ToolResult[], offered: ReadonlySet<string>): ModeStep {
  const parsed = parseBuyQuestion(question.text);
  if (parsed.kind === "notTrade") return { kind: "search" };
  const { language } = question;
  if (parsed.kind === "needCoin") return { kind: "answer", text: needCoin(parsed.amount, language) };
  if (results.length === 0) {
    const calls = offeredCalls(buyCalls(parsed.request), offered);
    return calls.length === 0 ? noToolsStep(language) : { kind: "calls", calls };
  }
  return { kind: "answer", text: buyAnswer(question, parsed.request, results) };
}

// ---- the answers ----

const QUANTITY = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });
/** A coin quantity: spec §5 balances, up to 6 decimals with thousands separators. */
export const quantityText = (value: number) => QUANTITY.format(value);
/** A USDT amount as spec §5 writes amounts ("500", "1,234.57", "4.56M"). */
const usdtAmount = (value: number) => `${amountText(value)} USDT`;

const noOrder = (language: L) =>
  zh(language)
    ? "**我没有下任何订单。** 下单功能会随兑换（swap）功能一起推出，目前在聊天里还不能下单；以上数字只供计划参考。"
    : "**I haven't placed any order.** Placing orders comes with swaps, which the chat cannot do yet; these figures are for planning only.";

function needCoin(amount: number | null, language: L): string {
  const c = zh(language);
  const ask = c
    ? `你想${amount === null ? "" : `用 ${usdtAmount(amount)} `}买哪个币？请告诉我币种和数量，例如 *用 500 USDT 买 SOL* 或 *买 2 个 ETH*。`
    : `Which coin do you want to buy${amount === null ? "" : ` with ${usdtAmount(amount)}`}? Tell me the coin and the amount, for example *buy 500 USDT of SOL* or *buy 2 ETH*.`;
  return `${ask}\n\n${noOrder(language)}`;
}

function title(request: BuyRequest, labels: ReadonlyMap<string, string>, language: L): string {
  const c = zh(language);
  const label = (asset: string) => labels.get(asset) ?? asset;
  const { pay, receive, amount } = request;
  const head = c ? "AI 一键买入" : "AI one-click buy";
  if (!amount) return `**${head} · ${label(pay === QUOTE ? receive : pay)}**`;
  const quantity =
    amount.side === "pay" ? `${quantityText(amount.value)} ${pay}` : `${quantityText(amount.value)} ${receive}`;
  if (pay === QUOTE) {
    return amount.side === "pay"
      ? c
        ? `**${head} · 用 ${quantity} 买 ${label(receive)}**`
        : `**${head} · ${quantity} of ${label(receive)}**`
      : c
        ? `**${head} · 买 ${quantity}**`
        : `**${head} · ${quantity}**`;
  }
  return amount.side === "pay"
    ? c
      ? `**${head} · 把 ${quantity} 换成 ${receive}**`
      : `**${head} · swap ${quantity} to ${receive}**`
    : c
      ? `**${head} · 用 ${pay} 买 ${quantity}**`
      : `**${head} · ${quantity} with ${pay}**`;
}

function priceLine(price: TokenPriceOutput, language: L): string {
  const at = formatTime(price.citation.at);
  const change = formatPercent(price.change24h, language);
  return zh(language)
    ? `- 价格：1 ${price.symbol} = **${usdt(price.price)}**（截至 ${at}，24 小时 ${change}）`
    : `- Price: 1 ${price.symbol} = **${usdt(price.price)}** as of ${at} (${change} over 24h)`;
}

/** What the amount buys or costs, in both assets and in USDT. */
function sizeLines(request: BuyRequest, amount: BuyAmount, priceOf: (asset: string) => number, language: L) {
  const c = zh(language);
  const { pay, receive } = request;
  const given = amount.side === "pay" ? pay : receive;
  const other = amount.side === "pay" ? receive : pay;
  const value = amount.value * priceOf(given);
  const otherQuantity = value / priceOf(other);
  const fees = c ? "（未计手续费和滑点）" : ", before fees and slippage";
  const givenText = given === QUOTE ? usdtAmount(amount.value) : `${quantityText(amount.value)} ${given}`;
  const otherText = other === QUOTE ? usdtAmount(otherQuantity) : `${quantityText(otherQuantity)} ${other}`;
  const worth =
    given !== QUOTE && other !== QUOTE ? (c ? `（约 ${usdtAmount(value)}）` : ` (about ${usdtAmount(value)})`) : "";
  if (amount.side === "pay") {
    return c
      ? `- 按此价格，${givenText}${worth} 约可换到 **${otherText}**${fees}`
      : `- At this price, ${givenText}${worth} ${pay === QUOTE ? "buys" : receive === QUOTE ? "is worth" : "swaps to"} about **${otherText}**${fees}`;
  }
  return c
    ? `- 按此价格，${givenText}${worth} 约需 **${otherText}**${fees}`
    : `- At this price, ${givenText}${worth} costs about **${otherText}**${fees}`;
}

/** The 7-day range and the typical daily move of one coin of the position, in USDT for the position's size. */
function riskLines(analysis: TechnicalAnalysisOutput, price: number, quantity: number, language: L): string[] {
  const c = zh(language);
  const { symbol, range7d: range, volatility } = analysis;
  const lines: string[] = [];
  const where = range.high > range.low ? Math.round(((price - range.low) / (range.high - range.low)) * 100) : undefined;
  lines.push(
    c
      ? `- ${symbol} 近 ${range.days} 日区间：**${priceText(range.low)} – ${priceText(range.high)} USDT**${where === undefined ? "" : `，当前价格位于区间的 ${where}% 处（0% 为最低，100% 为最高）`}`
      : `- ${symbol}'s ${range.days}-day range: **${priceText(range.low)} – ${priceText(range.high)} USDT**${where === undefined ? "" : `; the price is ${where}% of the way from the low to the high`}`,
  );
  lines.push(
    c
      ? `- 按 ${range.days} 日最低价和最高价计算，这 ${quantityText(quantity)} ${symbol} 价值在 ${usdtAmount(quantity * range.low)} 到 ${usdtAmount(quantity * range.high)} 之间`
      : `- At the ${range.days}-day low and high, these ${quantityText(quantity)} ${symbol} were worth ${usdtAmount(quantity * range.low)} to ${usdtAmount(quantity * range.high)}`,
  );
  if (volatility) {
    const move = (volatility.dailyPercent / 100) * quantity * price;
    lines.push(
      c
        ? `- ${symbol} 一天的典型波动约 ±${volatility.dailyPercent.toFixed(2)}%（${volatility.days} 日日收益率标准差，年化 ${volatility.annualizedPercent.toFixed(2)}%），对这笔约 ${usdtAmount(quantity * price)} 的仓位约为 **±${usdtAmount(move)}**`
        : `- A typical day moves ${symbol} about ±${volatility.dailyPercent.toFixed(2)}% (stdev of ${volatility.days} daily returns, ${volatility.annualizedPercent.toFixed(2)}% annualised): about **±${usdtAmount(move)}** on this ${usdtAmount(quantity * price)} position`,
    );
  }
  return lines;
}

function notInData(symbols: readonly string[], available: readonly string[], language: L): string {
  const c = zh(language);
  const names = symbols.map((s) => `**${s}**`).join(c ? "、" : " and ");
  const examples = available.slice(0, EXAMPLES).join(c ? "、" : ", ");
  return c
    ? `${names} 不在我们的数据里：我只有 ${available.length} 个币的行情（例如 ${examples}），所以没法计算这笔买入。`
    : `${names} ${symbols.length > 1 ? "are" : "is"} not in our data: I have market data for ${available.length} coins (for example ${examples}), so I can't work out this purchase.`;
}

function buyAnswer(question: Question, request: BuyRequest, results: readonly ToolResult[]): string {
  const { language } = question;
  const c = zh(language);
  const read = readResults(results);
  const blocks: string[] = [];
  if (question.attachments) blocks.push(texts.attachments(language));
  if (question.forecast) blocks.push(texts.noForecast(language));
  const coins = coinsOf(request);
  const priced = new Map(read.prices.map((p) => [p.symbol, p]));
  const missing = read.notFound.filter((n) => n.reason === "unknownSymbol");
  const unknown = coins.filter((symbol) => !priced.has(symbol));
  if (unknown.length > 0) {
    const named = [...new Set(missing.map((n) => n.query))];
    if (named.length > 0) blocks.push(notInData(named, missing[0]?.available ?? [], language));
    for (const failure of read.failed) blocks.push(failedBlock(failure.tool, failure.message, language));
    if (named.length === 0 && read.failed.length === 0) blocks.push(texts.noResults(language));
    blocks.push(noOrder(language));
    return withSources(
      blocks,
      missing.map((n) => n.citation),
      language,
    );
  }
  const labels = new Map(read.prices.map((p) => [p.symbol, coinLabel(p)]));
  const priceOf = (asset: string) => (asset === QUOTE ? 1 : (priced.get(asset)?.price ?? Number.NaN));
  blocks.push(title(request, labels, language));
  const lines = read.prices.map((p) => priceLine(p, language));
  const { amount } = request;
  if (amount) {
    lines.push(sizeLines(request, amount, priceOf, language));
    const value = amount.value * priceOf(amount.side === "pay" ? request.pay : request.receive);
    for (const analysis of read.analyses) {
      const price = priceOf(analysis.symbol);
      lines.push(...riskLines(analysis, price, value / price, language));
    }
  }
  blocks.push(lines.join("\n"));
  if (!amount) {
    const coin = request.pay === QUOTE ? request.receive : request.pay;
    const example =
      request.pay === QUOTE
        ? c
          ? `*用 100 USDT 买 ${coin}* 或 *买 2 个 ${coin}*`
          : `*buy 100 USDT of ${coin}* or *buy 2 ${coin}*`
        : c
          ? `*把 1 ${coin} 换成 ${request.receive}*`
          : `*swap 1 ${coin} to ${request.receive}*`;
    blocks.push(
      c
        ? `你想${request.pay === QUOTE ? "买" : "换"}多少？请给出数量，例如 ${example}，我会算出能换到多少，以及它一天的典型波动对这笔仓位意味着多少 USDT。`
        : `How much do you want to ${request.pay === QUOTE ? "buy" : "swap"}? Give an amount, for example ${example}, and I'll work out what it comes to and what a typical day's move means for it in USDT.`,
    );
  }
  if (request.fees) {
    blocks.push(
      c
        ? "我没有手续费数据：手续费取决于兑换路径，会随兑换功能一起提供。"
        : "I have no fee data: fees depend on the route and come with swaps.",
    );
  }
  for (const failure of read.failed) blocks.push(failedBlock(failure.tool, failure.message, language));
  blocks.push(noOrder(language));
  blocks.push(
    c
      ? "这些数字描述的是过去和当前的行情，不构成投资建议。"
      : "These figures describe past and current prices; they are not advice.",
  );
  const citations = [...read.prices.map((p) => p.citation), ...read.analyses.map((a) => a.citation)];
  return withSources(blocks, citations, language);
}
