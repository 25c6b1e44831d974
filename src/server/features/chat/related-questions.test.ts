import { describe, expect, it } from "vitest";
import { relatedQuestions, symbolsOf } from "./related-questions.ts";

describe("related questions", () => {
  it("finds the coins a question and the tools' inputs name", () => {
    expect(symbolsOf("Compare BTC and ETH please")).toEqual(["BTC", "ETH"]);
    expect(symbolsOf("比特币今天涨了吗")).toEqual(["BTC"]);
    expect(symbolsOf("what is AI and an ETF")).toEqual([]);
    expect(symbolsOf("how is it doing", [{ symbol: "solusdt", interval: "1h" }, { coins: ["DOGE"] }])).toEqual([
      "SOL",
      "DOGE",
    ]);
  });

  it("offers three follow-ups about the coin asked about, in English", () => {
    const related = relatedQuestions("What is the price of SOL?", "en");
    expect(related).toHaveLength(3);
    expect(related).toEqual([
      "How has SOL trended over the last 7 days?",
      "What news is moving SOL?",
      "Compare SOL with BTC",
    ]);
  });

  it("follows the intent: a comparison offers each coin's trend", () => {
    expect(relatedQuestions("Compare BTC vs ETH", "en")).toEqual([
      "How has BTC trended over the last 7 days?",
      "How has ETH trended over the last 7 days?",
      "What news is moving BTC?",
    ]);
  });

  it("answers in Chinese for a Chinese chat, and offers market questions without a coin", () => {
    expect(relatedQuestions("以太坊走势如何", "cn")).toEqual([
      "ETH 的支撑位和阻力位在哪里？",
      "有哪些新闻在影响 ETH？",
      "对比 ETH 和 BTC",
    ]);
    const general = relatedQuestions("hello", "en");
    expect(general).toHaveLength(3);
    expect(general[0]).toBe("What moved the market today?");
  });

  it("never offers the question that was asked", () => {
    expect(relatedQuestions("What moved the market today?", "en")).not.toContain("What moved the market today?");
  });
});
