import { describe, expect, it } from "vitest";
import { priceTicker } from "../../../../../tests/support/price-ticker.ts";
import { type ChainEntry, NATIVE_TOKEN_ADDRESS, type SwapToken, swapDraftSchema } from "../../../../contract/swap.ts";
import { buildMarketView, type MarketView } from "../../market/market-view.ts";
import type { ChainTable, TokenLists } from "../ports.ts";
import { createSwapAssistant, HOT_TOKENS_MAX, marketSymbolOf } from "./swap-assistant.ts";

/**
 * The swap assistant over a two-chain table, hand-made token lists and a market view built from hand-made tickers:
 * every address and figure the answers hold is one of these.
 */

const AT = Date.parse("2026-03-20T09:00:00.000Z");

function chain(chainId: number, netWork: string, name: string, symbol: string, swappable = true): ChainEntry {
  return {
    netWork,
    chainId,
    name,
    symbol,
    decimals: 18,
    gasLimit: 500_000,
    rpcUrl: "http://127.0.0.1:1",
    blockExplorerUrls: [],
    isEvm: true,
    walletConnect: true,
    swappable,
    multicall: true,
  };
}

const CHAINS = [
  chain(1, "ETH", "Ethereum", "ETH"),
  chain(56, "BSC", "BNB Chain", "BNB", false),
  chain(137, "POLYGON", "Polygon", "POL"),
  { ...chain(1994, "BTC", "Bitcoin", "BTC"), isEvm: false },
];

const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

function token(chainId: number, symbol: string, n: number, isEnable = true): SwapToken {
  const netWork = CHAINS.find((c) => c.chainId === chainId)?.netWork ?? "";
  return {
    symbol,
    name: symbol,
    address: address(n),
    decimals: 18,
    logoURI: null,
    isCrossEnable: true,
    isEnable,
    chain: netWork,
    chainId,
  };
}

const LISTS: Record<number, SwapToken[]> = {
  1: [
    token(1, "USDT", 1),
    token(1, "USDC", 2),
    token(1, "WETH", 3),
    token(1, "WBTC", 4),
    token(1, "UNI", 5),
    token(1, "LINK", 6),
    token(1, "NOTPRICED", 7),
    token(1, "PEPE", 8, false),
    // the same contract twice (two lists name it): answered once
    token(1, "UNI", 5),
  ],
  137: [token(137, "USDT", 21), token(137, "WPOL", 22)],
  56: [token(56, "USDT", 11), token(56, "ETH", 12), token(56, "WBNB", 13), token(56, "CAKE", 14)],
};

const tokenLists = (lists: Record<number, SwapToken[]>): TokenLists => ({
  async list(chainId) {
    const list = lists[chainId];
    if (!list) throw new Error(`no list for ${chainId}`);
    return { tokens: list, source: "test list" };
  },
  async find(chainId, wanted) {
    return lists[chainId]?.find((t) => t.address.toLowerCase() === wanted.toLowerCase());
  },
});

const chains: ChainTable = {
  all: () => CHAINS,
  byId: (chainId) => CHAINS.find((c) => c.chainId === chainId),
  client: () => undefined,
  txUrl: () => null,
};

const ticker = (symbol: string, lastPrice: number, quoteVolume24h: number | null, change24h: number | null) =>
  priceTicker(symbol, lastPrice, AT, {
    volume24h: quoteVolume24h === null ? null : quoteVolume24h / lastPrice,
    quoteVolume24h,
    change24h,
  });

const TICKERS = [
  ticker("BTC", 70_000, 9_000_000_000, 1.234),
  ticker("ETH", 2_000, 5_000_000_000, -2.5),
  ticker("SOL", 150, 2_000_000_000, 3),
  ticker("LINK", 12.5, 300_000_000, null),
  ticker("UNI", 7.25, 400_000_000, 0.5),
  ticker("USDC", 1, 1_000_000_000, 0),
  ticker("BNB", 600, 800_000_000, 1),
  ticker("CAKE", 2.5, null, 4),
];

const view: MarketView = buildMarketView({ at: AT, tickers: TICKERS }, [], "replay", "Binance (replay)");

function assistant(defaultChainId = 1, marketView: MarketView = view, lists = LISTS) {
  return createSwapAssistant({
    tokens: tokenLists(lists),
    chains,
    market: { view: () => marketView },
    defaultChainId: () => defaultChainId,
  });
}

