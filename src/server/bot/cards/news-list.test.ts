import { describe, expect, it } from "vitest";
import type { NewsItemData } from "../../../contract/news.ts";
import type { BotMessage } from "../bot-context.ts";
import { newsListHtml } from "./news-list.ts";

const t = (message: BotMessage) => message.message;

function item(index: number, overrides: Partial<NewsItemData> = {}): NewsItemData {
  return {
    code: `n${index}`,
    title: `Headline ${index}`,
    content: null,
    url: `https://news.example/${index}`,
    createTime: `2025-02-0${index}T10:30:00.000Z`,
    source: "news.example",
    article_pic_url: null,
    language: "en",
    coins: [],
    ...overrides,
  };
}

describe("newsListHtml", () => {
  it("lists five headlines, each linked, with outlet and time", () => {
    const html = newsListHtml(
      [1, 2, 3, 4, 5, 6].map((i) => item(i)),
      { mode: "live", language: "en", t },
    );
    expect(html.split("\n")).toEqual([
      "<b>Latest crypto headlines</b>",
      "<i>From the news feeds, newest first</i>",
      ...[1, 2, 3, 4, 5].flatMap((i) => [
        "",
        `${i}. <a href="https://news.example/${i}">Headline ${i}</a>`,
        `news.example · 2025-02-0${i} 10:30 UTC`,
      ]),
    ]);
  });

  it("escapes titles, outlets and links from feeds, and links items without an article to their page", () => {
    const html = newsListHtml(
      [
        item(1, { title: '<b>Big</b> & "news"', source: "a<b>", url: 'https://x.example/?a=1&b="2"' }),
        item(2, { url: "javascript:alert(1)" }),
        item(3, { url: null }),
      ],
      { mode: "archive", language: "en", t, itemPage: (code) => `https://app.example/messageDetail/${code}` },
    );
    expect(html).toContain(
      '1. <a href="https://x.example/?a=1&amp;b=&quot;2&quot;">&lt;b&gt;Big&lt;/b&gt; &amp; &quot;news&quot;</a>',
    );
    expect(html).toContain("a&lt;b&gt; · ");
    expect(html).toContain('2. <a href="https://app.example/messageDetail/n2">Headline 2</a>');
    expect(html).toContain('3. <a href="https://app.example/messageDetail/n3">Headline 3</a>');
  });

  it("says when there are no headlines, and when a Chinese reader gets English ones", () => {
    expect(newsListHtml([], { mode: "live", language: "en", t })).toContain("No headlines right now.");
    expect(newsListHtml([item(1)], { mode: "live", language: "zh", t })).toContain(
      "No headlines in Chinese from these sources: shown in English.",
    );
  });
});
