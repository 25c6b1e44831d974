import { beforeAll, describe, expect, it } from "vitest";
import { type ChatMode, swapDraftOfHref } from "../../../../contract/chat.ts";
import { amountText } from "../../../../contract/number-format.ts";
import { priceText } from "../../../../contract/price-format.ts";
import { openReplayChatData, type ReplayChatData } from "../tools/replay-chat-data.ts";
import { type BuyAmount, namedChainOf, parseBuyQuestion } from "./buy-request.ts";
import { askOverReplay, completedDailyRows } from "./replay-asking.ts";

/**
 * AI one-click buy over the shipped replay at a fixed market time (the replay's manual clock). Coin amounts are
 * worked out here from the replay's price, the 7-day range and the daily volatility from the shipped daily candles
 * (data/market/daily/<PAIR>.csv); no answer may claim an order was placed.
 */
const AT = "2026-03-20T09:00:00.000Z";
const WHEN = "2026-03-20 09:00 UTC";

/** Wording that would claim an order went through, in either language. */
const ORDER_PLACED =
  /\border (?:is |was |has been )?(?:placed|filled|executed|submitted|completed)\b|\b(?:bought|purchased)\b|successfully|已下单|已买入|已成交|下单成功|购买成功|买入成功/i;

let data: ReplayChatData;

function ask(question: string, language: "en" | "cn" = "en", mode: ChatMode = "aiSwap") {
  return askOverReplay(data, AT, question, mode, language);
}

const callsOf = (result: Awaited<ReturnType<typeof ask>>) =>
  result.steps.flatMap((step) => step.toolCalls.map((call) => [call.toolName, call.input]));

const priceOf = (symbol: string) => {
  const listed = data.view.listed.find((l) => l.ticker.symbol === symbol);
  if (!listed) throw new Error(`${symbol} is not listed`);
  return listed.ticker.lastPrice;
};

/** Up to 6 decimals, thousands separators: how a coin quantity is written. */
const quantity = (value: number) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 }).format(value);

/** The 7-day range and the daily return stdev (percent, two decimals) of a pair's daily candles completed at AT. */
async function recent(pair: string) {
  const candles = await completedDailyRows(pair, AT);
  const week = candles.slice(-7);
  const closes = candles.slice(-31).map((c) => c[4] ?? 0);
  const returns = closes.slice(1).map((close, i) => close / (closes[i] ?? 1) - 1);
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const stdev = Math.sqrt(returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1));
  return {
    low: Math.min(...week.map((c) => c[3] ?? 0)),
    high: Math.max(...week.map((c) => c[2] ?? 0)),
    dailyPercent: Math.round(stdev * 10_000) / 100,
  };
}

beforeAll(async () => {
  data = await openReplayChatData(AT);
});

describe("reading the purchase asked for", () => {
  it.each<[string, string, string, BuyAmount | null]>([
    ["buy 500 USDT of SOL", "USDT", "SOL", { side: "pay", value: 500 }],
    ["用 1000 USDT 买 ETH", "USDT", "ETH", { side: "pay", value: 1000 }],
    ["buy 2 ETH", "USDT", "ETH", { side: "receive", value: 2 }],
    ["买 0.5 个比特币", "USDT", "BTC", { side: "receive", value: 0.5 }],
    ["Swap 100 USDT for ETH", "USDT", "ETH", { side: "pay", value: 100 }],
    ["How much SOL can I get for 200 USDT?", "USDT", "SOL", { side: "pay", value: 200 }],
    ["200 USDT能换多少SOL？", "USDT", "SOL", { side: "pay", value: 200 }],
    ["buy $1.5k of DOGE", "USDT", "DOGE", { side: "pay", value: 1500 }],
    ["花1万U买以太坊", "USDT", "ETH", { side: "pay", value: 10_000 }],
    ["Swap 0.5 ETH to USDC on Ethereum", "ETH", "USDC", { side: "pay", value: 0.5 }],
    ["在BSC上把1 BNB兑换成USDT", "BNB", "USDT", { side: "pay", value: 1 }],
    ["sell 3 SOL", "SOL", "USDT", { side: "pay", value: 3 }],
    ["buy 2 ETH with BTC", "BTC", "ETH", { side: "receive", value: 2 }],
    ["What is the best rate to swap BTC to USDT?", "BTC", "USDT", null],
    ["buy SOL", "USDT", "SOL", null],
  ])("%s", (text, pay, receive, amount) => {
    expect(parseBuyQuestion(text)).toEqual({ kind: "request", request: { pay, receive, amount, fees: false } });
  });

  it("asks for the coin when there is none, and leaves other questions to search", () => {
    expect(parseBuyQuestion("buy 500 USDT")).toEqual({ kind: "needCoin", amount: 500 });
    expect(parseBuyQuestion("我想买点币")).toEqual({ kind: "needCoin", amount: null });
    expect(parseBuyQuestion("What is the BTC price?")).toEqual({ kind: "notTrade" });
    expect(parseBuyQuestion("ETH trend 4h")).toEqual({ kind: "notTrade" });
  });
});

