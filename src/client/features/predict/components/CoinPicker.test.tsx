import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type CoinMatches, CoinPicker, type PickerCoin } from "./CoinPicker.tsx";

const coins: PickerCoin[] = [
  { coinAbbr: "BTC", coinName: "Bitcoin" },
  { coinAbbr: "ETH", coinName: "Ethereum" },
];

/** The picker with its text kept as the page keeps it, and the matches the search would give for it. */
function Picker({ find, current = "BTC" }: { find: (keyword: string) => CoinMatches; current?: string }) {
  const [text, setText] = useState("");
  const keyword = text.trim();
  return <CoinPicker current={current} text={text} onText={setText} keyword={keyword} matches={find(keyword)} />;
}

describe("coin picker", () => {
  it("offers the top coins, then the matches of the search, each linking to its forecast", async () => {
    const user = userEvent.setup();
    const find = (keyword: string): CoinMatches => ({
      coins: keyword ? coins.filter((coin) => coin.coinName.toLowerCase().includes(keyword.toLowerCase())) : coins,
      failed: false,
      retry: () => {},
    });
    renderWithProviders(<Picker find={find} />);
    const top = screen.getByRole("list", { name: "Top coins" });
    expect(within(top).getByRole("link", { name: "BTC Bitcoin" })).toHaveAttribute("aria-current", "page");
    expect(within(top).getByRole("link", { name: "ETH Ethereum" })).toHaveAttribute("href", "/predict/ETH");

    await user.type(screen.getByRole("searchbox", { name: "Search a coin to forecast" }), "ether");
    const matches = screen.getByRole("list", { name: "Coins matching ether" });
    expect(
      within(matches)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/predict/ETH"]);

    await user.type(screen.getByRole("searchbox", { name: "Search a coin to forecast" }), "zzz");
    expect(screen.getByText('No coin matches "etherzzz".')).toBeInTheDocument();
  });

  it("says when the coins could not be loaded, and retries", async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    renderWithProviders(<Picker find={() => ({ coins: undefined, failed: true, retry })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("The coins could not be loaded.");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
