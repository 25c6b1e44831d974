import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { FxRateData } from "../../../contract/fx.ts";
import { CoinTicker } from "../../features/market/components/CoinTicker.tsx";
import { MarketStatusLabel } from "../../features/market/components/MarketStatusLabel.tsx";
import { btc, coinList, eth } from "../../features/market/testing/market-fixtures.ts";
import { renderWithProviders } from "../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, stubApi } from "../../shared/testing/stub-api.ts";
import SettingsPage from "./SettingsPage.tsx";

/** a replay Saturday: Friday's ECB fixing is in force */
const status = {
  mode: "replay",
  label: "Replay market · 2026-03-28",
  date: "2026-03-28",
  at: "2026-03-28T12:00:00.000Z",
};
const eurRate: FxRateData = {
  currency: "EUR",
  marketDate: "2026-03-28",
  perUsd: 0.868282,
  date: "2026-03-27",
  source: "ECB reference rate",
  carriedForward: true,
};

function server(rate: (currency: string) => FxRateData) {
  return (call: RecordedCall) => {
    if (call.path === "market/status") return { data: status };
    if (call.path === "fx/rate") return { data: rate(call.query.get("currency") ?? "") };
    if (call.path === "getCoinList") return { data: coinList([btc, eth]) };
    return { status: 404, code: 1001, data: { key: "notFound" } };
  };
}

function renderPricesAndSettings(rate: (currency: string) => FxRateData) {
  const api = stubApi(server(rate));
  renderWithProviders(
    <>
      <SettingsPage title={{ id: "settings", message: "Settings" }} />
      <MarketStatusLabel />
      <CoinTicker />
    </>,
  );
  return api;
}

const ticker = () => screen.getByRole("navigation", { name: "Coin ticker" });

describe("the currency setting", () => {
  it("shows prices in US dollars by default, without asking for a rate", async () => {
    const api = renderPricesAndSettings(() => eurRate);
    expect(await within(ticker()).findByRole("link", { name: "BTC $64,123.4568 +1.23%" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "US dollar (USD)" })).toBeChecked();
    expect(api.calls.map((call) => call.path)).not.toContain("fx/rate");
  });

  it("shows euro prices at the ECB reference rate once EUR is chosen, and names the rate", async () => {
    const user = userEvent.setup();
    const api = renderPricesAndSettings(() => eurRate);
    await within(ticker()).findByRole("link", { name: /^BTC \$/ });
    await user.click(screen.getByRole("radio", { name: "Euro (EUR)" }));

    // 64,123.45678 USD × 0.868282 EUR per USD, through the one price formatter
    expect(await within(ticker()).findByRole("link", { name: "BTC €55,677.2433 +1.23%" })).toBeInTheDocument();
    expect(within(ticker()).getByRole("link", { name: "ETH €2,615.6995 -2.50%" })).toBeInTheDocument();
    expect(screen.getByText("EUR at the ECB reference rate carried forward from Mar 27, 2026")).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "fx/rate")?.query.get("currency")).toBe("EUR");
    // the choice is kept like the other settings
    expect(localStorage.getItem("currency")).toBe("EUR");
  });

  it("names a rate fixed on the market's day without 'carried forward', and writes the yuan as CN¥", async () => {
    const user = userEvent.setup();
    renderPricesAndSettings(() => ({
      ...eurRate,
      currency: "CNY",
      perUsd: 6.91378,
      date: "2026-03-28",
      carriedForward: false,
    }));
    await user.click(screen.getByRole("radio", { name: "Chinese yuan (CNY)" }));
    expect(await within(ticker()).findByRole("link", { name: "BTC CN¥443,335.473 +1.23%" })).toBeInTheDocument();
    expect(screen.getByText("CNY at the ECB reference rate of Mar 28, 2026")).toBeInTheDocument();
  });

  it("keeps US dollars and says so when there is no rate for the market date", async () => {
    const user = userEvent.setup();
    renderPricesAndSettings(() => ({ ...eurRate, perUsd: null, date: null, source: null, carriedForward: false }));
    await user.click(screen.getByRole("radio", { name: "Euro (EUR)" }));
    expect(await screen.findByText("No EUR rate for Mar 28, 2026: prices in US dollars")).toBeInTheDocument();
    expect(within(ticker()).getByRole("link", { name: "BTC $64,123.4568 +1.23%" })).toBeInTheDocument();
  });
});
