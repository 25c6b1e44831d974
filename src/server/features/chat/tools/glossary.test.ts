import { describe, expect, it } from "vitest";
import { findGlossaryEntry, GLOSSARY, normalizeTerm } from "./glossary.ts";

const CJK = /[\u4e00-\u9fff]/;

describe("the glossary", () => {
  it("holds at least thirty terms, each in English and Chinese", () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(30);
    expect(new Set(GLOSSARY.map((e) => e.id)).size).toBe(GLOSSARY.length);
    for (const entry of GLOSSARY) {
      expect(entry.en.title.length, entry.id).toBeGreaterThan(0);
      expect(entry.en.definition.length, entry.id).toBeGreaterThan(40);
      expect(entry.zh.title, entry.id).toMatch(CJK);
      expect(entry.zh.definition, entry.id).toMatch(CJK);
      expect(
        entry.aliases.some((a) => CJK.test(a)),
        `${entry.id} has a Chinese alias`,
      ).toBe(true);
    }
  });

  it("has no alias naming two entries, and related entries that exist", () => {
    const owner = new Map<string, string>();
    for (const entry of GLOSSARY) {
      for (const alias of entry.aliases) {
        const key = normalizeTerm(alias);
        expect(owner.get(key) ?? entry.id, `alias "${alias}"`).toBe(entry.id);
        owner.set(key, entry.id);
        expect(findGlossaryEntry(alias)?.id).toBe(entry.id);
      }
      for (const id of entry.related)
        expect(
          GLOSSARY.some((e) => e.id === id),
          `${entry.id} -> ${id}`,
        ).toBe(true);
    }
  });

  it("finds a term however it is written", () => {
    const cases: [string, string][] = [
      ["Stablecoins?", "stablecoin"],
      ["the market cap", "market-cap"],
      ["Proof-of-Stake", "proof-of-stake"],
      ["proof of work", "proof-of-work"],
      ["fear & greed index", "fear-and-greed-index"],
      ["NFTs", "nft"],
      ["liquidity in crypto", "liquidity"],
      ["“DeFi”", "defi"],
      ["币圈的杠杆", "leverage"],
      ["K线", "candlestick"],
      ["Gas费", "gas"],
    ];
    for (const [term, id] of cases) expect(findGlossaryEntry(term)?.id, term).toBe(id);
    expect(findGlossaryEntry("election")).toBeUndefined();
    expect(findGlossaryEntry("")).toBeUndefined();
  });

  it("reads the Chinese slang as the term it is", () => {
    // 跑路 (running off with the money) is a rug pull
    expect(findGlossaryEntry("跑路")?.en.title).toBe("Rug pull");
    expect(findGlossaryEntry("卷款跑路")?.id).toBe("rug-pull");
    expect(findGlossaryEntry("跑路")?.zh.title).toBe("跑路（Rug pull）");
    // a fearful mood is not FUD, and a trading fee is not gas
    expect(findGlossaryEntry("恐慌情绪")).toBeUndefined();
    expect(findGlossaryEntry("手续费")).toBeUndefined();
    expect(findGlossaryEntry("矿工费")?.id).toBe("gas");
  });
});
