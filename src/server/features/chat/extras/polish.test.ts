import { describe, expect, it } from "vitest";
import { polishInstruction } from "./polish.ts";

const english: [string, string][] = [
  ["  what is   the btc price today  ", "What is the BTC price today?"],
  ["btc price today", "What is the price of BTC today?"],
  ["explain tvl in defi", "Could you explain total value locked (TVL) in DeFi?"],
  ["pls explain dca", "Could you please explain dollar-cost averaging (DCA)?"],
  ["eth vs sol", "How does ETH compare with SOL?"],
  ["is btc near its ath ??", "Is BTC near its all-time high?"],
  ["i bought eth at 3000 , should i sell", "I bought ETH at 3000, should I sell?"],
  ["market sentiment", "Could you tell me about market sentiment?"],
  ["sol trend", "What is the trend for SOL?"],
  ["latest eth news", "What is the latest news about ETH?"],
  ["Compare BTC and ETH.", "Could you compare BTC and ETH?"],
  ["btc dropped 5% today. why", "BTC dropped 5% today. Why?"],
  ["how r u reading the market rn", "How are you reading the market right now?"],
  ["whats the mcap of sol", "What's the market cap of SOL?"],
  ["explain perps thanks", "Could you explain perpetual futures? Thanks!"],
  ["can i buy 0.5 eth with 1,000 usdt", "Can I buy 0.5 ETH with 1,000 USDT?"],
  ["I hold some btc.", "I hold some BTC."],
  ["summarize https://example.com/u/r?x=1,y", "Could you summarize https://example.com/u/r?x=1,y?"],
  ["ＢＴＣ price", "What is the price of BTC?"],
  ["Is the TVL of DeFi rising", "Is the TVL of DeFi rising?"],
  ["gas price", "Could you tell me about gas price?"],
  ["bitcoin news", "What is the latest news about Bitcoin?"],
];

const chinese: [string, string][] = [
  ["btc价格", "BTC现在的价格是多少？"],
  ["大饼 走势", "比特币的走势如何？"],
  ["分析一下 eth", "能帮我分析一下ETH吗？"],
  ["请帮我看看sol,谢谢", "能帮我看看SOL吗？谢谢！"],
  ["tvl是什么", "总锁仓量（TVL）是什么？"],
  ["比特币会涨吗?", "比特币会涨吗？"],
  ["我想买btc", "我想买BTC，有什么建议吗？"],
  ["以太坊 vs 比特币", "以太坊和比特币相比如何？"],
  ["以太坊和比特币对比", "以太坊和比特币相比如何？"],
  ["1,000 usdt能买多少eth", "1,000 USDT能买多少ETH？"],
  ["减半", "关于减半，能详细介绍一下吗？"],
  ["sol新闻", "SOL有什么最新消息？"],
  ["今天行情不好. 还能买吗??", "今天行情不好。还能买吗？"],
  ["ｅｔｈ 现货价格", "ETH现货现在的价格是多少？"],
  ["解释一下 defi (去中心化金融)", "能帮我解释一下DeFi（去中心化金融）吗？"],
];

describe("polishInstruction", () => {
  it.each(english)("en: %j -> %j", (input, expected) => {
    expect(polishInstruction(input, "en")).toBe(expected);
  });

  it.each(chinese)("cn: %j -> %j", (input, expected) => {
    expect(polishInstruction(input, "cn")).toBe(expected);
  });

  it("is idempotent: a polished prompt stays as it is", () => {
    for (const [, polished] of [...english, ...chinese]) {
      expect(polishInstruction(polished, "en")).toBe(polished);
      expect(polishInstruction(polished, "cn")).toBe(polished);
    }
  });

  it("keeps the text's own language whatever the language setting says", () => {
    expect(polishInstruction("eth vs sol", "cn")).toBe("How does ETH compare with SOL?");
    expect(polishInstruction("btc价格", "en")).toBe("BTC现在的价格是多少？");
  });

  it("keeps lines, shapes only the last one, and leaves list items alone", () => {
    expect(polishInstruction("i hold btc and eth\n\n\ncompare them", "en")).toBe(
      "I hold BTC and ETH\nCould you compare them?",
    );
    expect(polishInstruction("compare:\n- btc\n- eth", "en")).toBe("Compare:\n- BTC\n- ETH");
  });

  it("leaves acronyms typed in capitals, link-like words and unknown words as they are", () => {
    expect(polishInstruction("what is the ATH of link", "en")).toBe("What is the ATH of link?");
    expect(polishInstruction("what about r/cryptocurrency", "en")).toBe("What about r/cryptocurrency?");
  });

  it("answers empty text for whitespace", () => {
    expect(polishInstruction(" \n\t ", "en")).toBe("");
  });
});
