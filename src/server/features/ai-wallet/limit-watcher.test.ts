import { describe, expect, it } from "vitest";
import { tickPrices } from "./limit-watcher.ts";

describe("tickPrices: a market tick's prices by symbol", () => {
  it("reads the ticks' last prices, upper-cased, leaving out prices that are not above 0", () => {
    const message = JSON.stringify({
      at: "2030-01-01T00:00:00.000Z",
      market: { mode: "replay" },
      ticks: [
        { coinAbbr: "ETH", lastPrice: 3150.5, change: 1.2 },
        { coinAbbr: "btc", lastPrice: 66000, change: null },
        { coinAbbr: "DEAD", lastPrice: 0, change: null },
      ],
    });
    expect(tickPrices(message)).toEqual(
      new Map([
        ["ETH", 3150.5],
        ["BTC", 66000],
      ]),
    );
  });

  it("answers nothing for a message that is not a tick", () => {
    expect(tickPrices("not json")).toBeUndefined();
    expect(tickPrices(JSON.stringify({ ticks: [{ coinAbbr: "ETH", lastPrice: "3000" }] }))).toBeUndefined();
    expect(tickPrices("null")).toBeUndefined();
  });
});
