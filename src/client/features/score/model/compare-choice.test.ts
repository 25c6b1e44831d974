import { describe, expect, it } from "vitest";
import { COMPARE_MAX, compareCoinsFrom, compareHref, pickForCompare } from "./compare-choice.ts";

describe("compare choice", () => {
  it("holds at most two coins (spec §9)", () => {
    expect(COMPARE_MAX).toBe(2);
  });

  it("adds coins while there is room and refuses a third", () => {
    expect(pickForCompare([], "btc")).toEqual({ kind: "added", chosen: ["BTC"] });
    expect(pickForCompare(["BTC"], "ETH")).toEqual({ kind: "added", chosen: ["BTC", "ETH"] });
    expect(pickForCompare(["BTC", "ETH"], "SOL")).toEqual({ kind: "full", chosen: ["BTC", "ETH"] });
  });

  it("takes a coin out when it is picked again", () => {
    expect(pickForCompare(["BTC", "ETH"], "BTC")).toEqual({ kind: "removed", chosen: ["ETH"] });
  });

  it("reads the coins from the address, never more than two and no repeats", () => {
    expect(compareCoinsFrom("?coins=btc,ETH")).toEqual(["BTC", "ETH"]);
    expect(compareCoinsFrom("?coins=BTC,BTC,SOL,ETH")).toEqual(["BTC", "SOL"]);
    expect(compareCoinsFrom("?coins=,<x>,ETH")).toEqual(["ETH"]);
    expect(compareCoinsFrom("")).toEqual([]);
  });

  it("writes the address back", () => {
    expect(compareHref(["BTC", "ETH"])).toBe("/aiCompare?coins=BTC,ETH");
    expect(compareHref([])).toBe("/aiCompare");
  });
});
