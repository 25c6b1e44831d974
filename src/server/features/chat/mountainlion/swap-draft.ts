import { swapScreenHref } from "../../../../contract/chat.ts";
import { amountText } from "../../../../contract/number-format.ts";
import {
  type BuyAmount,
  type BuyRequest,
  type NamedChain,
  namedChainOf,
  parseBuyQuestion,
  QUOTE,
} from "./buy-request.ts";
import type { AnswerLanguage } from "./format.ts";

/**
 * The swap draft MountainLion reads from a request (issue 16, aiSwap): what is paid, what is received, the amount and
 * its side, and the chain the request names. summaryForSwap (features/swap/ai) resolves it to the chain's tokens and
 * answers it with `swapSummary`; the aiSwap chat answer (ai-buy.ts) hands it to the swap screen as a link
 * (`swapHandoff`). Neither places an order: the swap screen quotes the draft and the user signs in their own wallet.
 * The sentences of both are here, in both languages.
 */

type L = AnswerLanguage;
const zh = (language: L) => language === "zh";

export type SwapChain = { chainId: number; name: string };

export type SwapRequestReading =
  /** a complete request; `chain` null when the question names none */
  | {
      kind: "request";
      fromSymbol: string;
      toSymbol: string;
      amount: BuyAmount;
      chain: SwapChain | null;
    }
  /** no coin to buy; the USDT amount, if one was given */
  | { kind: "needCoin"; amount: number | null }
  | { kind: "needAmount"; fromSymbol: string; toSymbol: string }
  /** the request names a chain wallet swaps do not run on (Solana, TRON) */
  | { kind: "otherChain"; chain: string }
  | { kind: "notTrade" };

/** A request read by the AI one-click buy parser, with the chain the question names. */
export function swapReadingOf(request: BuyRequest, chain: NamedChain | undefined): SwapRequestReading {
  if (chain?.kind === "other") return { kind: "otherChain", chain: chain.name };
  const { pay: fromSymbol, receive: toSymbol, amount } = request;
  if (!amount) return { kind: "needAmount", fromSymbol, toSymbol };
  const named = chain ? { chainId: chain.chainId, name: chain.name } : null;
  return { kind: "request", fromSymbol, toSymbol, amount, chain: named };
}

/** Reads a swap request in words ("buy 500 USDT of SOL on BSC", "用 1000 USDT 买 ETH"). */
export function readSwapRequest(question: string): SwapRequestReading {
  const parsed = parseBuyQuestion(question);
  if (parsed.kind !== "request") return parsed;
  return swapReadingOf(parsed.request, namedChainOf(question));
}

/** A number as the decimal string the API and the swap screen take ("1500", "0.5"), never in exponent form. */
export function decimalText(value: number): string {
  return value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 18 });
}

const QUANTITY = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });
/** A coin quantity: spec §5 balances, up to 6 decimals with thousands separators. */
export const quantityText = (value: number) => QUANTITY.format(value);
/** An amount of an asset as answers write it: USDT as spec §5 writes amounts, a coin up to 6 decimals. */
export const assetAmount = (value: number, asset: string) =>
  asset === QUOTE ? `${amountText(value)} USDT` : `${quantityText(value)} ${asset}`;

// ---- summaryForSwap ----

export interface SwapSummaryFacts {
  fromSymbol: string;
  toSymbol: string;
  amount: BuyAmount;
  chainName: string;
  /** the symbol is on the chain's token list (or is its coin) */
  fromListed: boolean;
  toListed: boolean;
  /** quotes can be asked for on this chain here */
  swappable: boolean;
}

const EXAMPLES_EN = "“buy 500 USDT of SOL”, “buy 2 ETH” or “swap 0.5 ETH to USDC on Ethereum”";
const EXAMPLES_ZH = "“用 500 USDT 买 SOL”、“买 2 个 ETH”或“在以太坊上把 0.5 ETH 换成 USDC”";

const signs = (language: L) =>
  zh(language)
    ? "你在自己的钱包里批准并签名这笔兑换；我不会替你下单，也不会替你签名。"
    : "You approve and sign the swap in your own wallet; I don't place orders or sign anything for you.";

