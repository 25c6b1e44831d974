import { describe, expect, it } from "vitest";
import { copyText } from "./copy-text.ts";

describe("an answer copied as plain text", () => {
  it("drops headings' hashes, emphasis and code marks", () => {
    expect(copyText("## Bitcoin (BTC)\n\n**BTC** is at *64,000* USDT, `+1.2%` over __24h__ ~~yesterday~~.")).toBe(
      "Bitcoin (BTC)\n\nBTC is at 64,000 USDT, +1.2% over 24h yesterday.",
    );
  });

  it("writes a table as one line per row, cells separated by tabs, without the delimiter row", () => {
    const markdown = [
      "Figures:",
      "",
      "|  | BTC | ETH |",
      "| --- | ---: | :---: |",
      "| Price (USDT) | **65,776.47** | 3,100.2 |",
      "| Market cap (USDT) | 1,315.53B | 374.1B |",
      "",
      "Source: Binance",
    ].join("\n");
    expect(copyText(markdown)).toBe(
      [
        "Figures:",
        "",
        "\tBTC\tETH",
        "Price (USDT)\t65,776.47\t3,100.2",
        "Market cap (USDT)\t1,315.53B\t374.1B",
        "",
        "Source: Binance",
      ].join("\n"),
    );
  });

  it("keeps escaped characters as text, in and out of tables", () => {
    expect(copyText("| Name | Note |\n|---|---|\n| a\\|b | 2 \\* 3 |")).toBe("Name\tNote\na|b\t2 * 3");
    expect(copyText("snake_case_name and 2 * 3 * 4 stay \\*as typed\\*")).toBe(
      "snake_case_name and 2 * 3 * 4 stay *as typed*",
    );
  });

  it("keeps link addresses, image alt text, list items and quotes, and code blocks without fences", () => {
    const markdown = [
      "> Note: **test** data",
      "",
      "- [Binance](https://www.binance.com) price",
      "* <https://example.com/a>",
      "1. first",
      "",
      "![BTC 4h closing prices](/v2/api/chat/figure/BTC.svg)",
      "",
      "```ts",
      "const a = **1**;",
      "```",
      "",
      "---",
      "<b>raw html</b> is not shown",
    ].join("\n");
    expect(copyText(markdown)).toBe(
      [
        "Note: test data",
        "",
        "• Binance (https://www.binance.com) price",
        "• https://example.com/a",
        "1. first",
        "",
        "BTC 4h closing prices",
        "",
        "const a = **1**;",
        "",
        "raw html is not shown",
      ].join("\n"),
    );
  });

  it("reads Chinese answers the same way", () => {
    expect(copyText("**比特币**：\n\n| 指标 | 数值 |\n| --- | --- |\n| 市值 | 1,315.53B |")).toBe(
      "比特币：\n\n指标\t数值\n市值\t1,315.53B",
    );
  });
});