describe("the chain a request names", () => {
  it.each<[string, ReturnType<typeof namedChainOf>]>([
    ["buy 500 USDT of SOL on BSC", { kind: "evm", chainId: 56, name: "BNB Smart Chain" }],
    ["swap 1 ETH to USDC on the BNB Smart Chain", { kind: "evm", chainId: 56, name: "BNB Smart Chain" }],
    ["Swap 0.5 ETH to USDC on Ethereum", { kind: "evm", chainId: 1, name: "Ethereum" }],
    ["buy 1 ETH on Arbitrum One", { kind: "evm", chainId: 42161, name: "Arbitrum One" }],
    ["buy 10 USDT of OP on Optimism", { kind: "evm", chainId: 10, name: "OP Mainnet" }],
    ["在以太坊上用 100 USDT 买 UNI", { kind: "evm", chainId: 1, name: "Ethereum" }],
    ["在币安智能链上买 1 BNB", { kind: "evm", chainId: 56, name: "BNB Smart Chain" }],
    ["buy 100 USDT of SOL on Solana", { kind: "other", name: "Solana" }],
    ["在波场上买 100 U 的 TRX", { kind: "other", name: "TRON" }],
    ["buy 500 USDT of SOL", undefined],
    ["buy BASE token", undefined],
  ])("%s", (text, chain) => {
    expect(namedChainOf(text)).toEqual(chain);
  });

  it("is not read as a coin of the request", () => {
    expect(parseBuyQuestion("buy 1 ETH on Arbitrum One")).toEqual({
      kind: "request",
      request: { pay: "USDT", receive: "ETH", amount: { side: "receive", value: 1 }, fees: false },
    });
  });
});