/** What the draft asks for, in a sentence's middle: "swap 500 USDT for SOL", "buy 2 ETH with USDT". */
function asked(fromSymbol: string, toSymbol: string, amount: BuyAmount, language: L): string {
  const given = amount.side === "pay" ? fromSymbol : toSymbol;
  const quantity = assetAmount(amount.value, given);
  if (zh(language)) return amount.side === "pay" ? `用 ${quantity} 换 ${toSymbol}` : `用 ${fromSymbol} 买 ${quantity}`;
  return amount.side === "pay" ? `swap ${quantity} for ${toSymbol}` : `buy ${quantity} with ${fromSymbol}`;
}

/** summaryForSwap's paragraph for a complete request: what the swap screen will show, and who signs. */
export function swapSummary(facts: SwapSummaryFacts, language: L): string {
  const { fromSymbol, toSymbol, amount, chainName } = facts;
  const c = zh(language);
  const given = amount.side === "pay" ? fromSymbol : toSymbol;
  const quantity = assetAmount(amount.value, given);
  const parts = [
    c
      ? `你想在 ${chainName} 上${asked(fromSymbol, toSymbol, amount, language)}。兑换页会打开 ${chainName} 上的 ${fromSymbol} → ${toSymbol}，${amount.side === "pay" ? `支付 ${quantity}` : `买入 ${quantity}`}，并向报价服务获取实时报价（汇率、滑点后的最少到账、Gas、路径和预计时间）。`
      : `You asked to ${asked(fromSymbol, toSymbol, amount, language)} on ${chainName}. The swap screen will open with ${fromSymbol} → ${toSymbol} on ${chainName} and ${quantity} to ${amount.side === "pay" ? "pay" : "receive"}, and ask the quote services for a live quote (rate, minimum received after slippage, gas, route and time).`,
  ];
  const unlisted = [facts.fromListed ? null : fromSymbol, facts.toListed ? null : toSymbol].filter(
    (symbol): symbol is string => symbol !== null,
  );
  if (unlisted.length > 0) {
    const names = unlisted.join(c ? "、" : " and ");
    parts.push(
      c
        ? `${names} 不在 ${chainName} 的代币列表里：请在兑换页用合约地址选择它。`
        : `${names} ${unlisted.length > 1 ? "are" : "is"} not on ${chainName}'s token list: pick ${unlisted.length > 1 ? "them" : "it"} on the swap screen by contract address.`,
    );
  }
  if (!facts.swappable) {
    parts.push(
      c
        ? `本服务器目前无法获取 ${chainName} 上的兑换报价。`
        : `This server cannot get swap quotes on ${chainName} at the moment.`,
    );
  }
  parts.push(signs(language));
  return parts.join(c ? "" : " ");
}

/** summaryForSwap's paragraph when the request is not complete, not on an EVM chain, or not a swap. */
export function swapSummaryWithoutDraft(
  reading: Exclude<SwapRequestReading, { kind: "request" }> | { kind: "unknownChain"; chain: string },
  language: L,
): string {
  const c = zh(language);
  switch (reading.kind) {
    case "needCoin": {
      const amount = reading.amount === null ? null : assetAmount(reading.amount, QUOTE);
      return c
        ? `你想${amount === null ? "" : `用 ${amount} `}买哪个币？请告诉我币种和数量，例如 ${EXAMPLES_ZH}，我会为兑换页准备好这笔兑换。`
        : `Which coin do you want to buy${amount === null ? "" : ` with ${amount}`}? Tell me the coin and the amount, for example ${EXAMPLES_EN}, and I'll prepare the swap for the swap screen.`;
    }
    case "needAmount":
      return c
        ? `你想用 ${reading.fromSymbol} 换多少 ${reading.toSymbol}？请给出数量，例如“用 100 ${reading.fromSymbol} 换 ${reading.toSymbol}”，我会为兑换页准备好这笔兑换。`
        : `How much do you want to swap from ${reading.fromSymbol} to ${reading.toSymbol}? Give an amount, for example “swap 100 ${reading.fromSymbol} to ${reading.toSymbol}”, and I'll prepare the swap for the swap screen.`;
    case "otherChain":
      return c
        ? `这里的兑换在 EVM 网络上用你自己的钱包完成，${reading.chain} 不是 EVM 网络，所以我没法准备这笔兑换。请换一个 EVM 网络，例如“在 BSC 上”。`
        : `Swaps here run on EVM networks from your own wallet; ${reading.chain} is not one, so I can't prepare this swap. Ask for it on an EVM network, for example “on BSC”.`;
    case "unknownChain":
      return c
        ? `${reading.chain} 不在本服务器的链列表里，所以我没法准备这笔兑换。`
        : `${reading.chain} is not in this server's chain table, so I can't prepare this swap.`;
    case "notTrade":
      return c
        ? `这不是兑换请求。请说明币种和数量，例如 ${EXAMPLES_ZH}，我会为兑换页准备好这笔兑换。`
        : `This isn't a swap request. Name the coins and the amount, for example ${EXAMPLES_EN}, and I'll prepare the swap for the swap screen.`;
  }
}

