import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { NewsItemData } from "../../../../contract/news.ts";
import { i18n } from "../../../shared/i18n/i18n.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { NewsDetail } from "./NewsDetail.tsx";

const item: NewsItemData = {
  code: "837c82c2c3c7",
  title: "CFTC director who made Bitcoin futures possible returns as chief of staff",
  content:
    "Amir Zaidi’s return signals a strengthening of crypto oversight as the agency prepares for new digital asset laws.",
  url: null,
  createTime: "2026-01-01T01:49:03.000Z",
  source: "Cointelegraph",
  article_pic_url: null,
  language: "en",
  coins: ["BTC"],
};

afterEach(() => {
  act(() => i18n.loadAndActivate({ locale: "en", messages: {} }));
});

describe("a news item's page", () => {
  it("shows the summary and the coins, and says plainly that the source gave no link", async () => {
    const api = stubApi(() => ({ data: item }));
    renderWithProviders(<NewsDetail code={item.code} />);
    expect(await screen.findByRole("heading", { level: 1, name: item.title })).toBeInTheDocument();
    expect(screen.getByText(/Amir Zaidi’s return signals/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "BTC" })).toHaveAttribute("href", "/tokensData/BTC");
    expect(screen.getByText("The source gave no link to the article.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Read at/ })).not.toBeInTheDocument();
    expect(api.calls[0]?.query.get("code")).toBe(item.code);
  });

  it("offers the article where there is a link, and says when there is no summary", async () => {
    stubApi(() => ({ data: { ...item, url: "https://blockworks.com/news/failure-is-an-option", content: null } }));
    renderWithProviders(<NewsDetail code={item.code} />);
    expect(await screen.findByRole("button", { name: "Read at Cointelegraph" })).toBeInTheDocument();
    expect(screen.getByText("The source gave no summary of this article.")).toBeInTheDocument();
    expect(screen.queryByText("The source gave no link to the article.")).not.toBeInTheDocument();
  });

  it("marks an English item as English for a Chinese reader", async () => {
    stubApi(() => ({ data: item }));
    act(() => i18n.loadAndActivate({ locale: "zh", messages: {} }));
    renderWithProviders(<NewsDetail code={item.code} />);
    expect(await screen.findByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
    expect(screen.getByText("English")).toBeInTheDocument();
  });
});
