import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { NewsItemData } from "../../../../contract/news.ts";
import { i18n } from "../../../shared/i18n/i18n.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { CoinNews } from "./CoinNews.tsx";

const item = (n: number): NewsItemData => ({
  code: `n${n}`,
  title: `Ether headline ${n}`,
  content: "A summary.",
  url: null,
  createTime: "2026-03-10T10:00:00.000Z",
  source: "CoinDesk",
  article_pic_url: null,
  language: "en",
  coins: ["ETH"],
});

afterEach(() => {
  act(() => i18n.loadAndActivate({ locale: "en", messages: {} }));
});

describe("a coin's news", () => {
  it("lists the items tagged with the coin, newest first, and loads more by cursor", async () => {
    const api = stubApi((call) =>
      call.query.get("cursor") === "c2"
        ? { data: { list: [item(3)], next: null, mode: "archive" } }
        : { data: { list: [item(1), item(2)], next: "c2", mode: "archive" } },
    );
    const user = userEvent.setup();
    renderWithProviders(<CoinNews coinAbbr="ETH" />);
    const list = await screen.findByRole("list", { name: "News about ETH" });
    expect(within(list).getAllByRole("link")).toHaveLength(2);
    expect(within(list).getByRole("link", { name: /Ether headline 1/ })).toHaveAttribute("href", "/messageDetail/n1");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(list).findByRole("link", { name: /Ether headline 3/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(api.calls.map((call) => [call.path, call.query.get("coinAbbr"), call.query.get("cursor")])).toEqual([
      ["news/real/time", "ETH", null],
      ["news/real/time", "ETH", "c2"],
    ]);
    // an English reader's English news carries no language mark
    expect(screen.queryByText("English")).not.toBeInTheDocument();
  });

  it("says plainly when no news mentions the coin", async () => {
    stubApi(() => ({ data: { list: [], next: null, mode: "archive" } }));
    renderWithProviders(<CoinNews coinAbbr="PEPE" />);
    expect(await screen.findByText("No news mentions PEPE yet.")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("asks in Chinese for a Chinese reader and marks each English item as English", async () => {
    const api = stubApi(() => ({ data: { list: [item(1), item(2)], next: null, mode: "archive" } }));
    act(() => i18n.loadAndActivate({ locale: "zh", messages: {} }));
    renderWithProviders(<CoinNews coinAbbr="ETH" />);
    const list = await screen.findByRole("list");
    for (const link of within(list).getAllByRole("link")) expect(within(link).getByText("English")).toBeInTheDocument();
    expect(within(list).getAllByText(/Ether headline/)[0]).toHaveAttribute("lang", "en");
    expect(api.calls[0]?.query.get("language")).toBe("cn");
  });
});
