import { describe, expect, it } from "vitest";
import { JSON_MAX_DEPTH, jsonNestsDeeperThan, readJson } from "./json-text.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("readJson", () => {
  it("parses JSON up to the nesting limit and refuses one level more", () => {
    expect(readJson(bytes(nested(JSON_MAX_DEPTH)))).toEqual({ ok: true, value: JSON.parse(nested(JSON_MAX_DEPTH)) });
    expect(readJson(bytes(nested(JSON_MAX_DEPTH + 1)))).toEqual({ ok: false, reason: "tooDeep" });
    expect(readJson(bytes(`{"a":${'{"b":'.repeat(40)}1${"}".repeat(40)}}`))).toEqual({
      ok: false,
      reason: "tooDeep",
    });
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const value = { text: `${"[{".repeat(100)} \\" \\\\" "${"]".repeat(50)}`, list: [[["x"]]] };
    expect(readJson(bytes(JSON.stringify(value)))).toEqual({ ok: true, value });
  });

  it("answers invalid for text that is not JSON, an unterminated string among it", () => {
    expect(readJson(bytes("{"))).toEqual({ ok: false, reason: "invalid" });
    expect(readJson(bytes('{"a":"[[[['))).toEqual({ ok: false, reason: "invalid" });
    expect(readJson(bytes(""))).toEqual({ ok: false, reason: "invalid" });
  });

  it("reads UTF-8 text", () => {
    expect(readJson(bytes('{"q":"比特币 🚀"}'))).toEqual({ ok: true, value: { q: "比特币 🚀" } });
  });

  it("refuses millions of brackets, and passes a 20 MB string whose brackets do not count", () => {
    expect(jsonNestsDeeperThan(bytes("[".repeat(6_000_000)), JSON_MAX_DEPTH)).toBe(true);
    const long = bytes(JSON.stringify({ base64content: "[".repeat(20_000_000) }));
    expect(jsonNestsDeeperThan(long, JSON_MAX_DEPTH)).toBe(false);
  });
});