describe("summaryForSwap", () => {
  it("reads buy 500 USDT of SOL on the default chain; SOL is not on its list", async () => {
    const { draft, summary } = await assistant().summary({ question: "buy 500 USDT of SOL", language: "en" });
    expect(draft).toEqual({
      fromSymbol: "USDT",
      toSymbol: "SOL",
      amount: "500",
      amountSide: "pay",
      chainId: 1,
      fromToken: address(1),
      toToken: null,
    });
    expect(swapDraftSchema.parse(draft)).toEqual(draft);
    expect(summary).toContain("You asked to swap 500 USDT for SOL on Ethereum.");
    expect(summary).toContain("The swap screen will open with USDT → SOL on Ethereum and 500 USDT to pay");
    expect(summary).toContain("SOL is not on Ethereum's token list: pick it on the swap screen by contract address.");
    expect(summary).toContain("You approve and sign the swap in your own wallet; I don't place orders");
  });

  it("ETH is the coin on Ethereum; an amount to receive keeps its side", async () => {
    const { draft, summary } = await assistant().summary({ question: "buy 2 ETH", language: "en" });
    expect(draft).toMatchObject({ fromSymbol: "USDT", toSymbol: "ETH", amount: "2", amountSide: "receive" });
    expect(draft?.toToken).toBe(NATIVE_TOKEN_ADDRESS);
    expect(summary).toContain("and 2 ETH to receive");
    expect(summary).not.toContain("token list");
  });

  it("answers in Chinese for cn and zh, with the request's own chain (用 1000 USDT 买 ETH 在BSC上)", async () => {
    for (const language of ["cn", "zh"] as const) {
      const { draft, summary } = await assistant().summary({ question: "在BSC上用 1000 USDT 买 ETH", language });
      // ETH on BNB Chain is the list's ETH token, not the chain's coin
      expect(draft).toEqual({
        fromSymbol: "USDT",
        toSymbol: "ETH",
        amount: "1000",
        amountSide: "pay",
        chainId: 56,
        fromToken: address(11),
        toToken: address(12),
      });
      expect(summary).toContain("你想在 BNB Chain 上用 1,000 USDT 换 ETH。兑换页会打开 BNB Chain 上的 USDT → ETH");
      expect(summary).toContain("本服务器目前无法获取 BNB Chain 上的兑换报价。");
      expect(summary).toContain("你在自己的钱包里批准并签名这笔兑换");
    }
  });

  it("on BSC: BNB is the chain's coin; a coin wrapped on the list otherwise (BNB on Ethereum has none)", async () => {
    const onBsc = await assistant().summary({ question: "swap 1 BNB to USDT on BSC", language: "en" });
    expect(onBsc.draft).toMatchObject({ chainId: 56, fromSymbol: "BNB", fromToken: NATIVE_TOKEN_ADDRESS });
    expect(onBsc.draft?.toToken).toBe(address(11));
    expect(onBsc.summary).toContain("This server cannot get swap quotes on BNB Chain at the moment.");

    const btc = await assistant().summary({ question: "swap 0.1 BTC to USDT", language: "en" });
    expect(btc.draft).toMatchObject({ chainId: 1, fromSymbol: "BTC", fromToken: address(4), amount: "0.1" });

    const bnbOnEthereum = await assistant(1).summary({ question: "sell 1 BNB", language: "en" });
    expect(bnbOnEthereum.draft).toMatchObject({ chainId: 1, fromToken: null, toToken: address(1) });
    expect(bnbOnEthereum.summary).toContain("BNB is not on Ethereum's token list");
  });

  it("POL (or its old name MATIC) is the coin on Polygon", async () => {
    for (const question of ["swap 10 POL to USDT on Polygon", "swap 10 MATIC to USDT on Polygon"]) {
      const { draft } = await assistant().summary({ question, language: "en" });
      expect(draft, question).toMatchObject({ chainId: 137, fromToken: NATIVE_TOKEN_ADDRESS, toToken: address(21) });
    }
  });

  it("uses the default chain when none is named", async () => {
    const { draft } = await assistant(56).summary({ question: "buy 100 USDT of CAKE", language: "en" });
    expect(draft).toMatchObject({ chainId: 56, fromToken: address(11), toToken: address(14) });
  });

  it("asks for the coin when none is named", async () => {
    const en = await assistant().summary({ question: "buy 500 USDT", language: "en" });
    expect(en).toEqual({
      draft: null,
      summary: expect.stringMatching(/^Which coin do you want to buy with 500 USDT\?/),
    });
    const zh = await assistant().summary({ question: "我想买点币", language: "cn" });
    expect(zh.draft).toBeNull();
    expect(zh.summary).toMatch(/^你想买哪个币？/);
  });

  it("asks for the amount when none is given", async () => {
    const en = await assistant().summary({ question: "buy SOL", language: "en" });
    expect(en.draft).toBeNull();
    expect(en.summary).toContain("How much do you want to swap from USDT to SOL? Give an amount");
    const zh = await assistant().summary({ question: "把 ETH 换成 USDC", language: "zh" });
    expect(zh.draft).toBeNull();
    expect(zh.summary).toContain("你想用 ETH 换多少 USDC？");
  });

  it("says when the question is not a swap request, or asks for a chain swaps do not run on", async () => {
    const notSwap = await assistant().summary({ question: "What is the BTC price?", language: "en" });
    expect(notSwap).toEqual({ draft: null, summary: expect.stringMatching(/^This isn't a swap request\./) });
    const zh = await assistant().summary({ question: "比特币价格是多少", language: "cn" });
    expect(zh.summary).toMatch(/^这不是兑换请求。/);

    const solana = await assistant().summary({ question: "buy 100 USDT of SOL on Solana", language: "en" });
    expect(solana.draft).toBeNull();
    expect(solana.summary).toContain("Solana is not one");

    const bitcoinDefault = await assistant(1994).summary({ question: "buy 100 USDT of ETH", language: "en" });
    expect(bitcoinDefault.draft).toBeNull();
    expect(bitcoinDefault.summary).toBe("Bitcoin is not in this server's chain table, so I can't prepare this swap.");
  });
});

describe("marketSymbolOf", () => {
  it("prices a wrapped coin as its coin, and an old coin name under the current one", () => {
    expect(marketSymbolOf("WETH")).toBe("ETH");
    expect(marketSymbolOf("wbnb")).toBe("BNB");
    expect(marketSymbolOf("WMATIC")).toBe("POL");
    expect(marketSymbolOf("MATIC")).toBe("POL");
    expect(marketSymbolOf("WPOL")).toBe("POL");
    expect(marketSymbolOf("usdc")).toBe("USDC");
  });
});

describe("hotTokenForSwap", () => {
  it("the chain's enabled list tokens the market prices, by its 24h USDT volume, with price, change, source and time", async () => {
    const data = await assistant().hotTokens({ chainId: 1 });
    expect(data.tokens.map((t) => [t.symbol, t.price, t.change24h])).toEqual([
      // WBTC and WETH are priced as the coins they wrap
      ["WBTC", "70000", 1.23],
      ["WETH", "2000", -2.5],
      ["USDC", "1", 0],
      ["UNI", "7.25", 0.5],
      ["LINK", "12.5", null],
    ]);
    expect(data.tokens[0]).toMatchObject({ address: address(4), chainId: 1, chain: "ETH" });
    expect(data.source).toBe("Binance (replay)");
    expect(data.asOf).toBe("2026-03-20T09:00:00.000Z");
  });

  it("the default chain when none is asked; a ticker without volume is left out", async () => {
    const data = await assistant(56).hotTokens({});
    expect(data.tokens.map((t) => t.symbol)).toEqual(["ETH", "WBNB"]);
  });

  it(`answers at most ${HOT_TOKENS_MAX}`, async () => {
    const many = Array.from({ length: 30 }, (_, i) => ticker(`C${i}`, 1 + i, 1_000 * (i + 1), null));
    const lists = { ...LISTS, 1: [...(LISTS[1] ?? []), ...many.map((t, i) => token(1, t.symbol, 100 + i))] };
    const wide = buildMarketView({ at: AT, tickers: [...TICKERS, ...many] }, [], "live", "Binance");
    const data = await assistant(1, wide, lists).hotTokens({ chainId: 1 });
    expect(data.tokens).toHaveLength(HOT_TOKENS_MAX);
    expect(data.tokens.slice(0, 5).map((t) => t.symbol)).toEqual(["WBTC", "WETH", "USDC", "UNI", "LINK"]);
    expect(data.tokens.at(-1)?.symbol).toBe("C15");
    expect(data.source).toBe("Binance");
  });
});
