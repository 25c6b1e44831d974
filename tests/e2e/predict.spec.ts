import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { generatePrivateKey } from "viem/accounts";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { installTestWallet, signInWithBrowserWallet } from "./accounts-helpers.ts";
import { shot } from "./shots.ts";

// The predict page in both hosts (a browser, and Telegram's mock) at phone and desktop widths: the forecast's chart
// and table, its track record beside it, the interval switch and the coin picker, on the shipped replay market
// (BTC, ETH and BNB have hourly candles, the other coins daily ones).

const phone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 900;

/** Waits until the forecast chart has drawn on a canvas of some size. */
async function expectForecastDrawn(page: Page) {
  await expect
    .poll(async () =>
      page.getByTestId("forecast-chart").evaluate((element) => {
        const canvases = [...element.querySelectorAll("canvas")];
        return canvases.some((canvas) => canvas.width > 0 && canvas.height > 0);
      }),
    )
    .toBe(true);
}

/** Nothing on the page is wider than the screen (a phone scrolls only down). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const record = (page: Page) => page.getByRole("region", { name: "Track record on data the model had not seen" });

/** The record's figures as the page says them (whichever model won on the coin, the sentences are there). */
async function expectRecord(page: Page, window: "24 hours" | "90 days") {
  const box = record(page);
  await expect(box).toBeVisible();
  await expect(
    box.getByText(/^Tested on [\d,]+ forecasts made from .+ to .+, each looking \d+ (hours|days) ahead/),
  ).toBeVisible();
  await expect(
    box
      .getByText(/^(Direction right [\d.]+% of the time.*|No direction calls: every forecast was "no change"\.)$/)
      .first(),
  ).toBeVisible();
  await expect(box.getByText(/^Error [\d.,]+× the no-change forecast — /).first()).toBeVisible();
  await expect(box.getByText(/^[\d.]+% of actual prices fell inside the 80% band\.$/).first()).toBeVisible();
  await expect(box.getByRole("heading", { name: `Live record: the last ${window}` })).toBeVisible();
  // the judged forecasts, when any were judged yet, each carry their mark
  const judged = box.getByRole("list", { name: "Recent judged forecasts" }).getByRole("listitem");
  for (const item of await judged.all()) {
    await expect(item.getByText(/^(Correct|Incorrect|No call)$/)).toBeVisible();
  }
}

async function expectTableRows(table: Locator, steps: number) {
  await expect(table).toBeVisible();
  // the header row, then one row a step
  await expect(table.getByRole("row")).toHaveCount(steps + 1);
}

/** BTC's hourly forecast, its table and record, then the daily one: the walk both hosts take. */
async function walkBtc(page: Page, name: string, testInfo: TestInfo) {
  await expect(page.getByRole("heading", { level: 1, name: "Bitcoin (BTC) price forecast" })).toBeVisible();
  await expect(page.getByText(/^Replay market · /).first()).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Not investment advice." })).toBeVisible();
  const hourly = page
    .getByRole("radiogroup", { name: "Forecast interval" })
    .getByRole("radio", { name: "Hourly (48 h)" });
  await expect(hourly).toBeChecked();
  await expect(
    page.getByRole("img", { name: "BTC price forecast chart: past closes, the forecast and its 80% band, hourly" }),
  ).toBeVisible();
  await expectForecastDrawn(page);
  await expectTableRows(page.getByRole("table", { name: "BTC forecast, next 48 hours" }), 48);
  await expectRecord(page, "24 hours");
  await expect(page.getByText(/^Source: Binance \(replay\), market time .+ · Model: .+, version .+$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, `${name}-hourly`);

  await page.getByRole("radiogroup", { name: "Forecast interval" }).getByRole("radio", { name: "Daily (7 d)" }).check();
  await expectTableRows(page.getByRole("table", { name: "BTC forecast, next 7 days" }), 7);
  await expect(
    page.getByRole("img", { name: "BTC price forecast chart: past closes, the forecast and its 80% band, daily" }),
  ).toBeVisible();
  await expectForecastDrawn(page);
  await expectRecord(page, "90 days");
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, `${name}-daily`);
}

test("predict: the Predict tab opens BTC's forecast, its table and its track record; daily works", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  if (phone(page)) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Predict", exact: true }).click();
  } else {
    await page
      .getByRole("complementary", { name: "Main navigation" })
      .getByRole("link", { name: "Predict", exact: true })
      .click();
  }
  await expect(page).toHaveURL(/\/predict\/BTC$/);
  await walkBtc(page, "predict-browser", testInfo);
});

test("predict in Telegram: BTC's forecast and record, then daily", async ({ page }, testInfo) => {
  await page.addInitScript({ content: telegramMockInitScript({ platform: "ios" }) });
  await page.goto("/predict/BTC");
  // Telegram always has the narrow layout
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await walkBtc(page, "predict-telegram", testInfo);
});

test("predict: the picker opens a daily-only coin, which says hourly needs hourly data", async ({ page }, testInfo) => {
  await page.goto("/predict/BTC");
  await expect(page.getByRole("table", { name: "BTC forecast, next 48 hours" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search a coin to forecast" }).fill("Solana");
  await page.getByRole("list", { name: "Coins matching Solana" }).getByRole("link", { name: "SOL Solana" }).click();
  await expect(page).toHaveURL(/\/predict\/SOL$/);
  await expect(page.getByRole("heading", { level: 1, name: "Solana (SOL) price forecast" })).toBeVisible();
  await expect(
    page.getByText("Hourly forecasts exist for coins with hourly data; SOL has daily data only."),
  ).toBeVisible();
  const radios = page.getByRole("radiogroup", { name: "Forecast interval" }).getByRole("radio");
  await expect(radios).toHaveCount(1);
  await expect(radios.first()).toHaveAccessibleName("Daily (7 d)");
  await expectTableRows(page.getByRole("table", { name: "SOL forecast, next 7 days" }), 7);
  await expectRecord(page, "90 days");
  await shot(page, testInfo, "predict-sol");
});

test("predict: a coin the market does not have is said plainly", async ({ page }) => {
  await page.goto("/predict/NOSUCHCOIN");
  await expect(page.getByText("NOSUCHCOIN is not in our market data.")).toBeVisible();
  await expect(page.getByRole("link", { name: "See all tokens" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
});

test("predict: Share asks a visitor to sign in, then draws the forecast's card to download", async ({
  page,
}, testInfo) => {
  await installTestWallet(page, generatePrivateKey());
  await page.goto("/predict/BTC");
  await expect(page.getByRole("table", { name: "BTC forecast, next 48 hours" })).toBeVisible();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await signInWithBrowserWallet(page);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share the BTC forecast" });
  await expect(dialog).toBeVisible();
  const card = dialog.getByRole("img", { name: /^BTC price forecast for the next 48 hours: / });
  await expect(card).toBeVisible();
  // the server's PNG has loaded and decoded
  await expect.poll(() => card.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1200);
  const download = dialog.getByRole("link", { name: "Download image" });
  await expect(download).toBeVisible();
  await expect(download).toHaveAttribute("href", /^data:image\/png;base64,/);
  await expect(download).toHaveAttribute("download", "mountainlion-BTC-forecast.png");
  await expect(dialog.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, "predict-share");
});
