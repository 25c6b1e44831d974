import { expect, type Page, test } from "@playwright/test";
import { expectCanvasDrawn } from "./market-helpers.ts";
import { shot } from "./shots.ts";

const phone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 900;

interface SentimentAnswer {
  data: {
    TOP100_Currency_Index: {
      data: unknown[];
      rising: number;
      falling: number;
      unchanged: number;
      counted: number;
      universe: number;
    };
  };
}

test("home: replay label, coin ticker, sentiment gauge, coin search and news", async ({ page }, testInfo) => {
  const sentimentAnswer = page.waitForResponse((response) => response.url().includes("/v2/api/getCoinSentiment"));
  const coinsAnswer = page.request.get("/v2/api/getCoinList?category=total&page=1&pageSize=100", {
    headers: { "x-device-no": "e2e0market0coins0total0000000000" },
  });
  await page.goto("/");
  await expect(page.getByText(/^Replay market · /).first()).toBeVisible();
  const ticker = page.getByRole("navigation", { name: "Coin ticker" });
  await expect(ticker.getByRole("link", { name: /^BTC \$/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Top news" }).getByRole("link").first()).toBeVisible();
  if (phone(page)) {
    await shot(page, testInfo, "market-home-chat");
    await page.getByRole("tab", { name: "Cryptos" }).click();
    await expect(page.getByText(/^Replay market · /).first()).toBeVisible();
  } else {
    await expect(page.getByRole("region", { name: "Hot news" }).getByRole("link").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Hot words" }).getByRole("link").first()).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /^Fear and greed index: \d+, / })).toBeVisible();
  // The counts are of the coins the market really has (the replay's 120, not "the top 100"): rising, falling and
  // unchanged add up to the coins with a 24h change, and the page shows them over that many coins.
  const { data: sentiment } = (await (await sentimentAnswer).json()) as SentimentAnswer;
  const { data: coins } = (await (await coinsAnswer).json()) as { data: { total: number } };
  const counted = sentiment.TOP100_Currency_Index;
  expect(counted.universe).toBe(coins.total);
  expect(counted.data).toHaveLength(counted.counted);
  expect(counted.rising + counted.falling + counted.unchanged).toBe(counted.counted);
  const panel = page.getByRole("region", { name: "Market sentiment" });
  await expect(panel.getByRole("definition")).toHaveText([
    String(counted.rising),
    String(counted.falling),
    String(counted.unchanged),
  ]);
  await expect(panel.getByText(`Over 24 hours, of the ${counted.counted} coins of this market:`)).toBeVisible();
  await expect(page.getByRole("table", { name: "Coin list" }).getByRole("link").first()).toBeVisible();
  await shot(page, testInfo, "market-home");

  await page.getByRole("searchbox", { name: "Search coins" }).fill("ETH");
  const results = page.getByRole("table", { name: "Coins matching ETH" });
  await expect(results.getByRole("link", { name: /^ETH/ }).first()).toBeVisible();
  await shot(page, testInfo, "market-search-eth");
});

test("token page: BTC from the coin list, its chart draws, and 1d works", async ({ page }, testInfo) => {
  await page.goto("/");
  if (phone(page)) await page.getByRole("tab", { name: "Cryptos" }).click();
  await page.getByRole("table", { name: "Coin list" }).getByRole("link", { name: /^BTC/ }).click();
  await expect(page).toHaveURL(/\/tokensData\/BTC$/);
  await expect(page.getByRole("heading", { level: 1, name: /\(BTC\)/ })).toBeVisible();
  await expect(page.getByText(/^Replay market · /)).toBeVisible();
  await expect(page.getByText("Market cap", { exact: true })).toBeVisible();
  const chart = page.getByRole("img", { name: "BTC price chart, 1h candles" });
  await expect(chart).toBeVisible();
  await expectCanvasDrawn(page);
  await shot(page, testInfo, "market-token-1h");

  await page.getByRole("radiogroup", { name: "Interval" }).getByRole("radio", { name: "1d" }).check();
  await expect(page.getByRole("img", { name: "BTC price chart, 1d candles" })).toBeVisible();
  await expectCanvasDrawn(page);
  await shot(page, testInfo, "market-token-1d");
});

test("token page by lower-case coin code and a dashboard category", async ({ page }, testInfo) => {
  await page.goto("/crypto/eth");
  await expect(page.getByRole("heading", { level: 1, name: /\(ETH\)/ })).toBeVisible();
  await page.goto("/popularTokens/?type=total");
  await expect(
    page.getByRole("navigation", { name: "Popular tokens" }).getByRole("link", { name: "All tokens" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table", { name: "All tokens coins" }).getByRole("link").first()).toBeVisible();
  await shot(page, testInfo, "market-popular");
});

test("news: the list pages and opens an item", async ({ page }, testInfo) => {
  await page.goto("/message/news");
  const list = page.getByRole("list", { name: "News" });
  await expect(list.getByRole("link").first()).toBeVisible();
  await list.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/messageDetail\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await shot(page, testInfo, "market-news-detail");
});
