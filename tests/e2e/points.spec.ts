import { randomInt } from "node:crypto";
import { type BrowserContext, expect, type Page, type TestInfo, test } from "@playwright/test";
import { generatePrivateKey } from "viem/accounts";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { headerAccount, installTestWallet, signedTelegramInitData } from "./accounts-helpers.ts";
import { shot } from "./shots.ts";

// The points center in both hosts (a browser, and Telegram's mock) at phone and desktop widths: a new user checks
// in once, sees the balance rise and the entry in the history; a second check-in the same day (from a tab that
// still shows today open) is refused with "already checked in". Each test signs up its own user, so both
// projects and a rerun on the same UTC day start from no check-in.

const ALREADY = "You have already checked in today. Come back tomorrow.";

const pointsCenter = (page: Page) => page.getByRole("region", { name: "Points center" });
const balanceFigure = (page: Page) =>
  page.getByRole("region", { name: "My points" }).locator(".points-balance__figure");
const checkInCard = (page: Page) => page.getByRole("region", { name: "Daily check-in" });

/** The balance as the page writes it; a new user's is below 1,000, so it is a plain whole number. */
async function balance(page: Page): Promise<number> {
  await expect(balanceFigure(page)).toHaveText(/^\d+$/);
  return Number(await balanceFigure(page).textContent());
}

/** Opens the points center in a second tab of the same signed-in browser, before the first checks in. */
async function openSecondTab(context: BrowserContext): Promise<Page> {
  const second = await context.newPage();
  await second.goto("/pointsCenter/");
  await expect(checkInCard(second).getByRole("button", { name: "Check in", exact: true })).toBeEnabled();
  return second;
}

/** Checks in on `page`, then again from `stale`, which still offers it; the balance rises once. */
async function checkInTwice(page: Page, stale: Page, testInfo: TestInfo, name: string) {
  const card = checkInCard(page);
  const before = await balance(page);
  const offer = await card.getByText(/^Check in now for \+\d+ points$/).textContent();
  const awarded = Number(/\+(\d+)/.exec(offer ?? "")?.[1]);
  expect(awarded).toBeGreaterThan(0);
  await shot(page, testInfo, `${name}-points-before`);

  await card.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(card.getByRole("status")).toHaveText("Checked in.");
  await expect(card.getByRole("button", { name: "Checked in today" })).toBeDisabled();
  await expect(card.getByText(`Checked in today: +${awarded} points`)).toBeVisible();
  await expect(balanceFigure(page)).toHaveText(String(before + awarded));
  const history = page.getByRole("region", { name: "Points history" }).getByRole("listitem");
  await expect(history.first()).toContainText("Daily check-in");
  await expect(history.first()).toContainText(`+${awarded}`);
  await shot(page, testInfo, `${name}-points-checked-in`);

  await stale.bringToFront();
  const staleCard = checkInCard(stale);
  await staleCard.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(staleCard.getByRole("status")).toHaveText(ALREADY);
  // the tab catches up: today is done, and the balance counts the one check-in only
  await expect(staleCard.getByRole("button", { name: "Checked in today" })).toBeDisabled();
  await expect(balanceFigure(stale)).toHaveText(String(before + awarded));
  await expect(stale.getByRole("region", { name: "Points history" }).getByText("Daily check-in")).toHaveCount(1);
  await shot(stale, testInfo, `${name}-points-already`);
}

test("browser: a visitor is asked to sign in; signed in with a wallet, checks in once a day", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await installTestWallet(page, generatePrivateKey());
  await page.goto("/pointsCenter/");
  await expect(page.getByRole("heading", { level: 1, name: "Points center" })).toBeVisible();
  await expect(pointsCenter(page).getByText(/^Check in once a day to collect points: /)).toBeVisible();
  await expect(pointsCenter(page).getByRole("button", { name: "Check in" })).toHaveCount(0);
  await shot(page, testInfo, "points-visitor");

  await pointsCenter(page).getByRole("button", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByRole("button", { name: /Browser wallet/ }).click();
  await dialog.getByRole("list", { name: "Browser wallets" }).getByRole("button", { name: "MetaMask" }).click();
  await expect(headerAccount(page)).toBeVisible();
  await expect(dialog).toBeHidden();

  const stale = await openSecondTab(context);
  await page.bringToFront();
  await checkInTwice(page, stale, testInfo, "browser");
});

test("Telegram: signed in at start, checks in once a day", async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  const initData = signedTelegramInitData({ id: 730_000_000 + randomInt(1_000_000), first_name: "Points" });
  // on the context, so the second tab opens inside the same (mock) Telegram too
  await context.addInitScript({ content: telegramMockInitScript({ platform: "ios", initData }) });
  await page.goto("/pointsCenter/");
  await expect(headerAccount(page)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Points center" })).toBeVisible();
  await expect(checkInCard(page).getByRole("button", { name: "Check in", exact: true })).toBeEnabled();

  const stale = await openSecondTab(context);
  await page.bringToFront();
  await checkInTwice(page, stale, testInfo, "telegram");
});
