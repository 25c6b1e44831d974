import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { btc, coinList, eth, pepe } from "../testing/market-fixtures.ts";
import { CoinTicker } from "./CoinTicker.tsx";

describe("coin ticker", () => {
  it("shows each coin once to assistive technology, linking to its token page", async () => {
    const api = stubApi(() => ({ data: coinList([btc, eth, pepe]) }));
    renderWithProviders(<CoinTicker />);
    const ticker = screen.getByRole("navigation", { name: "Coin ticker" });
    const btcLink = await within(ticker).findByRole("link", { name: "BTC $64,123.4568 +1.23%" });
    expect(btcLink).toHaveAttribute("href", "/tokensData/BTC");
    expect(within(ticker).getByRole("link", { name: "ETH $3,012.5 -2.50%" })).toHaveAttribute(
      "href",
      "/tokensData/ETH",
    );
    expect(within(ticker).getByRole("link", { name: "PEPE $0.0₄123 0.00%" })).toBeInTheDocument();
    // the seamless loop draws the strip twice; the copy is hidden and out of the tab order
    expect(within(ticker).getAllByRole("link")).toHaveLength(3);
    expect(ticker.querySelectorAll("a")).toHaveLength(6);
    expect(ticker.querySelector('[aria-hidden="true"] a')).toHaveAttribute("tabindex", "-1");
    expect(api.calls[0]?.path).toBe("getCoinList");
  });

  it("colours the change by direction", async () => {
    stubApi(() => ({ data: coinList([btc, eth]) }));
    renderWithProviders(<CoinTicker />);
    const up = await screen.findByRole("link", { name: /^BTC/ });
    expect(within(up).getByText("+1.23%").className).toContain("change--up");
    expect(within(screen.getByRole("link", { name: /^ETH/ })).getByText("-2.50%").className).toContain("change--down");
  });
});
