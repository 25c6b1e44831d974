import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { PredictInfoData } from "../../../../contract/predict.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, stubApi } from "../../../shared/testing/stub-api.ts";
import { naivePredictInfo, predictInfo } from "../testing/predict-fixtures.ts";
import { PredictDashboard } from "./PredictDashboard.tsx";

// The canvas library cannot draw in happy-dom; a stand-in records what each series is handed, in the order added.
const chart = vi.hoisted(() => ({ series: [] as { kind: string; data: unknown[] }[] }));
vi.mock("lightweight-charts", () => ({
  AreaSeries: { kind: "area" },
  LineSeries: { kind: "line" },
  LineStyle: { Dashed: 2 },
  createChart: () => {
    chart.series = [];
    return {
      addSeries: (type: { kind: string }) => {
        const series = { kind: type.kind, data: [] as unknown[] };
        chart.series.push(series);
        return {
          setData: (data: unknown[]) => {
            series.data = data;
          },
          applyOptions: () => {},
        };
      },
      applyOptions: () => {},
      timeScale: () => ({ fitContent: () => {} }),
      remove: () => {},
    };
  },
}));

/** The predict API as the server answers it: the default interval is the coin's finest. */
function reply(answers: { "1h"?: PredictInfoData; "1d": PredictInfoData }) {
  return (call: RecordedCall) => {
    const asked = call.query.get("interval") ?? (answers["1h"] ? "1h" : "1d");
    const data = asked === "1h" ? answers["1h"] : answers["1d"];
    if (call.path !== "getPredictInfo" || !data) throw new Error(`unexpected call ${call.path}`);
    return { data };
  };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").slice(1);

describe("predict dashboard", () => {
  it("shows the hourly forecast as a named chart and a 48-row table, with the record beside it", async () => {
    const api = stubApi(reply({ "1h": predictInfo("1h"), "1d": predictInfo("1d") }));
    renderWithProviders(<PredictDashboard coinAbbr="btc" />);
    expect(await screen.findByRole("heading", { level: 1, name: "Bitcoin (BTC) price forecast" })).toBeInTheDocument();
    expect(
      screen.getByRole("img", { name: "BTC price forecast chart: past closes, the forecast and its 80% band, hourly" }),
    ).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "BTC forecast, next 48 hours" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Time", "Forecast", "Low (80%)", "High (80%)"]);
    const rows = bodyRows(table);
    expect(rows).toHaveLength(48);
    const firstCells = within(rows[0] as HTMLElement)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(firstCells).toEqual(["$66,323.75", "$66,143.75", "$66,503.75"]);
    // hourly is the default: the first read names no interval, and the switch offers both
    expect(api.calls.map((call) => call.query.get("interval"))).toEqual([null]);
    const group = screen.getByRole("radiogroup", { name: "Forecast interval" });
    expect(within(group).getByRole("radio", { name: "Hourly (48 h)" })).toBeChecked();
    expect(within(group).getByRole("radio", { name: "Daily (7 d)" })).not.toBeChecked();
  });

  it("says what the record means: win rate with its interval, error against no change, band coverage, similarity", async () => {
    stubApi(reply({ "1h": predictInfo("1h"), "1d": predictInfo("1d") }));
    renderWithProviders(<PredictDashboard coinAbbr="BTC" />);
    const record = await screen.findByRole("region", { name: "Track record on data the model had not seen" });
    const text = (sentence: string) => within(record).getAllByText(sentence);
    expect(text("Direction right 52.34% of the time (95% interval 49.51% to 55.16%), over 1,187 calls.")).toHaveLength(
      1,
    );
    expect(text("Error 0.98× the no-change forecast — slightly better.")).toHaveLength(1);
    expect(text("82% of actual prices fell inside the 80% band.")).toHaveLength(1);
    expect(text("98.79%: 100 × (1 − |forecast − actual| ÷ actual), averaged.")).toHaveLength(1);
    expect(text("$812.4 (1.21%); the no-change forecast: $829.1 (1.24%).")).toHaveLength(1);
    expect(record.textContent).toMatch(/Tested on 1,200 forecasts made from .+ to .+, each looking 48 hours ahead/);
    // the live record over the window of spec §9, worse than no change there
    expect(within(record).getByRole("heading", { name: "Live record: the last 24 hours" })).toBeInTheDocument();
    expect(text("Direction right 54.55% of the time (95% interval 34.66% to 73.14%), over 22 calls.")).toHaveLength(1);
    expect(text("24 forecasts judged.")).toHaveLength(1);
    expect(text("Error 1.03× the no-change forecast — worse than no change.")).toHaveLength(1);
    expect(text("79% of actual prices fell inside the 80% band.")).toHaveLength(1);
  });

  it("marks each judged forecast correct, incorrect or no call, with its forecast, actual and band", async () => {
    stubApi(reply({ "1h": predictInfo("1h"), "1d": predictInfo("1d") }));
    renderWithProviders(<PredictDashboard coinAbbr="BTC" />);
    const list = await screen.findByRole("list", { name: "Recent judged forecasts" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByText(/^(Correct|Incorrect|No call)$/).textContent)).toEqual([
      "Correct",
      "Incorrect",
      "No call",
    ]);
    expect(items[0]).toHaveTextContent(
      "Called up from $65,010 · Forecast $65,420.75, actual $65,980.25 · inside the 80% band",
    );
    expect(items[1]).toHaveTextContent(
      "Called down from $65,300 · Forecast $65,150.5, actual $65,710 · outside the 80% band",
    );
    expect(items[2]).toHaveTextContent("Flat from $65,120: no direction called");
  });

  it("always shows the caveat, the source and the model", async () => {
    stubApi(reply({ "1h": predictInfo("1h"), "1d": predictInfo("1d") }));
    renderWithProviders(<PredictDashboard coinAbbr="BTC" />);
    expect(screen.getByRole("note").textContent).toMatch(/close to a random walk.*Not investment advice\./);
    const source = await screen.findByText(/^Source: Binance \(replay\), market time Mar 2, 2026/);
    expect(source.textContent).toMatch(/ · Model: Theta, version forecast-1\.0\.0$/);
  });

  it("switches to the daily forecast: 7 rows and the 90-day live window", async () => {
    const api = stubApi(reply({ "1h": predictInfo("1h"), "1d": predictInfo("1d") }));
    const user = userEvent.setup();
    renderWithProviders(<PredictDashboard coinAbbr="BTC" />);
    await screen.findByRole("table", { name: "BTC forecast, next 48 hours" });
    await user.click(screen.getByRole("radio", { name: "Daily (7 d)" }));
    const table = await screen.findByRole("table", { name: "BTC forecast, next 7 days" });
    expect(within(table).getAllByRole("columnheader")[0]).toHaveTextContent("Date");
    expect(bodyRows(table)).toHaveLength(7);
    expect(screen.getByRole("radio", { name: "Daily (7 d)" })).toBeChecked();
    expect(screen.getByRole("heading", { name: "Live record: the last 90 days" })).toBeInTheDocument();
    expect(
      screen.getByRole("img", { name: "BTC price forecast chart: past closes, the forecast and its 80% band, daily" }),
    ).toBeInTheDocument();
    expect(api.calls.map((call) => call.query.get("interval"))).toEqual([null, "1d"]);
  });

  it('says plainly when no model beat "no change", and that hourly needs hourly data', async () => {
    stubApi(reply({ "1d": naivePredictInfo("1d") }));
    renderWithProviders(<PredictDashboard coinAbbr="DOGE" />);
    expect(
      await screen.findByText(
        'The forecast is "no change" (the last close): no model beat "no change" on DOGE\'s history.',
      ),
    ).toBeInTheDocument();
    const group = screen.getByRole("radiogroup", { name: "Forecast interval" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["1d"]);
    expect(
      screen.getByText("Hourly forecasts exist for coins with hourly data; DOGE has daily data only."),
    ).toBeInTheDocument();
    expect(screen.getByText('No direction calls: every forecast was "no change".')).toBeInTheDocument();
    expect(screen.getByText("Error 1× the no-change forecast — no better than no change.")).toBeInTheDocument();
    expect(screen.getByText("No stored forecast has been judged in this window yet.")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Recent judged forecasts" })).not.toBeInTheDocument();
    expect(screen.getByText(/Model: No change \(naive\), version forecast-1\.0\.0$/)).toBeInTheDocument();
  });

  it("hands the chart the past closes up to the origin, then the dashed forecast and its band from there", async () => {
    const data = predictInfo("1d");
    stubApi(reply({ "1d": { ...data, intervals: ["1d"] } }));
    renderWithProviders(<PredictDashboard coinAbbr="BTC" />);
    await screen.findByRole("table", { name: "BTC forecast, next 7 days" });
    await vi.waitFor(() => expect(chart.series.map((series) => series.data.length)).toEqual([8, 8, 14, 8]));
    const [high, low, history, forecast] = chart.series;
    const origin = { time: data.origin.time / 1000, value: data.origin.close };
    expect(history?.data.at(-1)).toEqual(origin);
    expect(forecast?.data[0]).toEqual(origin);
    expect(forecast?.data.at(-1)).toEqual({
      time: (data.steps.at(-1)?.time ?? 0) / 1000,
      value: data.steps.at(-1)?.forecast,
    });
    expect(low?.data[1]).toEqual({ time: (data.steps[0]?.time ?? 0) / 1000, value: data.steps[0]?.lo80 });
    expect(high?.data[1]).toEqual({ time: (data.steps[0]?.time ?? 0) / 1000, value: data.steps[0]?.hi80 });
  });

  it("offers a retry when the forecast cannot be loaded", async () => {
    let fail = true;
    stubApi((call) => {
      if (fail) return { status: 503, code: 1001, msg: "busy", data: null };
      return reply({ "1h": predictInfo("1h"), "1d": predictInfo("1d") })(call);
    });
    const user = userEvent.setup();
    renderWithProviders(<PredictDashboard coinAbbr="BTC" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("The forecast could not be loaded.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("table", { name: "BTC forecast, next 48 hours" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it('says a coin the market does not have is not in the data, without "retry"', async () => {
    stubApi(() => ({
      status: 404,
      code: 1001,
      msg: "PEPE2 is not in our market data",
      data: { key: "invalidValue", field: "coinAbbr" },
    }));
    renderWithProviders(<PredictDashboard coinAbbr="pepe2" />);
    expect(await screen.findByText("PEPE2 is not in our market data.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "PEPE2 price forecast" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See all tokens" })).toHaveAttribute("href", "/popularTokens/?type=total");
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
    // the caveat stays whatever the state
    expect(screen.getByRole("note")).toHaveTextContent("Not investment advice.");
  });
});
