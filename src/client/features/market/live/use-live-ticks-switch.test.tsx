import { act, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../../shared/i18n/i18n.ts";
import { FakeEventSource } from "../../../shared/live/fake-event-source.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { MarketStatusLabel } from "../components/MarketStatusLabel.tsx";
import { LiveCoins, priceAndChange } from "../testing/live-coins.tsx";
import { btc, coin, coinList, eth, marketStatus } from "../testing/market-fixtures.ts";

/** The server switches between the replay and the live market (MARKET_PROVIDER=auto); the screen follows. */

const liveStatus = {
  mode: "live",
  label: "Live market · 2026-03-31",
  date: "2026-03-31",
  at: "2026-03-31T00:20:00.000Z",
} as const;
const liveSource = { mode: "live", provider: "Binance · CoinGecko", at: liveStatus.at } as const;

describe("a switch of the market source", () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });

  it("follows a switch of the server's source on the next tick: new label, lists read again, no error", async () => {
    let serving: "replay" | "live" = "replay";
    const api = stubApi((call) => {
      if (call.path === "market/status") return { data: serving === "replay" ? marketStatus : liveStatus };
      if (serving === "replay") return { data: coinList([btc, eth]) };
      return {
        data: {
          ...coinList([coin("BTC", 66797.37, 1.19, "Bitcoin"), coin("SOL", 83.5, -0.4, "Solana")]),
          source: liveSource,
        },
      };
    });
    renderWithProviders(<LiveCoins />);
    expect(await screen.findByText("Replay market · Mar 2, 2026")).toBeInTheDocument();
    const list = await screen.findByRole("table", { name: "Coin list" });
    const source = FakeEventSource.latest();

    // the server now serves the live market: its first tick says so
    serving = "live";
    const listReads = () => api.calls.filter((call) => call.path === "getCoinList").length;
    const readsBefore = listReads();
    act(() => {
      source.emit("tick", {
        at: liveStatus.at,
        market: liveStatus,
        ticks: [{ coinAbbr: "BTC", lastPrice: 66797.37, change: 1.19 }],
      });
    });
    expect(await screen.findByText("Live market")).toBeInTheDocument();
    await vi.waitFor(() => expect(priceAndChange(list, /SOL/)).toBe("$83.5-0.40%"));
    expect(within(list).queryByRole("row", { name: /ETH/ })).toBeNull();
    expect(listReads()).toBe(readsBefore + 1);
    expect(screen.queryByRole("alert")).toBeNull();

    // later ticks of the same source merge as before, without reading again
    act(() => {
      source.emit("tick", {
        at: liveStatus.at,
        market: liveStatus,
        ticks: [{ coinAbbr: "SOL", lastPrice: 84, change: 0.2 }],
      });
    });
    await vi.waitFor(() => expect(priceAndChange(list, /SOL/)).toBe("$84+0.20%"));
    expect(listReads()).toBe(readsBefore + 1);

    // and back to the replay when the live market goes away
    serving = "replay";
    act(() => {
      source.emit("tick", { at: marketStatus.at, market: marketStatus, ticks: [] });
    });
    expect(await screen.findByText("Replay market · Mar 2, 2026")).toBeInTheDocument();
    await vi.waitFor(() => expect(within(list).getByRole("row", { name: /ETH/ })).toBeInTheDocument());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("names the live market in Chinese", async () => {
    stubApi((call) => (call.path === "market/status" ? { data: liveStatus } : { data: coinList([btc]) }));
    await act(() => activateLocale("zh"));
    renderWithProviders(<MarketStatusLabel />);
    expect(await screen.findByText("实时行情")).toBeInTheDocument();
    await act(() => activateLocale("en"));
  });
});
