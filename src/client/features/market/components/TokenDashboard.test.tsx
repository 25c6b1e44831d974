import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, stubApi } from "../../../shared/testing/stub-api.ts";
import { marketStatus, replaySource, tokenInfo } from "../testing/market-fixtures.ts";
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
      const interval = call.query.get("interval") ?? "1h";
      return { data: { coinAbbr: "BTC", interval, list: [candle], source: replaySource } };
    }
    return { data: info };
  };
}

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

  it('shows "--" for figures the market does not know and hides a missing narrative', async () => {
    stubApi(
      reply(
        tokenInfo({ change1h: null, change7d: null, volume24h: null, marketCap: null, narrative: null, aiScore: 71 }),
      ),
    );
    renderWithProviders(<TokenDashboard coinAbbr="BTC" />);
    await screen.findByRole("heading", { name: "Bitcoin (BTC)" });
    const stats = document.querySelector("dl") as HTMLElement;
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    expect(value("1h change")).toBe("--");
    expect(value("7d change")).toBe("--");
    expect(value("24h volume")).toBe("--");
    expect(value("Market cap")).toBe("--");
    expect(value("AI score")).toBe("71");
    expect(screen.queryByRole("heading", { name: "Narrative" })).not.toBeInTheDocument();
  });

  it("names the chart and switches its interval", async () => {
    const api = stubApi(reply());
    const user = userEvent.setup();
    renderWithProviders(<TokenDashboard coinAbbr="BTC" />);
    expect(screen.getByRole("img", { name: "BTC price chart, 1h candles" })).toBeInTheDocument();
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
