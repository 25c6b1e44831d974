import { describe, expect, it } from "vitest";
import { parseAlarmCommand } from "./alarm-command.ts";

describe("what follows /alerts", () => {
  it("nothing is the list", () => {
    expect(parseAlarmCommand("")).toEqual({ kind: "list" });
    expect(parseAlarmCommand("   ")).toEqual({ kind: "list" });
  });

  it("a coin and a price, with or without a direction", () => {
    expect(parseAlarmCommand("ETH below 3000")).toEqual({
      kind: "set",
      coin: "ETH",
      target: { kind: "price", price: 3000, direction: "below" },
    });
    expect(parseAlarmCommand("BTC above 100,000")).toEqual({
      kind: "set",
      coin: "BTC",
      target: { kind: "price", price: 100_000, direction: "above" },
    });
    expect(parseAlarmCommand("btc >100k")).toEqual({
      kind: "set",
      coin: "btc",
      target: { kind: "price", price: 100_000, direction: "above" },
    });
    expect(parseAlarmCommand("ETH 3000.5")).toEqual({
      kind: "set",
      coin: "ETH",
      target: { kind: "price", price: 3000.5 },
    });
    expect(parseAlarmCommand("ETH 跌破 3000")).toEqual({
      kind: "set",
      coin: "ETH",
      target: { kind: "price", price: 3000, direction: "below" },
    });
    expect(parseAlarmCommand("ETH 突破4000")).toEqual({
      kind: "set",
      coin: "ETH",
      target: { kind: "price", price: 4000, direction: "above" },
    });
  });

  it("a move takes its sign, or a direction that gives it", () => {
    expect(parseAlarmCommand("SOL -5%")).toEqual({
      kind: "set",
      coin: "SOL",
      target: { kind: "percent", percent: -5 },
    });
    expect(parseAlarmCommand("SOL +10%")).toEqual({
      kind: "set",
      coin: "SOL",
      target: { kind: "percent", percent: 10 },
    });
    expect(parseAlarmCommand("SOL below 5 %")).toEqual({
      kind: "set",
      coin: "SOL",
      target: { kind: "percent", percent: -5 },
    });
    expect(parseAlarmCommand("SOL −2.5%")).toEqual({
      kind: "set",
      coin: "SOL",
      target: { kind: "percent", percent: -2.5 },
    });
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
