import { describe, expect, it } from "vitest";
import { shareCodeOf } from "./inline.ts";

describe("shareCodeOf", () => {
  const code = "AbCdEfGhIjKlMnOpQrStUv";

  it("reads a share code bare, after share_, or from a /chatDetail link", () => {
    expect(shareCodeOf(code)).toBe(code);
    expect(shareCodeOf(`share_${code}`)).toBe(code);
    expect(shareCodeOf(`https://app.example/chatDetail/${code}?lang=en`)).toBe(code);
  });

  it("does not take coin queries or other words for codes", () => {
    expect(shareCodeOf("BTC")).toBeUndefined();
    expect(shareCodeOf("bitcoin")).toBeUndefined();
    expect(shareCodeOf("AbCdEfGhIjKlMnOpQrStU")).toBeUndefined();
    expect(shareCodeOf("")).toBeUndefined();
  });
});
