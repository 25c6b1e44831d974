import { priceText } from "../../../../contract/price-format.ts";
import type { TechnicalAnalysisOutput } from "../tools/technical-analysis.ts";
import type { TokenPriceOutput } from "../tools/tool-outputs.ts";
import { failedBlock } from "./answer-blocks.ts";
import { type BuyAmount, type BuyRequest, namedChainOf, parseBuyQuestion, QUOTE } from "./buy-request.ts";
import type { PlannedCall, ToolResult } from "./compose.ts";
import { type AnswerLanguage, formatPercent, formatTime } from "./format.ts";
import type { Question } from "./intent.ts";
import { coinLabel, type ModeStep, noToolsStep, offeredCalls, readResults, usdt, withSources } from "./mode-step.ts";
import { assetAmount, otherChainNote, swapHandoff, swapReadingOf } from "./swap-draft.ts";
import { texts } from "./texts.ts";

/**
 * AI one-click buy (the aiSwap mode): MountainLion reads the purchase asked for ("buy 500 USDT of SOL", "用 1000 USDT
 * 买 ETH", "buy 2 ETH", "swap 0.5 ETH to USDC on BSC"), looks up the price and the recent volatility of the coins in
 * it, and answers what the amount buys (or costs) at the market price, the 7-day range and what a typical daily move
 * means in USDT for this position. A complete request (coins and amount, on an EVM chain or none named) then goes
 * through the spec §4 progress steps to an order draft handed to the swap screen as a link (swap-draft.ts), which the
 * chat shows as a "Review this swap" card: the swap screen quotes it and the user signs in their own wallet.
 * MountainLion never places an order or signs, and says so. A question without a coin or an amount is asked for them;
 * a coin the market does not have is said to be missing. Questions that are not about a purchase or a swap are
 * answered as in search mode.
 */

/** the coins priced in the answer and analysed for volatility */
const MAX_ASSETS = 2;
const EXAMPLES = 8;

type L = AnswerLanguage;
const zh = (language: L) => language === "zh";

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

/** A USDT amount as spec §5 writes amounts ("500", "1,234.57", "4.56M"). */
/** a USDT figure, written as every other amount of the answer (swap-draft.ts's assetAmount) */
const usdtAmount = (value: number) => assetAmount(value, QUOTE);

/** The end of an answer without a handoff: nothing was ordered, and how a swap comes about. */
const noOrder = (language: L) =>
  zh(language)
    ? "**我没有下任何订单。** 说明币种和数量后，我会把这笔兑换交给兑换页：你在那里查看实时报价，并在自己的钱包里签名。"
    : "**I haven't placed any order.** Name the coin and the amount and I'll hand the swap to the swap screen, where you review a live quote and sign in your own wallet.";

/** The end of an answer with a handoff: the draft is not an order, and only the user's wallet signs. */
const noOrderHandoff = (language: L) =>
  zh(language)
    ? "**我没有下任何订单。** 我也不会替你签名：在你于兑换页用自己的钱包签名之前，什么都不会发生。"
    : "**I haven't placed any order.** I never sign for you: nothing happens until you sign on the swap screen in your own wallet.";

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
  const quantity = assetAmount(amount.value, amount.side === "pay" ? pay : receive);
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
  const givenText = assetAmount(amount.value, given);
  const otherText = assetAmount(otherQuantity, other);
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
      ? `- 按 ${range.days} 日最低价和最高价计算，这 ${assetAmount(quantity, symbol)} 价值在 ${usdtAmount(quantity * range.low)} 到 ${usdtAmount(quantity * range.high)} 之间`
      : `- At the ${range.days}-day low and high, these ${assetAmount(quantity, symbol)} were worth ${usdtAmount(quantity * range.low)} to ${usdtAmount(quantity * range.high)}`,
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
        ? "我没有手续费数据：手续费取决于兑换路径，兑换页的报价会列出 Gas 和手续费。"
        : "I have no fee data: fees depend on the route; the swap screen's quote shows the gas and the fee.",
    );
  }
  for (const failure of read.failed) blocks.push(failedBlock(failure.tool, failure.message, language));
  const handoff = handoffBlocks(question, request, priceOf);
  if (!handoff) blocks.push(noOrder(language));
  blocks.push(
    c
      ? "这些数字描述的是过去和当前的行情，不构成投资建议。"
      : "These figures describe past and current prices; they are not advice.",
  );
  const citations = [...read.prices.map((p) => p.citation), ...read.analyses.map((a) => a.citation)];
  const analysis = withSources(blocks, citations, language);
  return handoff ? [analysis, ...handoff].join("\n\n") : analysis;
}

/**
 * The swap draft a complete request ends with (progress steps, the swap screen's link, who signs); undefined when the
 * request lacks an amount. A request on Solana or TRON is told why it gets none.
 */
function handoffBlocks(
  question: Question,
  request: BuyRequest,
  priceOf: (asset: string) => number,
): string[] | undefined {
  const { language } = question;
  const reading = swapReadingOf(request, namedChainOf(question.text));
  if (reading.kind === "otherChain") return [otherChainNote(reading.chain, language), noOrder(language)];
  if (reading.kind !== "request") return undefined;
  const { amount } = reading;
  const payAmount =
    amount.side === "pay" ? amount.value : (amount.value * priceOf(request.receive)) / priceOf(request.pay);
  if (!Number.isFinite(payAmount) || payAmount <= 0) return undefined;
  return [...swapHandoff({ ...reading, payAmount }, language), noOrderHandoff(language)];
}
