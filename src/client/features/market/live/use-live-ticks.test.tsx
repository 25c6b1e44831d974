import { act, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../../shared/live/fake-event-source.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { LiveCoins, priceAndChange } from "../testing/live-coins.tsx";
import { btc, coinList, eth, marketStatus, pepe } from "../testing/market-fixtures.ts";
import { mergeTicksIntoCoinList } from "./merge-ticks.ts";

describe("live ticks", () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });

  it("merges pushed prices into the cached coin list without refetching", async () => {
    const api = stubApi((call) =>
      call.path === "market/status" ? { data: marketStatus } : { data: coinList([btc, eth]) },
    );
    renderWithProviders(<LiveCoins />);
    const list = await screen.findByRole("table", { name: "Coin list" });
    expect(priceAndChange(list, /BTC/)).toBe("$64,123.4568+1.23%");
    const source = FakeEventSource.latest();
    expect(source.url).toMatch(/^\/v2\/api\/push\?lang=en&deviceNo=[0-9a-f]{32}$/);
    const callsBefore = api.calls.length;
    act(() => {
      source.emit("tick", { at: "2026-03-02T12:01:00Z", ticks: [{ coinAbbr: "BTC", lastPrice: 65000, change: 2.5 }] });
    });
    await vi.waitFor(() => expect(priceAndChange(list, /BTC/)).toBe("$65,000+2.50%"));
    expect(priceAndChange(list, /ETH/)).toBe("$3,012.5-2.50%");
    act(() => {
      source.emit("hello", { market: { ...marketStatus, date: "2026-03-03" }, lang: "en" });
    });
    expect(await screen.findByText("Replay market · Mar 3, 2026")).toBeInTheDocument();
    expect(api.calls.length).toBe(callsBefore);
  });

  it("keeps the same list object when no listed coin ticked", () => {
    const list = coinList([btc]);
    expect(mergeTicksIntoCoinList(list, [{ coinAbbr: "DOGE", lastPrice: 1, change: 0 }])).toBe(list);
    expect(mergeTicksIntoCoinList(list, [{ coinAbbr: "btc", lastPrice: 2, change: null }])?.list[0]).toMatchObject({
      lastPrice: 2,
      change: null,
    });
  });

  it("moves a known market cap with the pushed price and leaves an unknown one unknown", () => {
    const list = coinList([btc, pepe]);
    const merged = mergeTicksIntoCoinList(list, [
      { coinAbbr: "BTC", lastPrice: btc.lastPrice * 2, change: 1 },
      { coinAbbr: "PEPE", lastPrice: 0.00002, change: 1 },
    ]);
    expect(merged?.list[0]?.marketCap).toBeCloseTo((btc.marketCap ?? 0) * 2, 0);
    expect(merged?.list[1]?.marketCap).toBeNull();
  });
});
