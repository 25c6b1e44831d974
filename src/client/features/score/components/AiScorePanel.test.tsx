import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { aiScore, aiScoreData, validation } from "../testing/score-fixtures.ts";
import { AiScorePanel } from "./AiScorePanel.tsx";

/** A part's shown figures: its points, then each dt/dd pair as "label value". */
function partFigures(list: HTMLElement, name: string): string[] {
  const item = within(list).getByRole("listitem", { name });
  const points = item.querySelector(".score-part__points")?.textContent ?? "";
  const pairs = [...item.querySelectorAll("dl > div")].map(
    (pair) => `${pair.querySelector("dt")?.textContent} ${pair.querySelector("dd")?.textContent}`,
  );
  return [points, ...pairs];
}

describe("AI score panel", () => {
  it("shows the score with its band, and each part with its value, points and weight", async () => {
    const api = stubApi(() => ({ data: aiScoreData() }));
    renderWithProviders(<AiScorePanel coinAbbr="btc" />);
    const panel = await screen.findByRole("region", { name: "AI score" });
    expect(await within(panel).findByText("65.5")).toBeInTheDocument();
    expect(within(panel).getByText("Positive")).toHaveAttribute("class", "score-band score-band--positive");
    const parts = within(panel).getByRole("list", { name: "Parts of BTC's AI score" });
    expect(within(parts).getAllByRole("listitem")).toHaveLength(5);
    expect(partFigures(parts, "Trend")).toEqual(["80 points", "Value +4.20%", "Weight 30%"]);
    expect(partFigures(parts, "Volatility")).toEqual(["40 points", "Value 48.31%", "Weight 20%"]);
    expect(partFigures(parts, "Liquidity")).toEqual(["90 points", "Value 1.23B USDT", "Weight 15%"]);
    expect(partFigures(parts, "Relative strength")).toEqual(["60 points", "Value -2.50%", "Weight 25%"]);
    expect(partFigures(parts, "News flow")).toEqual(["50 points", "Value 12", "Weight 10%"]);
    expect(within(parts).getByText("Last close against its 50-day average.")).toBeInTheDocument();
    expect(api.calls[0]?.path).toBe("dashboard/token/score");
    expect(api.calls[0]?.query.get("coinAbbr")).toBe("BTC");
  });

  it("says how the score fared on history, and where its data comes from", async () => {
    stubApi(() => ({ data: aiScoreData() }));
    renderWithProviders(<AiScorePanel coinAbbr="BTC" />);
    expect(
      await screen.findByText(
        /^Over 52 weeks of history the score's rank correlation with the next week's return averaged 0\.03; positive in 28 of 52 weeks\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Source: Binance \(replay\), market time Mar 2, 2026/)).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("not a price forecast and not investment advice");
  });

  it("states a negative record as plainly as a positive one", async () => {
    stubApi(() => ({ data: aiScoreData({ validation: { ...validation, meanSpearman: -0.0412, positiveWeeks: 20 } }) }));
    renderWithProviders(<AiScorePanel coinAbbr="BTC" />);
    expect(
      await screen.findByText(/averaged -0\.04; positive in 20 of 52 weeks\./, { selector: ".score-validation" }),
    ).toBeInTheDocument();
  });

  it("says when the score has no validation, and which part the data lacks", async () => {
    stubApi(() => ({
      data: aiScoreData({ score: aiScore("SOL", [40, 30, 40, 35, 0], { missingNews: true }), validation: null }),
    }));
    renderWithProviders(<AiScorePanel coinAbbr="SOL" />);
    expect(await screen.findByText("The score has not been checked against history yet.")).toBeInTheDocument();
    expect(screen.getByText("Negative")).toHaveAttribute("class", "score-band score-band--negative");
    const parts = screen.getByRole("list", { name: "Parts of SOL's AI score" });
    const news = within(parts).getByRole("listitem", { name: "News flow" });
    expect(news).toHaveTextContent("No data");
    expect(news).toHaveTextContent("Not counted: the data lacks it, so its weight is 0%.");
    // the weights of the parts present are scaled up to add up to 100%
    expect(partFigures(parts, "Trend")).toEqual(["40 points", "Value +4.20%", "Weight 33.33%"]);
  });

  it("says a coin is too new for a score", async () => {
    stubApi(() => ({
      status: 422,
      code: 1001,
      msg: "PEPE: too little history for an AI score",
      data: { key: "notEnoughHistory", field: "coinAbbr" },
    }));
    renderWithProviders(<AiScorePanel coinAbbr="PEPE" />);
    expect(await screen.findByText("PEPE has too little price history for an AI score yet.")).toHaveAttribute(
      "role",
      "status",
    );
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  });

  it("shows nothing for a coin the market does not price (the token page says so)", async () => {
    const api = stubApi(() => ({
      status: 404,
      code: 1001,
      msg: "XYZ is not in our market data",
      data: { key: "invalidValue", field: "coinAbbr" },
    }));
    renderWithProviders(<AiScorePanel coinAbbr="XYZ" />);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByText("Loading the AI score…")).toBeNull());
    expect(screen.queryByRole("region", { name: "AI score" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("offers a retry when the score could not be loaded, and shows it once it can", async () => {
    let fail = true;
    stubApi(() => (fail ? { status: 500, code: 1001, msg: "busy", data: null } : { data: aiScoreData() }));
    const user = userEvent.setup();
    renderWithProviders(<AiScorePanel coinAbbr="BTC" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("The AI score could not be loaded.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("65.5")).toBeInTheDocument();
  });
});
