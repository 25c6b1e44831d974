import { describe, expect, it } from "vitest";
import { parseDelimited, parseRecords } from "./delimited.ts";

describe("the delimited-text reader", () => {
  it("keeps delimiters, doubled quotes and line breaks inside quoted fields", () => {
    const text = 'a,b\n"x, y","say ""hi""\n\nbye"\r\nplain,\n';
    expect(parseDelimited(text)).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"\n\nbye'],
      ["plain", ""],
    ]);
  });

  it("reads tab-separated text and skips a byte-order mark and blank lines", () => {
    expect(parseDelimited('\ufefftitle\tts\n\n"A ""quote"""\t2021\n', "\t")).toEqual([
      ["title", "ts"],
      ['A "quote"', "2021"],
    ]);
  });

  it("refuses an unterminated quote", () => {
    expect(() => parseDelimited('a\n"open')).toThrow(/unterminated/);
  });

  it("maps records by header after skipped lines, and checks their width", () => {
    const text = "https://example.com\nUnix,Close\n1,2\n";
    expect(parseRecords(text, ["Close", "Unix"], { skipLines: 1 })).toEqual([{ Close: "2", Unix: "1" }]);
    expect(() => parseRecords("a,b\n1\n", ["a"])).toThrow(/record 1: 1 fields/);
    expect(() => parseRecords("a,b\n1,2\n", ["c"])).toThrow(/no column c/);
  });
});
