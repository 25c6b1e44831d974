import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, stubApi } from "../../../shared/testing/stub-api.ts";
import { coin, marketStatus, replaySource, tokenInfo } from "../testing/market-fixtures.ts";
import { TokenDashboard } from "./TokenDashboard.tsx";

// The canvas library cannot draw in happy-dom; a stand-in records what the page hands it.
const chart = vi.hoisted(() => ({ setData: vi.fn(), created: 0 }));
vi.mock("lightweight-charts", () => ({
  CandlestickSeries: {},
  createChart: () => {
    chart.created += 1;
    return {
      addSeries: () => ({ setData: chart.setData, applyOptions: () => {} }),
      applyOptions: () => {},
      timeScale: () => ({ fitContent: () => {} }),
      remove: () => {},
    };
  },
}));

const candle = { time: 1_772_409_600_000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 };

function reply(info = tokenInfo()) {
  return (call: RecordedCall) => {
    if (call.path === "market/status") return { data: marketStatus };
    if (call.path === "getDashboardKline") {
      // absent, the server answers the finest interval the coin has
      const interval = call.query.get("interval") ?? info.intervals[0];
      const coinAbbr = info.coin.coinAbbr;
      return { data: { coinAbbr, interval, intervals: info.intervals, list: [candle], source: replaySource } };
    }
    return { data: info };
  };
}

const sol = coin("SOL", 84.12, -1.5, "Solana");

describe("token dashboard", () => {
  it("shows the figures in the display formats, with the replay label", async () => {
    stubApi(reply());
    renderWithProviders(<TokenDashboard coinAbbr="btc" />);
    expect(await screen.findByRole("heading", { name: "Bitcoin (BTC)" })).toBeInTheDocument();
    expect(screen.getByText("$64,123.4568")).toBeInTheDocument();
    const stats = document.querySelector("dl") as HTMLElement;
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    expect(value("1h change")).toBe("+0.50%");
    expect(value("7d change")).toBe("-3.21%");
    expect(value("24h volume")).toBe("1.23B");
    expect(value("Market cap")).toBe("1,260B");
    expect(value("AI score")).toBe("Not available yet");
    expect(screen.getByText("The first cryptocurrency.")).toBeInTheDocument();
    expect(await screen.findByText("Replay market · Mar 2, 2026")).toBeInTheDocument();
  });

  it("says which figures the data does not hold: unknown market cap and volume, no change", async () => {
    stubApi(
      reply(
        tokenInfo({
          coin: sol,
          price: sol.lastPrice,
          change1h: null,
          change7d: null,
          volume24h: null,
          marketCap: null,
          rank: null,
          narrative: null,
          aiScore: 71,
          intervals: ["1d"],
        }),
      ),
    );
    renderWithProviders(<TokenDashboard coinAbbr="SOL" />);
    await screen.findByRole("heading", { name: "Solana (SOL)" });
    const stats = document.querySelector("dl") as HTMLElement;
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    expect(value("1h change")).toBe("--");
    expect(value("7d change")).toBe("--");
    expect(value("24h volume")).toBe("Unknown");
    expect(value("Market cap")).toBe("Unknown");
    expect(value("Market-cap rank")).toBe("Unranked");
    expect(value("AI score")).toBe("71");
    expect(screen.getByText(/^Market cap unknown: the data has no circulating supply for SOL\./)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Narrative" })).not.toBeInTheDocument();
  });

  it("says where the market cap and the figures come from", async () => {
    stubApi(reply());
    renderWithProviders(<TokenDashboard coinAbbr="BTC" />);
    await screen.findByRole("heading", { name: "Bitcoin (BTC)" });
    expect(
      screen.getByText("Market cap = circulating supply (as of Nov 17, 2025) × price. Rank as of Nov 17, 2025."),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/^Source: Binance \(replay\), market time Mar 2, 2026/).length).toBeGreaterThan(0);
  });

  it("offers only the intervals the coin's data has, and says hourly data covers a few coins", async () => {
    const api = stubApi(reply(tokenInfo({ coin: sol, price: sol.lastPrice, intervals: ["1d"] })));
    renderWithProviders(<TokenDashboard coinAbbr="SOL" />);
    expect(await screen.findByRole("img", { name: "SOL price chart, 1d candles" })).toBeInTheDocument();
    const group = screen.getByRole("radiogroup", { name: "Interval" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["1d"]);
    expect(within(group).getByRole("radio", { name: "1d" })).toBeChecked();
    expect(
      screen.getByText("Daily candles only: hourly data is available for BTC, ETH, BNB only."),
    ).toBeInTheDocument();
    // the page never asks for candles the coin does not have
    expect(
      api.calls.filter((call) => call.path === "getDashboardKline").map((call) => call.query.get("interval")),
    ).toEqual([null]);
  });

  it('opens a clear "not in our data" page for a coin the market does not have', async () => {
    stubApi((call) => {
      if (call.path === "market/status") return { data: marketStatus };
      if (call.path === "getDashboardSupCategory") {
        return {
          data: {
            list: [{ category: "total", count: 120, rule: "Every coin", reason: null }],
            source: replaySource,
          },
        };
      }
      return {
        status: 404,
        code: 1001,
        msg: "PEPE is not in our market data",
        data: { key: "invalidValue", field: "coinAbbr" },
      };
    });
    renderWithProviders(<TokenDashboard coinAbbr="pepe" />);
    expect(await screen.findByText("PEPE is not in our market data.")).toBeInTheDocument();
    expect(await screen.findByText("We have prices for 120 coins; PEPE is not one of them.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See all tokens" })).toHaveAttribute("href", "/popularTokens/?type=total");
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
    expect(screen.queryByText("The token data could not be loaded.")).not.toBeInTheDocument();
  });

  it("names the chart and switches its interval", async () => {
    const api = stubApi(reply());
    const user = userEvent.setup();
    renderWithProviders(<TokenDashboard coinAbbr="BTC" />);
    expect(await screen.findByRole("img", { name: "BTC price chart, 1h candles" })).toBeInTheDocument();
    const offered = within(screen.getByRole("radiogroup", { name: "Interval" })).getAllByRole("radio");
    expect(offered.map((radio) => radio.getAttribute("value"))).toEqual(["1h", "4h", "1d"]);
    expect(screen.queryByText(/^Daily candles only/)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(chart.setData).toHaveBeenCalled());
    expect(chart.setData.mock.calls.at(-1)?.[0]).toEqual([
      { time: 1_772_409_600, open: 1, high: 2, low: 0.5, close: 1.5 },
    ]);
    const group = screen.getByRole("radiogroup", { name: "Interval" });
    await user.click(within(group).getByRole("radio", { name: "1d" }));
    expect(screen.getByRole("img", { name: "BTC price chart, 1d candles" })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(api.calls.some((call) => call.path === "getDashboardKline" && call.query.get("interval") === "1d")).toBe(
        true,
      ),
    );
  });
});
