import { describe, expect, it } from "vitest";
import { coinTagger } from "./coin-tags.ts";

const tag = coinTagger([
  { symbol: "BTC", name: "Bitcoin" },
  { symbol: "SOL", name: "Solana" },
  { symbol: "LINK", name: "Chainlink" },
  { symbol: "NEAR", name: "NEAR Protocol" },
  { symbol: "OP", name: "Optimism" },
]);

describe("tagging feed items with coins", () => {
  it("reads capitalised tickers and names in any case, as whole words, in the order of the coins", () => {
    expect(tag("Solana and bitcoin rally; BTC tops $70K")).toEqual(["BTC", "SOL"]);
    expect(tag("BTCS shares jump, Bitcoiners cheer")).toEqual([]);
    expect(tag("btc is written in lower case here")).toEqual([]);
  });

  it("takes tickers that are everyday words only with a $, and ignores such names", () => {
    expect(tag("Price near the LINK between markets")).toEqual([]);
    expect(tag("$LINK and Chainlink oracles")).toEqual(["LINK"]);
    expect(tag("OP Stack upgrade: Optimism ships")).toEqual(["OP"]);
    expect(tag("Buy $OP now")).toEqual(["OP"]);
  });

  it("finds tickers inside Chinese text, which has no spaces", () => {
    expect(tag("比特币BTC突破7万美元")).toEqual(["BTC"]);
  });
});
