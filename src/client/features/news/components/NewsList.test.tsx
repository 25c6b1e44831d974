import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { NewsItemData } from "../../../../contract/news.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { NewsList } from "./NewsList.tsx";

function item(n: number): NewsItemData {
  return {
    code: `n${n}`,
    title: `Headline ${n}`,
    content: null,
    url: null,
    createTime: "2024-05-01T10:00:00Z",
    source: "CoinDesk",
    article_pic_url: null,
    language: "en",
    coins: [],
  };
}

describe("news list", () => {
  it("pages by cursor with Load more until there is no next page", async () => {
    const api = stubApi((call) => {
      const cursor = call.query.get("cursor");
      return cursor === "c2"
        ? { data: { list: [item(3)], next: null, mode: "archive" } }
        : { data: { list: [item(1), item(2)], next: "c2", mode: "archive" } };
    });
    const user = userEvent.setup();
    renderWithProviders(<NewsList feed="news" language="en" />);
    const list = await screen.findByRole("list", { name: "News" });
    expect(await within(list).findAllByRole("link")).toHaveLength(2);
    expect(within(list).getByRole("link", { name: /Headline 1/ })).toHaveAttribute("href", "/messageDetail/n1");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(list).findByRole("link", { name: /Headline 3/ })).toBeInTheDocument();
    expect(within(list).getAllByRole("link")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(api.calls.map((call) => [call.path, call.query.get("cursor"), call.query.get("language")])).toEqual([
      ["news/real/time", null, "en"],
      ["news/real/time", "c2", "en"],
    ]);
  });

  it("searches the hot list by keyword", async () => {
    const api = stubApi(() => ({ data: { list: [item(7)], next: null, mode: "archive" } }));
    renderWithProviders(<NewsList feed="hot" language="cn" initialKeyword="ETF" />);
    expect(await screen.findByRole("link", { name: /Headline 7/ })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search news" })).toHaveValue("ETF");
    expect(api.calls[0]?.path).toBe("news/hot/list");
    expect(api.calls[0]?.query.get("keyword")).toBe("ETF");
    expect(api.calls[0]?.query.get("language")).toBe("cn");
  });

  it("says when nothing matches", async () => {
    stubApi(() => ({ data: { list: [], next: null, mode: "archive" } }));
    renderWithProviders(<NewsList feed="news" language="en" initialKeyword="zzz" />);
    expect(await screen.findByText('No news matches "zzz".')).toBeInTheDocument();
  });
});
