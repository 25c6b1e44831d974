/**
 * What the e2e loopback model (model-loopback-server.ts) answers, and the test's hand on it. The e2e server knows
 * it as "Perplexity Sonar" (playwright.config.ts).
 */

export const LOOPBACK_MODEL_NAME = "Perplexity Sonar";

/** `[[table]]`: a table with more columns than a phone's width, streamed in a few chunks. */
export const WIDE_TABLE_ANSWER = [
  "Figures from the test feed:\n\n",
  "| Coin | Price (USDT) | 1h change | 24h change | 7d change | 24h volume (USDT) | Market cap (USDT) | Rank |\n",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
  "| BTC | 65,776.47 | +0.78% | -1.79% | -2.76% | 1.55B | 1,315.53B | #1 |\n",
  "| ETH | 3,100.2 | +0.12% | -0.54% | +3.01% | 820.4M | 374.1B | #2 |\n",
  "\nSource: test feed.",
];

/** `[[gated:<id>]]`: this first, then the answer is held open until the test releases the marker. */
export const GATED_BEFORE = "Before the stop. ";
/** … then these, and the answer ends. */
export const GATED_AFTER = ["After the release, ", "more words ", "and the end."];

/** Lets the answers held for `marker` go on (now, and any asked with it later). */
export async function releaseLoopback(marker: string): Promise<void> {
  const port = process.env.E2E_MODEL_PORT;
  if (!port) throw new Error("E2E_MODEL_PORT is not set (playwright.config.ts sets it)");
  const response = await fetch(`http://127.0.0.1:${port}/__release?marker=${encodeURIComponent(marker)}`, {
    method: "POST",
  });
  if (!response.ok) throw new Error(`the loopback model did not release ${marker}: HTTP ${response.status}`);
}