describe("AI one-click buy sizes the purchase and places no order", () => {
  it("buy 500 USDT of SOL: the coins it buys at the replay price, the 7-day range and a typical day in USDT", async () => {
    const result = await ask("buy 500 USDT of SOL");
    expect(callsOf(result)).toEqual([
      ["tokenPrice", { symbol: "SOL" }],
      ["technicalAnalysis", { symbol: "SOL" }],
    ]);
    const price = priceOf("SOL");
    const sol = await recent("SOLUSDT");
    const coins = 500 / price;
    const { text } = result;
    expect(text).toMatch(/^\*\*AI one-click buy · 500 USDT of Solana \(SOL\)\*\*/);
    expect(text).toContain(`- Price: 1 SOL = **${priceText(price)} USDT** as of ${WHEN}`);
    expect(text).toContain(`- At this price, 500 USDT buys about **${quantity(coins)} SOL**, before fees and slippage`);
    expect(text).toContain(`- SOL's 7-day range: **${priceText(sol.low)} – ${priceText(sol.high)} USDT**`);
    expect(text).toContain(
      `these ${quantity(coins)} SOL were worth ${amountText(coins * sol.low)} USDT to ${amountText(coins * sol.high)} USDT`,
    );
    expect(text).toContain(
      `- A typical day moves SOL about ±${sol.dailyPercent.toFixed(2)}% (stdev of 30 daily returns, `,
    );
    expect(text).toContain(`about **±${amountText((sol.dailyPercent / 100) * 500)} USDT** on this 500 USDT position`);
    expect(text).toContain("**I haven't placed any order.** I never sign for you");
    expect(text).not.toMatch(ORDER_PLACED);
  });

  it("用 1000 USDT 买 ETH: in Chinese", async () => {
    const { text } = await ask("用 1000 USDT 买 ETH", "cn");
    const price = priceOf("ETH");
    expect(text).toMatch(/^\*\*AI 一键买入 · 用 1,000 USDT 买 Ethereum \(ETH\)\*\*/);
    expect(text).toContain(`- 价格：1 ETH = **${priceText(price)} USDT**（截至 ${WHEN}`);
    expect(text).toContain(`- 按此价格，1,000 USDT 约可换到 **${quantity(1000 / price)} ETH**（未计手续费和滑点）`);
    expect(text).toContain("ETH 近 7 日区间");
    expect(text).toContain("**我没有下任何订单。** 我也不会替你签名");
    expect(text).not.toMatch(ORDER_PLACED);
  });

  it("buy 2 ETH: what the coins cost in USDT", async () => {
    const { text } = await ask("buy 2 ETH");
    const cost = 2 * priceOf("ETH");
    expect(text).toContain(`- At this price, 2 ETH costs about **${amountText(cost)} USDT**, before fees and slippage`);
    expect(text).toContain(`on this ${amountText(cost)} USDT position`);
    expect(text).not.toMatch(ORDER_PLACED);
  });

  it("swap 0.5 ETH to USDC: what the ETH is worth and what it swaps to", async () => {
    const { text } = await ask("Swap 0.5 ETH to USDC on Ethereum");
    const value = 0.5 * priceOf("ETH");
    expect(text).toContain(
      `- At this price, 0.5 ETH (about ${amountText(value)} USDT) swaps to about **${quantity(value / priceOf("USDC"))} USDC**`,
    );
    expect(text).not.toMatch(ORDER_PLACED);
  });

  it("asks for the amount, with the price to go on; for the coin when none is named", async () => {
    const noAmount = await ask("buy SOL");
    expect(callsOf(noAmount)).toEqual([["tokenPrice", { symbol: "SOL" }]]);
    expect(noAmount.text).toContain(`1 SOL = **${priceText(priceOf("SOL"))} USDT**`);
    expect(noAmount.text).toContain("How much do you want to buy? Give an amount");
    expect(noAmount.text).not.toMatch(ORDER_PLACED);

    const noCoin = await ask("buy 500 USDT");
    expect(callsOf(noCoin)).toEqual([]);
    expect(noCoin.text).toContain("Which coin do you want to buy with 500 USDT?");
    const zh = await ask("我想买点币", "cn");
    expect(zh.text).toContain("你想买哪个币？");
    expect(zh.text).not.toMatch(ORDER_PLACED);
  });

  it("a coin that is not in the data is said to be missing, with no figure for it", async () => {
    const { text } = await ask("buy 100 USDT of XYZ");
    expect(text).toContain("**XYZ** is not in our data: I have market data for 120 coins");
    expect(text).not.toContain("XYZ =");
    expect(text).not.toMatch(ORDER_PLACED);
    const zh = await ask("用 100 USDT 买 XYZ", "cn");
    expect(zh.text).toContain("**XYZ** 不在我们的数据里");
  });

  it("fees are not made up", async () => {
    const { text } = await ask("What fees will I pay to swap ETH for USDT?");
    expect(text).toContain("I have no fee data");
    expect(text).toContain("How much do you want to swap?");
  });

  it("a question that is not a purchase gets the search answer; search mode never sizes a purchase", async () => {
    const onSwapTab = await ask("What is the BTC price?");
    const inSearch = await ask("What is the BTC price?", "en", "search");
    expect(onSwapTab.text).toBe(inSearch.text);
    const buyInSearch = await ask("buy 500 USDT of SOL", "en", "search");
    expect(buyInSearch.text).not.toContain("AI one-click buy");
  });
});

/** The swap screen links of an answer: [label, href]. */
const swapLinks = (text: string) => [...text.matchAll(/\[([^\]]+)\]\((\/swap\?[^)]+)\)/g)].map((m) => [m[1], m[2]]);

