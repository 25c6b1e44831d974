import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { shot } from "./shots.ts";

// The AI score in both hosts (a browser, and Telegram's mock) at phone and desktop widths, on the shipped replay
// market: the token page's score with its parts, the AI ranking by category, and two coins compared.

const phone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 900;
const DEVICE = { "x-device-no": "e2e0score0ui00000000000000000000" };

interface ScoreAnswer {
  data: { score: { score: number; parts: { id: string }[] } };
}
interface RankingAnswer {
  data: { list: { coin: { coinAbbr: string }; score: { score: number } }[]; total: number };
}

/** Nothing on the page is wider than the screen (a phone scrolls only down; wide tables scroll inside a region). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The figure as the page writes it: at most two decimals, no trailing zeros. */
const figureText = (value: number) => String(Math.round(value * 100) / 100);

const VALIDATION =
  /^(Over \d+ weeks of history the score's rank correlation with the next week's return averaged -?[\d.]+; positive in \d+ of \d+ weeks\.|The score has not been checked against history yet\.)/;

/** BTC's token page shows the score the API gives, its band, its five parts, the validation and the source. */
async function expectBtcScore(page: Page, testInfo: TestInfo, name: string) {
  const answer = await page.request.get("/v2/api/dashboard/token/score?coinAbbr=BTC", { headers: DEVICE });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as ScoreAnswer;
  const panel = page.getByRole("region", { name: "AI score" });
  await expect(panel.locator(".score-details__figure")).toHaveText(figureText(data.score.score));
  await expect(panel.locator(".score-details .score-band")).toHaveText(
    /^(Very negative|Negative|Neutral|Positive|Very positive)$/,
  );
  const parts = panel.getByRole("list", { name: "Parts of BTC's AI score" }).getByRole("listitem");
  await expect(parts).toHaveCount(data.score.parts.length);
  for (const name of ["Trend", "Volatility", "Liquidity", "Relative strength", "News flow"]) {
    await expect(panel.getByRole("listitem", { name })).toContainText(/(\d[\d.,]* points|No data)/);
  }
  await expect(panel.getByRole("listitem", { name: "Trend" })).toContainText("Weight");
  await expect(panel.getByText(VALIDATION)).toBeVisible();
  await expect(panel.getByText(/^Source: Binance \(replay\), market time /)).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, `${name}-token-score`);
}

/** Two coins picked into the comparison, side by side; a third is refused with what to do. */
async function compareBtcAndEth(page: Page, testInfo: TestInfo, name: string) {
  const search = page.getByRole("searchbox", { name: "Search a coin to compare" });
  await search.fill("BTC");
  await page.getByRole("button", { name: "Compare BTC", exact: true }).click();
  await search.fill("ETH");
  await page.getByRole("button", { name: "Compare ETH", exact: true }).click();
  await expect(page).toHaveURL(/\/aiCompare\?coins=BTC,ETH$/);
  for (const [title, abbr] of [
    ["Bitcoin (BTC)", "BTC"],
    ["Ethereum (ETH)", "ETH"],
  ] as const) {
    const card = page.getByRole("article", { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText("Market cap", { exact: true })).toBeVisible();
    await expect(card.getByText("24h volume", { exact: true })).toBeVisible();
    await expect(card.locator(".score-details__figure")).toHaveText(/^\d+(\.\d+)?$/);
    await expect(card.getByRole("list", { name: `Parts of ${abbr}'s AI score` }).getByRole("listitem")).toHaveCount(5);
  }
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, `${name}-compare`);

  await search.fill("SOL");
  await page.getByRole("button", { name: "Compare SOL", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "You can compare at most 2 coins: remove BTC or ETH before adding SOL.",
  );
  await expect(page).toHaveURL(/\/aiCompare\?coins=BTC,ETH$/);
  await expect(page.getByRole("article")).toHaveCount(2);
}

test("AI score: the token page shows BTC's score with its parts, validation and source", async ({ page }, testInfo) => {
  await page.goto("/tokensData/BTC");
  await expect(page.getByRole("heading", { level: 1, name: "Bitcoin (BTC)" })).toBeVisible();
  await expectBtcScore(page, testInfo, "score-browser");
});

test("AI ranking: opened from the menu, coins by score, filtered by category", async ({ page }, testInfo) => {
  await page.goto("/");
  if (phone(page)) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "AI ranking" }).click();
  } else {
    const nav = page.getByRole("complementary", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Dashboard", exact: true }).hover();
    await nav.getByRole("link", { name: "AI ranking" }).click();
  }
  await expect(page).toHaveURL(/\/aiRanking$/);
  await expect(page.getByRole("heading", { level: 1, name: "AI ranking" })).toBeVisible();
  const all = page.getByRole("table", { name: "All tokens by AI score" });
  await expect(all.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByText(VALIDATION)).toBeVisible();
  // highest first
  const scores = (await all.locator(".score-table__figure").allTextContents()).map(Number);
  expect(scores.length).toBeGreaterThan(1);
  expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, "score-ranking-total");

  const answer = await page.request.get("/v2/api/ai_ranking?category=meme&page=1&pageSize=50", { headers: DEVICE });
  const { data: meme } = (await answer.json()) as RankingAnswer;
  await page.getByRole("navigation", { name: "AI ranking categories" }).getByRole("link", { name: "Meme" }).click();
  await expect(page).toHaveURL(/\/aiRanking\?category=meme$/);
  if (meme.total === 0) {
    await expect(page.getByText("No coin in Meme has an AI score at this market time.")).toBeVisible();
  } else {
    const table = page.getByRole("table", { name: "Meme by AI score" });
    await expect(table.getByRole("row")).toHaveCount(Math.min(meme.total, 50) + 1);
    await expect(table.locator(".score-table__coin a").first()).toHaveAttribute(
      "href",
      `/tokensData/${meme.list[0]?.coin.coinAbbr}`,
    );
    await expect(table.locator(".score-table__figure").first()).toHaveText(figureText(meme.list[0]?.score.score ?? 0));
  }
  await shot(page, testInfo, "score-ranking-meme");
});

test("AI compare: two coins side by side, a third refused", async ({ page }, testInfo) => {
  await page.goto("/aiCompare");
  await expect(page.getByRole("heading", { level: 1, name: "AI compare" })).toBeVisible();
  await compareBtcAndEth(page, testInfo, "score-browser");
});

test("AI score in Telegram: the token page's score, then a comparison", async ({ page }, testInfo) => {
  await page.addInitScript({ content: telegramMockInitScript({ platform: "ios" }) });
  await page.goto("/tokensData/BTC");
  // Telegram always has the narrow layout
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await expectBtcScore(page, testInfo, "score-telegram");
  await page.goto("/aiCompare");
  await compareBtcAndEth(page, testInfo, "score-telegram");
});
