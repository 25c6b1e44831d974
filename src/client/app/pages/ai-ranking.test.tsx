import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { marketStatus } from "../../features/market/testing/market-fixtures.ts";
import { aiRanking } from "../../features/score/testing/score-fixtures.ts";
import { renderWithProviders } from "../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, stubApi } from "../../shared/testing/stub-api.ts";
import AiRankingPage from "./AiRankingPage.tsx";

function openRanking(path: string, answer = aiRanking()) {
  const api = stubApi((call: RecordedCall) => {
    if (call.path === "market/status") return { data: marketStatus };
    if (call.path === "ai_ranking") return { data: answer };
    return { status: 404, code: 1001, msg: "not stubbed", data: null };
  });
  const location = memoryLocation({ path, record: true });
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Route path="/aiRanking">
        <AiRankingPage title={{ id: "AI ranking", message: "AI ranking" }} />
      </Route>
    </Router>,
  );
  return { api, location };
}

const rankingCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === "ai_ranking");

describe("AI ranking page", () => {
  it("lists a category's coins by score, highest first, with band and parts' points", async () => {
    const { api } = openRanking("/aiRanking?category=meme");
    const table = await screen.findByRole("table", { name: "Meme by AI score" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("link").textContent)).toEqual([
      "SOLSolana",
      "BTCBitcoin",
      "DOGEDogecoin",
    ]);
    expect(rows[0]).toHaveTextContent("83.8 Very positive");
    expect(rows[2]).toHaveTextContent("11.3 Very negative");
    expect(within(rows[0] as HTMLElement).getByRole("link")).toHaveAttribute("href", "/tokensData/SOL");
    // the trend part's points, column by column
    expect(rows[1]?.querySelectorAll("td")[2]?.textContent).toBe("80");
    expect(rankingCalls(api.calls)[0]?.query.get("category")).toBe("meme");
    expect(
      screen.getByRole("navigation", { name: "AI ranking categories" }).querySelector('[aria-current="page"]'),
    ).toHaveTextContent("Meme");
    expect(
      screen.getByText(
        /^Over 52 weeks of history the score's rank correlation with the next week's return averaged 0\.03/,
      ),
    ).toBeInTheDocument();
  });

  it("filters by the dashboard's categories", async () => {
    const { api, location } = openRanking("/aiRanking");
    await screen.findByRole("table", { name: "All tokens by AI score" });
    expect(rankingCalls(api.calls)[0]?.query.get("category")).toBe("total");
    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "Hot" }));
    expect(location.history?.at(-1)).toBe("/aiRanking?category=hot");
    await screen.findByRole("table", { name: "Hot by AI score" });
    expect(rankingCalls(api.calls).at(-1)?.query.get("category")).toBe("hot");
  });

  it("says when no coin of a category has a score", async () => {
    openRanking("/aiRanking?category=defai", aiRanking({ list: [], total: 0 }));
    expect(await screen.findByText("No coin in DeFAI has an AI score at this market time.")).toHaveAttribute(
      "role",
      "status",
    );
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("offers a retry when the ranking could not be loaded", async () => {
    stubApi((call) =>
      call.path === "market/status" ? { data: marketStatus } : { status: 500, code: 1001, msg: "busy", data: null },
    );
    const location = memoryLocation({ path: "/aiRanking" });
    renderWithProviders(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AiRankingPage title={{ id: "AI ranking", message: "AI ranking" }} />
      </Router>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("The AI ranking could not be loaded.");
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});
