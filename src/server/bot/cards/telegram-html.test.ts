import { describe, expect, it } from "vitest";
import { inlineHtml, shortAnswerHtml } from "./telegram-html.ts";

/** The tags of a text, in order, to check they pair up and are Telegram's. */
function tags(html: string): string[] {
  return [...html.matchAll(/<(\/?)([a-z]+)[^>]*>/g)].map((m) => `${m[1]}${m[2]}`);
}

function balanced(html: string): boolean {
  const open: string[] = [];
  for (const tag of tags(html)) {
    if (!["b", "i", "s", "code", "pre", "a"].includes(tag.replace("/", ""))) return false;
    if (tag.startsWith("/")) {
      if (open.pop() !== tag.slice(1)) return false;
    } else open.push(tag);
  }
  return open.length === 0;
}

describe("inlineHtml", () => {
  it("escapes text and writes Telegram's tags for markdown", () => {
    expect(inlineHtml("**BTC** <up> & `code` _it_ ~~no~~")).toBe(
      "<b>BTC</b> &lt;up&gt; &amp; <code>code</code> <i>it</i> <s>no</s>",
    );
  });

  it("keeps http(s) links and drops others to their text", () => {
    expect(inlineHtml("[site](https://a.example/?q=1&b=2)")).toBe('<a href="https://a.example/?q=1&amp;b=2">site</a>');
    expect(inlineHtml("[x](javascript:void)")).toBe("x");
    expect(inlineHtml("[y](ftp://files.example/a)")).toBe("y");
    expect(inlineHtml("![chart](/v2/api/figure.svg)")).toBe("");
  });

  it("leaves unmatched markers as text", () => {
    const html = inlineHtml("2 * 3 = 6 and **bold");
    expect(html).toBe("2 * 3 = 6 and **bold");
    expect(balanced(html)).toBe(true);
  });
});

describe("shortAnswerHtml", () => {
  it("turns headings, lists and two-column tables into lines, and keeps the source at the end", () => {
    const { html, cut } = shortAnswerHtml(
      [
        "## Bitcoin",
        "",
        "- price up",
        "- volume down",
        "",
        "| Field | Value |",
        "|---|---|",
        "| Price | 64,000 |",
        "",
        "Source: Binance (replay), 2026-03-02 00:00 UTC",
        "",
        "Trailing words.",
      ].join("\n"),
    );
    expect(html).toBe(
      [
        "<b>Bitcoin</b>",
        "",
        "• price up",
        "• volume down",
        "",
        "Price: 64,000",
        "",
        "Trailing words.",
        "",
        "<i>Source: Binance (replay), 2026-03-02 00:00 UTC</i>",
      ].join("\n"),
    );
    expect(cut).toBe(false);
  });

  it("keeps a one-coin answer of MountainLion whole: its sentence, its figures table and its source", () => {
    const rows = ["Price (USDT) | 65,776.47", "1h change | +0.78%", "24h change | -1.79%", "7d change | -2.76%"];
    const more = ["24h volume (USDT) | 1.55B", "Market cap (USDT) | 1,315.53B", "Rank | #1 (as of 2025-11-17)"];
    const markdown = [
      "**Bitcoin (BTC)** is at **65,776.47 USDT**, -1.79% over 24h, as of 2026-03-02 00:00 UTC.",
      "",
      "|  | BTC |",
      "| --- | --- |",
      ...[...rows, ...more].map((row) => `| ${row} |`),
      "",
      "Source: Binance (replay), 2026-03-02 00:00 UTC",
    ].join("\n");
    const { html, cut } = shortAnswerHtml(markdown);
    expect(cut).toBe(false);
    expect(html).toContain("Rank: #1 (as of 2025-11-17)");
  });

  it("cuts a long answer, says it was cut, and still keeps the source", () => {
    const long = `${Array.from({ length: 40 }, (_, i) => `- point ${i} ${"word ".repeat(20)}`).join("\n")}\n\n来源：币安`;
    const { html, cut } = shortAnswerHtml(long, { maxLines: 5, maxChars: 400 });
    expect(cut).toBe(true);
    expect(html.split("\n").filter((line) => line.startsWith("•")).length).toBeLessThanOrEqual(5);
    expect(html.endsWith("<i>来源：币安</i>")).toBe(true);
  });

  it("never lets a model's markup through, and every tag it writes is closed", () => {
    const { html } = shortAnswerHtml(
      "<b>raw</b> <script>alert(1)</script>\n\n```\n<pre>code</pre>\n```\n\n**open *mixed** words*",
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;b&gt;raw&lt;/b&gt;");
    expect(html).toContain("<pre>&lt;pre&gt;code&lt;/pre&gt;</pre>");
    expect(balanced(html)).toBe(true);
  });
});
