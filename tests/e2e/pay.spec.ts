import { randomInt } from "node:crypto";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { headerAccount, signedTelegramInitData, signInWithBrowserWallet } from "./accounts-helpers.ts";
import { E2E_DEPOSIT_ADDRESS, E2E_PAYERS } from "./e2e-chain.ts";
import { installChainWallet, payFromOutside } from "./pay-helpers.ts";
import { shot } from "./shots.ts";

// Buying a plan with USDT on the local chain, in both hosts at phone and desktop widths. A new user starts on the
// 7-day trial; buying the monthly package (19.99 USDT, the account holds none) opens the top-up on the e2e chain.
// In the browser the user pays with the connected wallet (an injected EIP-1193 wallet whose transactions are real
// ones on the chain); in Telegram they pay from outside (another wallet app) and report the hash. Either way the
// server reads the transfer from the chain itself; the card turns VIP and the order is in the history.

const MONTHLY_PRICE = "19.99";

/** One payer per test: phone and desktop run both tests at once, and payers must not share nonces or balances. */
function payerFor(testInfo: TestInfo, host: "browser" | "telegram"): string {
  const index = (host === "browser" ? 0 : 2) + (testInfo.project.name === "desktop" ? 1 : 0);
  const payer = E2E_PAYERS[index];
  if (!payer) throw new Error("no payer left");
  return payer;
}

/** The plans page's membership card, titled by the card in force. */
const membership = (page: Page, card: "Trial" | "VIP") =>
  page.getByRole("region", { name: "Your membership" }).getByRole("region", { name: new RegExp(`^${card}\\b`) });

async function confirmMonthly(page: Page) {
  const confirm = page.getByRole("dialog", { name: "Confirm purchase" });
  await expect(
    confirm.getByText("Your USDT balance does not cover the price: confirming opens the top-up."),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Confirm" }).click();
  const topUp = page.getByRole("dialog", { name: "Top up with USDT" });
  await expect(topUp.getByRole("radio", { name: "Ethereum (ERC20)" })).toBeChecked();
  await expect(
    topUp.getByRole("img", { name: `QR code to pay ${MONTHLY_PRICE} USDT on Ethereum (ERC20)` }),
  ).toBeVisible();
  await expect(topUp.getByText(E2E_DEPOSIT_ADDRESS)).toBeVisible();
  return topUp;
}

/** The card is VIP now, and the order is in the history as paid. */
async function expectMonthlyBought(page: Page, testInfo: TestInfo, name: string) {
  // the payment's outcome also comes as a popup (getPopups, polled every 15 s): it says so and leads to the orders
  const popup = page.getByRole("dialog", { name: "Payment successful" });
  await expect(popup).toBeVisible({ timeout: 45_000 });
  await shot(page, testInfo, `${name}-popup`);
  await popup.getByRole("button", { name: "Order history" }).click();
  const history = page.getByRole("dialog", { name: "Order history" });
  const order = history.getByRole("list", { name: "Orders" }).getByRole("listitem").first();
  await expect(order).toContainText("Monthly");
  await expect(order).toContainText(MONTHLY_PRICE);
  await expect(order).toContainText("Paid");
  await shot(page, testInfo, `${name}-order-history`);
  await page.keyboard.press("Escape");
  await expect(membership(page, "VIP")).toContainText("Monthly plan");
}

test("browser: a visitor signs in with a wallet and buys the monthly plan, paying USDT from that wallet", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await installChainWallet(page, payerFor(testInfo, "browser"));
  await page.goto("/plans");
  await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Monthly" })).toContainText(MONTHLY_PRICE);
  await shot(page, testInfo, "plans-visitor");

  await page.getByRole("button", { name: "Buy Monthly" }).click();
  await signInWithBrowserWallet(page);
  await expect(membership(page, "Trial")).toBeVisible();

  await page.getByRole("button", { name: "Buy Monthly" }).click();
  const topUp = await confirmMonthly(page);
  await shot(page, testInfo, "plans-topup");
  await topUp.getByRole("button", { name: "Pay with wallet" }).click();
  await expect(topUp.getByRole("status").getByText("Payment received")).toBeVisible({ timeout: 30_000 });
  await expect(topUp.getByText("Your purchase is complete.")).toBeVisible();
  await shot(page, testInfo, "plans-paid");
  await expectMonthlyBought(page, testInfo, "browser");
});

test("Telegram: pays USDT from another wallet and reports the hash", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const initData = signedTelegramInitData({ id: 740_000_000 + randomInt(1_000_000), first_name: "Payer" });
  await page.addInitScript({ content: telegramMockInitScript({ platform: "ios", initData }) });
  await page.goto("/plans");
  await expect(headerAccount(page)).toBeVisible();
  await expect(membership(page, "Trial")).toBeVisible();

  await page.getByRole("button", { name: "Buy Monthly" }).click();
  const topUp = await confirmMonthly(page);
  const hash = await payFromOutside(payerFor(testInfo, "telegram"), E2E_DEPOSIT_ADDRESS, MONTHLY_PRICE);
  await topUp.getByRole("button", { name: "I have recharged" }).click();
  const report = page.getByRole("dialog", { name: "Report a payment" });
  await report.getByRole("textbox", { name: "Transaction hash" }).fill(hash);
  await shot(page, testInfo, "telegram-report-hash");
  await report.getByRole("button", { name: "Submit hash" }).click();
  await expect(report.getByRole("status").getByText("Payment received")).toBeVisible({ timeout: 30_000 });
  await expect(report.getByText("Your purchase is complete.")).toBeVisible();
  await expectMonthlyBought(page, testInfo, "telegram");
});
