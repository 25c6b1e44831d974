import { describe, expect, it } from "vitest";
import { parseDigestHour } from "./subscribe.ts";

describe("parseDigestHour", () => {
  it("reads an hour from 0 to 23, keeps the chat's hour when none is given, refuses anything else", () => {
    expect(parseDigestHour("")).toBeUndefined();
    expect(parseDigestHour("  ")).toBeUndefined();
    expect(parseDigestHour("8")).toBe(8);
    expect(parseDigestHour("08")).toBe(8);
    expect(parseDigestHour(" 0 ")).toBe(0);
    expect(parseDigestHour("23")).toBe(23);
    for (const bad of ["24", "-1", "8.5", "eight", "8am", "123", "８"]) expect(parseDigestHour(bad)).toBeNaN();
  });
});
