import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { btc, coin, coinList, eth, pepe } from "../testing/market-fixtures.ts";
import { CoinSearchList } from "./CoinSearchList.tsx";

describe("coin search list", () => {
  it("lists coins with price, 1h / 24h / 7d change, volume and market cap, linking to their pages", async () => {
    stubApi(() => ({ data: coinList([btc, eth, pepe]) }));
    renderWithProviders(<CoinSearchList />);
    const table = await screen.findByRole("table", { name: "Coin list" });
    expect(within(table).getByRole("link", { name: /BTC/ })).toHaveAttribute("href", "/tokensData/BTC");
    const cells = (abbr: string) =>
      within(within(table).getByRole("row", { name: new RegExp(abbr) }))
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    // #, price, 1h, 24h, 7d, 24h volume, market cap (the coin itself is the row's header)
    expect(cells("BTC")).toEqual(["1", "$64,123.4568", "+0.50%", "+1.23%", "-3.21%", "1.23B", "1,260B"]);
    // what the data does not hold is said to be unknown, not guessed
    expect(cells("PEPE")).toEqual(["3", "$0.0₄123", "--", "0.00%", "--", "Unknown", "Unknown"]);
    expect(screen.getByText(/^Source: Binance \(replay\), market time /)).toBeInTheDocument();
  });

  it("pages through a market longer than a page", async () => {
    const many = Array.from({ length: 45 }, (_, i) => coin(`C${i + 1}`, i + 1, 0));
    const api = stubApi((call) => {
      const page = Number(call.query.get("page"));
      const size = Number(call.query.get("pageSize"));
      return { data: { ...coinList(many.slice((page - 1) * size, page * size)), total: many.length } };
    });
    const user = userEvent.setup();
    renderWithProviders(<CoinSearchList />);
    const pages = await screen.findByRole("navigation", { name: "Coin list pages" });
    expect(pages).toHaveTextContent("1–20 of 45");
    expect(within(pages).getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await within(pages).findByText("41–45 of 45")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Coin list" });
    await vi.waitFor(() =>
      expect(
        within(table)
          .getAllByRole("link")
          .map((link) => link.textContent),
      ).toEqual(["C41C41", "C42C42", "C43C43", "C44C44", "C45C45"]),
    );
    expect(within(pages).getByRole("button", { name: "Next" })).toBeDisabled();
    expect(api.calls.map((call) => call.query.get("page"))).toEqual(["1", "2", "3"]);
  });

  it("searches once typing pauses, not per key", async () => {
    const api = stubApi((call) => ({
      data: coinList(call.query.get("keyword") === "eth" ? [eth] : [btc, eth]),
    }));
    const user = userEvent.setup();
    renderWithProviders(<CoinSearchList />);
    await screen.findByRole("table", { name: "Coin list" });
    await user.type(screen.getByRole("searchbox", { name: "Search coins" }), "eth");
    const results = await screen.findByRole("table", { name: "Coins matching eth" });
    await vi.waitFor(() => expect(within(results).getAllByRole("link")).toHaveLength(1));
    expect(within(results).getByRole("link", { name: /ETH/ })).toHaveAttribute("href", "/tokensData/ETH");
    const keywords = api.calls.map((call) => call.query.get("keyword"));
    expect(keywords).toEqual([null, "eth"]);
  });

  it("waits 300 ms before searching", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = stubApi(() => ({ data: coinList([eth]) }));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderWithProviders(<CoinSearchList />);
      await user.type(screen.getByRole("searchbox", { name: "Search coins" }), "e");
      await vi.advanceTimersByTimeAsync(250);
      expect(api.calls.some((call) => call.query.get("keyword") === "e")).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      await vi.waitFor(() => expect(api.calls.some((call) => call.query.get("keyword") === "e")).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });

  it("says when nothing matches", async () => {
    stubApi((call) => ({ data: coinList(call.query.get("keyword") ? [] : [btc]) }));
    const user = userEvent.setup();
    renderWithProviders(<CoinSearchList />);
    await user.type(screen.getByRole("searchbox", { name: "Search coins" }), "zzz");
    expect(await screen.findByText('No coin matches "zzz".')).toBeInTheDocument();
  });
});
