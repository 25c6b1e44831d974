import { describe, expect, it } from "vitest";
import { parseStartPayload, startParamOf } from "./start-payload.ts";

describe("deep link payloads", () => {
  it("reads the four forms", () => {
    expect(parseStartPayload("coin_btc")).toEqual({ kind: "coin", symbol: "BTC" });
    expect(parseStartPayload("chat_1700000000000abc")).toEqual({ kind: "chat", chatId: "1700000000000abc" });
    expect(parseStartPayload("share_Ab-9_x")).toEqual({ kind: "share", code: "Ab-9_x" });
    expect(parseStartPayload("ref_ABC123")).toEqual({ kind: "ref", invitationCode: "ABC123" });
    expect(startParamOf(parseStartPayload("coin_eth"))).toBe("coin_ETH");
    expect(startParamOf(parseStartPayload("ref_ABC123"))).toBeUndefined();
  });

  it("takes anything else as no payload", () => {
    const bad = [
      undefined,
      "",
      "   ",
      "coin_",
      "coin_B T C",
      "ref_abc",
      "chat_<b>",
      "x".repeat(65),
      "share_a/b",
      "hello",
    ];
    for (const payload of bad) expect(parseStartPayload(payload), String(payload)).toEqual({ kind: "none" });
    expect(parseStartPayload(`coin_${"A".repeat(21)}`)).toEqual({ kind: "none" });
  });
});
