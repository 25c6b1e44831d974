import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { AiRankingData } from "../../../contract/score.ts";
import { btc, coinList, eth, marketStatus, pepe } from "../../features/market/testing/market-fixtures.ts";
import { aiRanking, aiScore, rankedCoin } from "../../features/score/testing/score-fixtures.ts";
import { renderWithProviders } from "../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, type StubReply, stubApi } from "../../shared/testing/stub-api.ts";
import PopularTokensPage from "./PopularTokensPage.tsx";

function openDashboard(path: string, ranking: (call: RecordedCall) => StubReply) {
  const api = stubApi((call: RecordedCall) => {
    if (call.path === "market/status") return { data: marketStatus };
    if (call.path === "getDashboardSupCategory") return { data: { list: [] } };
    if (call.path === "getCoinList") return { data: coinList([btc, eth, pepe], { category: "meme", rule: "…" }) };
    if (call.path === "ai_ranking") return ranking(call);
    return { status: 404, code: 1001, msg: "not stubbed", data: null };
  });
  const location = memoryLocation({ path, record: true });
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Route path="/popularTokens/">
        <PopularTokensPage title={{ id: "Dashboard", message: "Dashboard" }} />
      </Route>
    </Router>,
  );
  return api;
}

const rankingCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === "ai_ranking");

/** The AI score column's cells, row by row (the last column). */
async function scoreCells(): Promise<string[]> {
  const table = await screen.findByRole("table", { name: "Meme coins" });
  const headers = within(table).getAllByRole("columnheader");
  expect(headers.at(-1)).toHaveTextContent("AI score");
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("td")].at(-1)?.textContent ?? "");
}

describe("dashboard coins with their AI score", () => {
  it("shows each coin's score and band from the same category's ranking; a coin without one says so", async () => {
    const api = openDashboard("/popularTokens/?type=meme", () => ({ data: aiRanking() }));
    expect(await screen.findByText("Positive")).toBeInTheDocument();
    const cells = await scoreCells();
    expect(cells[0]).toBe("65.5 Positive");
    // ETH and PEPE are not in the ranking: a dash, read as "No AI score"
    expect(cells.slice(1)).toEqual(["—No AI score", "—No AI score"]);
    const call = rankingCalls(api.calls)[0];
    expect(call?.query.get("category")).toBe("meme");
    expect(call?.query.get("pageSize")).toBe("100");
  });

  it("reads the ranking's next page when the category has more than 100 ranked coins", async () => {
    const page = (number: number): AiRankingData =>
      aiRanking({
        list:
          number === 1
            ? [{ coin: rankedCoin("BTC", "Bitcoin", 64_123.45), score: aiScore("BTC") }]
            : [{ coin: rankedCoin("ETH", "Ethereum", 3012.5), score: aiScore("ETH", [10, 15, 20, 5, 10]) }],
        total: 150,
        page: number,
        pageSize: 100,
      });
    const api = openDashboard("/popularTokens/?type=meme", (call) => ({
      data: page(Number(call.query.get("page"))),
    }));
    expect(await screen.findByText(/Very negative/)).toBeInTheDocument();
    const cells = await scoreCells();
    expect(cells[0]).toMatch(/Positive$/);
    expect(cells[1]).toMatch(/Very negative$/);
    expect(cells[2]).toBe("—No AI score");
    expect(rankingCalls(api.calls).map((call) => call.query.get("page"))).toEqual(["1", "2"]);
  });

  it("keeps the coins without the column when the ranking cannot be read", async () => {
    openDashboard("/popularTokens/?type=meme", () => ({ status: 500, code: 5000, msg: "busy", data: null }));
    const table = await screen.findByRole("table", { name: "Meme coins" });
    await screen.findByText("ETH");
    expect(within(table).queryByRole("columnheader", { name: "AI score" })).not.toBeInTheDocument();
    expect(within(table).getAllByRole("row")).toHaveLength(4);
  });
});
