import { within } from "@testing-library/react";
import { CoinSearchList } from "../components/CoinSearchList.tsx";
import { MarketStatusLabel } from "../components/MarketStatusLabel.tsx";
import { useLiveTicks } from "../live/use-live-ticks.ts";

/** For tests: the market's status label and coin list, with the live ticks on. */
export function LiveCoins() {
  useLiveTicks();
  return (
    <>
      <MarketStatusLabel />
      <CoinSearchList />
    </>
  );
}

/** A coin's row of the coin table: its price and 24h change as shown. */
export function priceAndChange(table: HTMLElement, abbr: RegExp): string {
  const cells = within(within(table).getByRole("row", { name: abbr })).getAllByRole("cell");
  return `${cells[1]?.textContent}${cells[3]?.textContent}`;
}
