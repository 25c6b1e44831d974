import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { formatPercentChange } from "../../src/client/shared/format/percent-change.ts";
import { priceText } from "../../src/contract/price-format.ts";
import { expectCanvasDrawn } from "./market-helpers.ts";
import { shot } from "./shots.ts";

/** The shipped universe, in display order: every coin the market must open a token page for. */
const UNIVERSE = (
  JSON.parse(readFileSync(new URL("../../data/market/coins.json", import.meta.url), "utf8")) as {
    coins: { symbol: string; name: string }[];
  }
).coins;
/**
 * The phone renders a sample: the coins with hourly data, large daily-only coins, unranked coins without a market
 * cap, a stablecoin, and coins listed late in the data (WAL, ASTER, PUMP).
 */
const SAMPLE = ["BTC", "ETH", "BNB", "SOL", "XRP", "USDC", "WAL", "ASTER", "PUMP", "VIRTUAL", "AIXBT", "PEOPLE"];
const HOURLY = new Set(["BTC", "ETH", "BNB"]);

interface TokenInfoAnswer {
  data: { price: number; change1h: number | null; change24h: number | null; change7d: number | null };
}

/** Opens another token page inside the running app, as a link would (no reload). */
async function openClientSide(page: Page, symbol: string) {
  await page.evaluate((path) => history.pushState(null, "", path), `/tokensData/${symbol}`);
}

async function expectTokenPage(page: Page, coin: { symbol: string; name: string }) {
  const answer = await page.request.get(`/v2/api/dashboard/token/info?coinAbbr=${coin.symbol}`, {
    headers: { "x-device-no": "e2e0market0universe0000000000000" },
  });
  expect(answer.status(), coin.symbol).toBe(200);
  const { data: info } = (await answer.json()) as TokenInfoAnswer;
  await expect(page.getByRole("heading", { level: 1, name: `${coin.name} (${coin.symbol})` })).toBeVisible();
  await expect(page.locator(".token__price-value")).toHaveText(`$${priceText(info.price)}`);
  const stats = page.locator(".token-stats");
  for (const [label, value] of [
    ["1h change", info.change1h],
    ["24h change", info.change24h],
    ["7d change", info.change7d],
  ] as const) {
    await expect(stats.locator(".token-stats__item", { hasText: label }).locator("dd")).toHaveText(
      formatPercentChange(value),
    );
  }
  const interval = HOURLY.has(coin.symbol) ? "1h" : "1d";
  await expect(page.getByRole("img", { name: `${coin.symbol} price chart, ${interval} candles` })).toBeVisible();
  await expectCanvasDrawn(page);
  if (!HOURLY.has(coin.symbol)) {
    await expect(page.getByText("Daily candles only: hourly data is available for BTC, ETH, BNB only.")).toBeVisible();
    await expect(page.getByRole("radiogroup", { name: "Interval" }).getByRole("radio")).toHaveCount(1);
  }
}

test("token pages render price, changes and chart for the coins of the universe", async ({ page }, testInfo) => {
  const desktop = testInfo.project.name === "desktop";
  // the desktop opens every coin of the universe, one after another in one page; the phone a sample
  const coins = desktop ? UNIVERSE : UNIVERSE.filter((coin) => SAMPLE.includes(coin.symbol));
  // the desktop walk opens all 120 pages (1.4 min on an idle machine): room for a loaded one
  test.setTimeout(desktop ? 600_000 : 240_000);
  expect(coins.length).toBe(desktop ? 120 : SAMPLE.length);
  const [first, ...rest] = coins;
  if (!first) throw new Error("the universe is empty");
  await page.goto(`/tokensData/${first.symbol}`);
  await expectTokenPage(page, first);
  for (const coin of rest) {
    await openClientSide(page, coin.symbol);
    await expectTokenPage(page, coin);
    if (coin.symbol === "WAL") await shot(page, testInfo, "market-token-wal");
  }
});

test('a coin that is not in the data opens a "not in our market data" page', async ({ page }, testInfo) => {
  await page.goto("/tokensData/PEPE");
  await expect(page.getByRole("heading", { level: 1, name: "PEPE" })).toBeVisible();
  await expect(page.getByText("PEPE is not in our market data.")).toBeVisible();
  await expect(page.getByText("We have prices for 120 coins; PEPE is not one of them.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await shot(page, testInfo, "market-token-not-in-data");
  await page.getByRole("link", { name: "See all tokens" }).click();
  await expect(page).toHaveURL(/\/popularTokens\/\?type=total$/);
  // the page's code and the coin list load on first visit: on a loaded machine that can take longer than 10 s
  await expect(page.getByRole("table", { name: "All tokens coins" })).toBeVisible({ timeout: 30_000 });
});

test("categories: counts on the tabs, pages over 120 coins, unknown market caps, and an empty one says why", async ({
  page,
}, testInfo) => {
  await page.goto("/popularTokens/?type=total");
  const tabs = page.getByRole("navigation", { name: "Popular tokens" });
  await expect(tabs.getByRole("link", { name: "All tokens 120" })).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: "All tokens coins" });
  await expect(table.getByRole("row")).toHaveCount(51);
  const pages = page.getByRole("navigation", { name: "All tokens pages" });
  await expect(pages).toContainText("1–50 of 120");
  await expect(page.getByText(/^Source: Binance \(replay\), market time /)).toBeVisible();
  await shot(page, testInfo, "market-category-total");
  await pages.getByRole("button", { name: "Next" }).click();
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(pages).toContainText("101–120 of 120");
  await expect(table.getByRole("row")).toHaveCount(21);
  // coins outside the ranked list have no circulating supply in the data: their market cap is unknown
  const lastCoin = table.getByRole("row").last();
  await expect(lastCoin.getByRole("rowheader")).toContainText(UNIVERSE.at(-1)?.symbol ?? "");
  await expect(lastCoin.getByRole("cell").last()).toHaveText("Unknown");

  await tabs.getByRole("link", { name: /^Hot/ }).click();
  await expect(page.getByText("The 20 coins with the highest 24h trading volume in USDT.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Hot coins" }).getByRole("row")).toHaveCount(21);

  await tabs.getByRole("link", { name: /^DeFAI/ }).click();
  await expect(tabs.getByRole("link", { name: "DeFAI 0" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("status").filter({ hasText: "No coin in the replay data is tagged DeFAI." })).toHaveText(
    "No coin in the replay data is tagged DeFAI. Live data may have some.",
  );
  await expect(page.getByRole("table")).toHaveCount(0);
  await shot(page, testInfo, "market-category-defai");
});
