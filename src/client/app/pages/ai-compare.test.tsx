import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { btc, coin, coinList, eth, marketStatus, tokenInfo } from "../../features/market/testing/market-fixtures.ts";
import { aiScore, aiScoreData } from "../../features/score/testing/score-fixtures.ts";
import { renderWithProviders } from "../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, stubApi } from "../../shared/testing/stub-api.ts";
import AiComparePage from "./AiComparePage.tsx";

const sol = coin("SOL", 84.12, -1.5, "Solana", { volume24h: 2_500_000_000, marketCap: 40_000_000_000 });
const coins = { BTC: btc, ETH: eth, SOL: sol };

function reply(call: RecordedCall) {
  const abbr = (call.query.get("coinAbbr") ?? "") as keyof typeof coins;
  if (call.path === "market/status") return { data: marketStatus };
  if (call.path === "getCoinList") return { data: coinList([btc, eth, sol]) };
  if (call.path === "dashboard/token/info" && coins[abbr]) {
    const found = coins[abbr];
    const figures = { price: found.lastPrice, change24h: found.change, change7d: found.change7d, rank: found.rank };
    return { data: tokenInfo({ coin: found, ...figures, volume24h: found.volume24h, marketCap: found.marketCap }) };
  }
  if (call.path === "dashboard/token/score" && abbr === "ETH") {
    return { data: aiScoreData({ score: aiScore("ETH", [30, 50, 85, 20, 40]) }) };
  }
  if (call.path === "dashboard/token/score" && coins[abbr]) return { data: aiScoreData({ score: aiScore(abbr) }) };
  return { status: 404, code: 1001, msg: "not stubbed", data: null };
}

function openCompare(path = "/aiCompare") {
  stubApi(reply);
  const location = memoryLocation({ path, record: true });
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AiComparePage title={{ id: "AI compare", message: "AI compare" }} />
    </Router>,
  );
  return location;
}

describe("AI compare page", () => {
  it("puts two picked coins side by side: market figures and AI score with its parts", async () => {
    const location = openCompare();
    const user = userEvent.setup();
    expect(screen.getByText("Pick two coins above to compare them.")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Compare BTC" }));
    await user.click(screen.getByRole("button", { name: "Compare ETH" }));
    expect(location.history?.at(-1)).toBe("/aiCompare?coins=BTC,ETH");
    expect(screen.getByRole("button", { name: "Compare BTC" })).toHaveAttribute("aria-pressed", "true");

    const bitcoin = await screen.findByRole("article", { name: "Bitcoin (BTC)" });
    const ethereum = await screen.findByRole("article", { name: "Ethereum (ETH)" });
    const figure = (card: HTMLElement, label: string) =>
      within(card).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(figure(bitcoin, "Price")).toBe("$64,123.4568");
    expect(figure(bitcoin, "Market cap")).toBe("1,260B");
    expect(figure(ethereum, "24h change")).toBe("-2.50%");
    expect(figure(ethereum, "Market cap")).toBe("364B");
    expect(await within(bitcoin).findByText("65.5")).toBeInTheDocument();
    expect(within(bitcoin).getByText("Positive")).toBeInTheDocument();
    expect(await within(ethereum).findByText("40.8")).toBeInTheDocument();
    expect(within(ethereum).getByText("Neutral")).toBeInTheDocument();
    const ethParts = within(ethereum).getByRole("list", { name: "Parts of ETH's AI score" });
    expect(within(ethParts).getByRole("listitem", { name: "Liquidity" })).toHaveTextContent("85 points");
    expect(within(ethParts).getByRole("listitem", { name: "Liquidity" })).toHaveTextContent("Weight15%");
    // the validation is said once for the page
    expect(screen.getAllByText(/^Over 52 weeks of history/)).toHaveLength(1);
  });

  it("refuses a third coin with what to do instead, and takes it once one is removed", async () => {
    const location = openCompare("/aiCompare?coins=BTC,ETH");
    const user = userEvent.setup();
    await screen.findByRole("article", { name: "Bitcoin (BTC)" });
    await user.click(await screen.findByRole("button", { name: "Compare SOL" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "You can compare at most 2 coins: remove BTC or ETH before adding SOL.",
    );
    expect(location.history?.at(-1)).toBe("/aiCompare?coins=BTC,ETH");
    expect(screen.queryByRole("article", { name: /SOL/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Remove ETH" }));
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Compare SOL" }));
    expect(location.history?.at(-1)).toBe("/aiCompare?coins=BTC,SOL");
    expect(await screen.findByRole("article", { name: "Solana (SOL)" })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Ethereum (ETH)" })).toBeNull();
  });

  it("keeps at most two coins from a hand-made link", async () => {
    openCompare("/aiCompare?coins=BTC,ETH,SOL");
    await screen.findByRole("article", { name: "Bitcoin (BTC)" });
    expect(screen.getAllByRole("article")).toHaveLength(2);
  });
});
