import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { replaySource } from "../testing/market-fixtures.ts";
import { SentimentPanel } from "./SentimentPanel.tsx";

function sentiment(counts: { rising: number; falling: number; unchanged: number; universe: number }) {
  const counted = counts.rising + counts.falling + counts.unchanged;
  return {
    Fear_and_Greed_Index: {
      data: [{ value: 40, value_classification: "Fear", timestamp: "2026-03-02T00:00:00.000Z" }],
      method: "test",
    },
    TOP100_Currency_Index: {
      data: Array.from({ length: counted }, (_, i) => ({ symbol: `C${i}`, changePercent24Hr: 0 })),
      ...counts,
      counted,
    },
    source: replaySource,
  };
}

describe("sentiment panel", () => {
  it("counts rising, falling and unchanged coins over the coins it counted, not 'top 100'", async () => {
    stubApi(() => ({ data: sentiment({ rising: 70, falling: 48, unchanged: 2, universe: 120 }) }));
    renderWithProviders(<SentimentPanel />);
    const panel = await screen.findByRole("region", { name: "Market sentiment" });
    expect(await within(panel).findByText("Over 24 hours, of the 120 coins of this market:")).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Rising", "Falling", "Unchanged"]);
    expect(
      within(panel)
        .getAllByRole("definition")
        .map((value) => value.textContent),
    ).toEqual(["70", "48", "2"]);
    expect(panel.textContent).not.toMatch(/top 100/i);
  });

  it("names the coins without a 24h change apart", async () => {
    stubApi(() => ({ data: sentiment({ rising: 5, falling: 3, unchanged: 0, universe: 10 }) }));
    renderWithProviders(<SentimentPanel />);
    expect(
      await screen.findByText("Over 24 hours, of the 8 coins with a 24h change (10 in this market):"),
    ).toBeInTheDocument();
  });
});
