import { describe, expect, it } from "vitest";
import { createRecommender, RECOMMENDED_COUNT, recommendedQuestions, swapQuestions } from "./suggestions.ts";

describe("recommended questions", () => {
  it("give `count` different questions per page and move on to others on the next page", () => {
    const first = recommendedQuestions("en", 4, 0);
    const second = recommendedQuestions("en", 4, 1);
    expect(new Set(first).size).toBe(4);
    expect(second.filter((q) => first.includes(q))).toEqual([]);
  });

  it("mix kinds of questions on one page (price, trend, compare, news, ...)", () => {
    const page = recommendedQuestions("en", 4, 0);
    expect(page[0]).toMatch(/price/i);
    expect(page[1]).toMatch(/trend/i);
    expect(page[2]).toMatch(/compare/i);
    expect(page[3]).toMatch(/news/i);
  });

  it("are the same questions in Chinese", () => {
    expect(recommendedQuestions("cn", 3, 2)).toHaveLength(3);
    for (const question of recommendedQuestions("cn", 10, 0)) expect(question).toMatch(/\p{Script=Han}/u);
  });

  it("wrap around and cap the count at the list's length", () => {
    const all = recommendedQuestions("en", 1000, 0);
    expect(all).toHaveLength(RECOMMENDED_COUNT);
    expect(new Set(all).size).toBe(RECOMMENDED_COUNT);
    expect(recommendedQuestions("en", 5, RECOMMENDED_COUNT)).toEqual(recommendedQuestions("en", 5, 0));
  });

  it("rotate per call, and depend only on the seed when one is given", () => {
    const recommender = createRecommender();
    const a = recommender.next("en", 4);
    const b = recommender.next("en", 4);
    expect(b).not.toEqual(a);
    expect(recommender.next("en", 4, 9)).toEqual(recommendedQuestions("en", 4, 9));
    expect(recommender.next("en", 4, 9)).toEqual(recommendedQuestions("en", 4, 9));
  });
});

describe("swap questions", () => {
  it("come in both languages, one for one", () => {
    const en = swapQuestions("en");
    const cn = swapQuestions("cn");
    expect(en.length).toBeGreaterThan(3);
    expect(cn).toHaveLength(en.length);
    // a copy: callers cannot change the list
    en.pop();
    expect(swapQuestions("en")).toHaveLength(cn.length);
  });
});