// ---- the aiSwap chat answer's handoff ----

export interface SwapHandoff {
  fromSymbol: string;
  toSymbol: string;
  amount: BuyAmount;
  chain: SwapChain | null;
  /** what is paid, in fromSymbol: the amount asked for, or (an amount to receive) worked out at the market price */
  payAmount: number;
}

/** The pay amount the swap screen is prefilled with: as asked, or an estimate to 6 significant digits. */
const linkAmount = (handoff: SwapHandoff) =>
  decimalText(handoff.amount.side === "pay" ? handoff.amount.value : Number(handoff.payAmount.toPrecision(6)));

/**
 * The end of an aiSwap answer for a complete request: the spec §4 progress steps it went through (in words: the chat
 * has no progress events), then the swap screen's link, which the chat shows as a "Review this swap" card. The link
 * names the tokens by symbol (the chat's tools have no token lists); the swap screen resolves them on its chain.
 */
export function swapHandoff(handoff: SwapHandoff, language: L): string[] {
  const { fromSymbol, toSymbol, amount, chain } = handoff;
  const c = zh(language);
  const payText =
    amount.side === "pay"
      ? assetAmount(amount.value, fromSymbol)
      : `${c ? "约 " : "about "}${assetAmount(Number(handoff.payAmount.toPrecision(6)), fromSymbol)}`;
  const receiveText = amount.side === "receive" ? assetAmount(amount.value, toSymbol) : toSymbol;
  const where = chain ? chain.name : c ? "兑换页当前的网络" : "the swap screen's network";
  const onChain = chain ? (c ? `，在 ${chain.name} 上` : ` on ${chain.name}`) : "";
  const steps = c
    ? [
        "**兑换订单**",
        `1. ✓ 分析需求：${asked(fromSymbol, toSymbol, amount, language)}${onChain}`,
        `2. ✓ 检查资产并生成订单：${[fromSymbol, toSymbol].filter((s) => s !== QUOTE).join("、") || QUOTE} 的价格见上文；你钱包里的余额由兑换页检查`,
        "3. ✓ 订单已生成（草稿）：在兑换页查看它，兑换页会获取实时报价（汇率、滑点后的最少到账、Gas、路径和预计时间），你在自己的钱包里批准并签名。",
      ]
    : [
        "**Swap order**",
        `1. ✓ Analyzing the requirement: ${asked(fromSymbol, toSymbol, amount, language)}${onChain}`,
        `2. ✓ Checking assets and generating the order: ${[fromSymbol, toSymbol].filter((s) => s !== QUOTE).join(" and ") || QUOTE} priced above; the swap screen checks your wallet's balance`,
        "3. ✓ Order generated (a draft): review it on the swap screen, which gets the live quote (rate, minimum received after slippage, gas, route and time); you approve and sign the swap in your own wallet.",
      ];
  const href = swapScreenHref({
    ...(chain ? { fromChainId: chain.chainId, toChainId: chain.chainId } : {}),
    fromToken: fromSymbol,
    toToken: toSymbol,
    amount: linkAmount(handoff),
  });
  const label = `${payText} → ${receiveText} · ${where}`;
  return [steps.join("\n"), `[${label.replaceAll(/[[\]]/g, "")}](${href})`];
}

/** Why a complete request on a chain wallet swaps do not run on gets no handoff. */
export function otherChainNote(chain: string, language: L): string {
  return zh(language)
    ? `这里的兑换在 EVM 网络上用你自己的钱包完成，${chain} 不是 EVM 网络，所以我没法把这笔兑换交给兑换页。`
    : `Swaps here run on EVM networks from your own wallet; ${chain} is not one, so I can't hand this swap to the swap screen.`;
}
