import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { btc, coinList, eth, pepe } from "../testing/market-fixtures.ts";
import { CategoryCoins } from "./CategoryCoins.tsx";

describe("category coins", () => {
  it("says why a category is empty, in the reader's words, instead of an empty table", async () => {
    stubApi(() => ({
      data: coinList([], {
        category: "defai",
        rule: "Coins the market's data tags DeFAI, by market-cap rank",
        reason: { code: "untagged", text: "No coin in the replay data is tagged DeFAI; live data may have some" },
      }),
    }));
    renderWithProviders(<CategoryCoins category="defai" label="DeFAI" />);
    const reason = await screen.findByText("No coin in the replay data is tagged DeFAI. Live data may have some.");
    expect(reason).toHaveAttribute("role", "status");
    expect(screen.getByText("Coins the market's data tags DeFAI, by market-cap rank.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByText(/^Source: Binance \(replay\), market time /)).toBeInTheDocument();
  });

  it("says when no coin rose for the gainers", async () => {
    stubApi(() => ({
      data: coinList([], {
        category: "gainer",
        rule: "…",
        reason: { code: "noneRose", text: "No coin rose over the last 24 hours" },
      }),
    }));
    renderWithProviders(<CategoryCoins category="gainer" label="Top gainers" />);
    expect(await screen.findByText("No coin rose over the last 24 hours.")).toHaveAttribute("role", "status");
    expect(screen.getByText("The 20 coins that rose most over the last 24 hours.")).toBeInTheDocument();
  });

  it("lists a category's coins with its rule; an unknown market cap reads Unknown", async () => {
    const api = stubApi(() => ({ data: coinList([eth, btc, pepe], { category: "hot", rule: "…" }) }));
    renderWithProviders(<CategoryCoins category="hot" label="Hot" />);
    const table = await screen.findByRole("table", { name: "Hot coins" });
    expect(screen.getByText("The 20 coins with the highest 24h trading volume in USDT.")).toBeInTheDocument();
    const marketCaps = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.querySelectorAll("td")[6]?.textContent);
    expect(marketCaps).toEqual(["364B", "1,260B", "Unknown"]);
    expect(api.calls[0]?.query.get("category")).toBe("hot");
    // three coins fit one page: no pager
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });
});
