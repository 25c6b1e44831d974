import { act, screen } from "@testing-library/react";
import { beforeEach, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../../shared/live/fake-event-source.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { LiveCoins, priceAndChange } from "../testing/live-coins.tsx";
import { btc, coinList, eth, marketStatus } from "../testing/market-fixtures.ts";

// A file of its own: the live channel lingers after a test's last listener leaves, and this test needs a fresh one.

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

it("a tick that arrives while the list is first read does not leave it loading", async () => {
  let answer: (() => void) | undefined;
  stubApi((call) => {
    if (call.path !== "getCoinList") return { data: marketStatus };
    // the list's first read is held until the tick has come
    return new Promise((resolve) => {
      answer = () => resolve({ data: coinList([btc, eth]) });
    });
  });
  renderWithProviders(<LiveCoins />);
  await vi.waitFor(() => expect(answer).toBeDefined());
  await vi.waitFor(() => expect(FakeEventSource.instances).not.toHaveLength(0));
  act(() => {
    FakeEventSource.latest().emit("tick", {
      at: "2026-03-02T12:01:00Z",
      ticks: [{ coinAbbr: "BTC", lastPrice: 65000, change: 2.5 }],
    });
  });
  act(() => answer?.());
  const list = await screen.findByRole("table", { name: "Coin list" });
  expect(priceAndChange(list, /ETH/)).toBe("$3,012.5-2.50%");
});