describe("a complete request is handed to the swap screen, never ordered", () => {
  it("buy 500 USDT of SOL: the analysis, then the progress steps, the swap screen's link and who signs", async () => {
    const { text } = await ask("buy 500 USDT of SOL");
    const href = "/swap?fromToken=USDT&toToken=SOL&amount=500";
    expect(swapLinks(text)).toEqual([["500 USDT → SOL · the swap screen's network", href]]);
    expect(swapDraftOfHref(href)).toEqual({ fromToken: "USDT", toToken: "SOL", amount: "500" });
    const steps = [
      "**Swap order**",
      "1. ✓ Analyzing the requirement: swap 500 USDT for SOL",
      "2. ✓ Checking assets and generating the order: SOL priced above; the swap screen checks your wallet's balance",
      "3. ✓ Order generated (a draft): review it on the swap screen, which gets the live quote (rate, minimum received after slippage, gas, route and time); you approve and sign the swap in your own wallet.",
    ].join("\n");
    // the analysis and its sources first; the answer ends with the handoff
    const sources = text.lastIndexOf("Source: ");
    expect(sources).toBeGreaterThan(0);
    expect(text.indexOf(steps)).toBeGreaterThan(sources);
    expect(text).toMatch(
      /\n\n\[500 USDT → SOL · the swap screen's network\]\([^)]+\)\n\n\*\*I haven't placed any order\.\*\* I never sign for you: nothing happens until you sign on the swap screen in your own wallet\.$/,
    );
    expect(text).not.toMatch(ORDER_PLACED);
  });

  it("在BSC上把1 BNB兑换成USDT: the named chain goes into the link; the steps in Chinese", async () => {
    const { text } = await ask("在BSC上把1 BNB兑换成USDT", "cn");
    expect(swapLinks(text)).toEqual([
      ["1 BNB → USDT · BNB Smart Chain", "/swap?fromChainId=56&toChainId=56&fromToken=BNB&toToken=USDT&amount=1"],
    ]);
    expect(text).toContain(
      "**兑换订单**\n1. ✓ 分析需求：用 1 BNB 换 USDT，在 BNB Smart Chain 上\n2. ✓ 检查资产并生成订单：BNB 的价格见上文",
    );
    expect(text).toContain("3. ✓ 订单已生成（草稿）：在兑换页查看它");
    expect(text).toContain("**我没有下任何订单。** 我也不会替你签名");
    expect(text).not.toMatch(ORDER_PLACED);
  });

  it("buy 2 ETH on Ethereum: the swap screen is prefilled with what 2 ETH costs at the market price", async () => {
    const { text } = await ask("buy 2 ETH on Ethereum");
    const cost = Number((2 * priceOf("ETH")).toPrecision(6));
    expect(swapLinks(text)).toEqual([
      [
        `about ${amountText(cost)} USDT → 2 ETH · Ethereum`,
        `/swap?fromChainId=1&toChainId=1&fromToken=USDT&toToken=ETH&amount=${cost}`,
      ],
    ]);
    expect(text).toContain("1. ✓ Analyzing the requirement: buy 2 ETH with USDT on Ethereum");
  });

  it("swap 0.5 ETH to USDC: both coins were priced", async () => {
    const { text } = await ask("Swap 0.5 ETH to USDC on Ethereum");
    expect(swapLinks(text)).toEqual([
      ["0.5 ETH → USDC · Ethereum", "/swap?fromChainId=1&toChainId=1&fromToken=ETH&toToken=USDC&amount=0.5"],
    ]);
    expect(text).toContain("2. ✓ Checking assets and generating the order: ETH and USDC priced above");
  });

  it("no handoff without an amount, for a coin the market lacks, or on a chain wallet swaps do not run on", async () => {
    for (const question of ["buy SOL", "buy 500 USDT", "buy 100 USDT of XYZ"]) {
      const { text } = await ask(question);
      expect(swapLinks(text), question).toEqual([]);
      expect(text, question).not.toContain("**Swap order**");
      expect(text, question).toContain("**I haven't placed any order.** Name the coin and the amount");
    }
    const solana = await ask("buy 100 USDT of SOL on Solana");
    expect(swapLinks(solana.text)).toEqual([]);
    expect(solana.text).toContain("Solana is not one, so I can't hand this swap to the swap screen.");
    expect(solana.text).toContain("At this price, 100 USDT buys about");
  });
});
