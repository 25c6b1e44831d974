import { describe, expect, it } from "vitest";
import { type AlarmTarget, parseAlarmCommand } from "./alarm-command.ts";

/** each text read as an alarm to set: the coin as typed and the target */
function expectSets(cases: [typed: string, coin: string, target: AlarmTarget][]) {
  for (const [typed, coin, target] of cases) {
    expect(parseAlarmCommand(typed), typed).toEqual({ kind: "set", coin, target });
  }
}

describe("what follows /alerts", () => {
  it("nothing is the list", () => {
    expect(parseAlarmCommand("")).toEqual({ kind: "list" });
    expect(parseAlarmCommand("   ")).toEqual({ kind: "list" });
  });

  it("a coin and a price, with or without a direction", () => {
    expectSets([
      ["ETH below 3000", "ETH", { kind: "price", price: 3000, direction: "below" }],
      ["BTC above 100,000", "BTC", { kind: "price", price: 100_000, direction: "above" }],
      ["btc >100k", "btc", { kind: "price", price: 100_000, direction: "above" }],
      ["ETH 3000.5", "ETH", { kind: "price", price: 3000.5 }],
      ["ETH 跌破 3000", "ETH", { kind: "price", price: 3000, direction: "below" }],
      ["ETH 突破4000", "ETH", { kind: "price", price: 4000, direction: "above" }],
    ]);
  });

  it("a move takes its sign, or a direction that gives it", () => {
    expectSets([
      ["SOL -5%", "SOL", { kind: "percent", percent: -5 }],
      ["SOL +10%", "SOL", { kind: "percent", percent: 10 }],
      ["SOL below 5 %", "SOL", { kind: "percent", percent: -5 }],
      ["SOL −2.5%", "SOL", { kind: "percent", percent: -2.5 }],
    ]);
  });

  it("anything else is not an alarm it can read", () => {
    for (const typed of [
      "ETH",
      "SOL 5%",
      "SOL below +5%",
      "ETH sideways 3000",
      "ETH below",
      "ETH below three thousand",
      "ETH below 3000 please",
      "ETH below 1e5",
      "<b>ETH</b> below 3000",
    ]) {
      expect(parseAlarmCommand(typed), typed).toEqual({ kind: "bad" });
    }
  });
});
