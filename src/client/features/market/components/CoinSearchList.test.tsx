import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { btc, coinList, eth } from "../testing/market-fixtures.ts";
import { CoinSearchList } from "./CoinSearchList.tsx";

describe("coin search list", () => {
  it("lists coins with price and change, linking to their pages", async () => {
    stubApi(() => ({ data: coinList([btc, eth]) }));
    renderWithProviders(<CoinSearchList />);
    const list = await screen.findByRole("list", { name: "Coin list" });
    const row = within(list).getByRole("link", { name: /BTC/ });
    expect(row).toHaveAttribute("href", "/tokensData/BTC");
    expect(row).toHaveTextContent("BTCBitcoin$64,123.4568+1.23%");
  });

  it("searches once typing pauses, not per key", async () => {
    const api = stubApi((call) => ({
      data: coinList(call.query.get("keyword") === "eth" ? [eth] : [btc, eth]),
    }));
    const user = userEvent.setup();
    renderWithProviders(<CoinSearchList />);
    await screen.findByRole("list", { name: "Coin list" });
    await user.type(screen.getByRole("searchbox", { name: "Search coins" }), "eth");
    const results = await screen.findByRole("list", { name: "Coins matching eth" });
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
