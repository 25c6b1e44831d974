import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html.ts";

describe("escapeHtml", () => {
  it("escapes all five HTML-special characters and leaves other text as it is", () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a> 比特币`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt; 比特币",
    );
  });

  it("does not escape twice what it already escaped once", () => {
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });
});
