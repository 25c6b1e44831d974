import { describe, expect, it } from "vitest";
import { formatJson, replaceSection } from "./output.ts";

describe("generated output", () => {
  it("lays out JSON as the formatter does", () => {
    expect(formatJson({ a: 1, list: [{ tags: ["meme"], none: [], b: null }], empty: {} })).toBe(
      '{\n  "a": 1,\n  "list": [\n    {\n      "tags": ["meme"],\n      "none": [],\n      "b": null\n    }\n  ],\n  "empty": {}\n}',
    );
  });

  it("replaces one generated section and leaves the rest", () => {
    const doc = "# T\n\nhand\n\n<!-- generated:a:start -->\nold\n<!-- generated:a:end -->\n\ntail\n";
    expect(replaceSection(doc, "a", "new")).toBe(
      "# T\n\nhand\n\n<!-- generated:a:start -->\nnew\n<!-- generated:a:end -->\n\ntail\n",
    );
    expect(replaceSection("# T\n", "b", "x")).toBe("# T\n\n<!-- generated:b:start -->\nx\n<!-- generated:b:end -->\n");
  });
});
