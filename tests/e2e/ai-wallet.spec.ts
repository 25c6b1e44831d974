import { expect, type Page, test } from "@playwright/test";
import { type Address, getAddress, parseEther } from "viem";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { headerAccount, signedTelegramInitData } from "./accounts-helpers.ts";
import { codeMailedAfter, freshAddress, lastMailId, sendEth, signUpWithEmail } from "./ai-wallet-helpers.ts";
import { E2E_V2_NAME } from "./e2e-chain.ts";
import { shot } from "./shots.ts";
import { ethBalance } from "./swap-helpers.ts";

// The AI wallet of an email account on the e2e chain (playwright.config.ts: AI_WALLET_MASTER_KEY and
// AI_WALLET_CHAIN_IDS, the local Uniswap v2 chain): created by the server, funded by a transfer on chain, withdrawn
// from with an emailed code, and used for a limit order that is then cancelled. The whole flow runs in the browser at
// desktop width; the Telegram mini app is checked at phone width.

const overviewOf = (page: Page) => page.getByRole("region", { name: "Your AI wallet" });
const actions = (page: Page) => page.getByRole("region", { name: "AI wallet actions" });

/** The wallet's full address, from the title of its shortened form. */
async function walletAddress(page: Page): Promise<Address> {
  const shortened = overviewOf(page).getByText(/^0x[0-9a-fA-F]{2}\.\.\.[0-9a-fA-F]{4}$/);
  await expect(shortened).toBeVisible();
  const full = await shortened.getAttribute("title");
  if (!full) throw new Error("the AI wallet's address has no title");
  return getAddress(full);
}

async function createWallet(page: Page): Promise<Address> {
  await expect(page.getByRole("heading", { name: "You have no AI wallet yet" })).toBeVisible();
  await expect(page.getByText(/keeps it sealed \(encrypted\); it signs only your own orders/)).toBeVisible();
  await page.getByRole("button", { name: "Create AI wallet" }).click();
  await expect(overviewOf(page)).toBeVisible();
  return walletAddress(page);
}

test("email account: create the AI wallet, fund it, withdraw with the emailed code, place and cancel a limit order", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the whole flow at desktop width; the phone runs the Telegram view");
  test.setTimeout(360_000);
  await page.goto("/");
  const email = await signUpWithEmail(page, testInfo, "aiwallet");

  // the settings' wallet section leads to it
  await page.goto("/settings/?type=wallet");
  await page.getByRole("link", { name: /^AI wallet:/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "AI wallet" })).toBeVisible();
  const address = await createWallet(page);
  await shot(page, testInfo, "ai-wallet-created");

  // fund: the deposit address and its QR on the e2e chain, then a transfer on chain
  const fund = actions(page).getByRole("tabpanel");
  await expect(fund.getByRole("img", { name: /^QR code of your AI wallet's deposit address on / })).toBeVisible();
  await expect(fund.getByText(new RegExp(`^${address}$`, "i"))).toBeVisible();
  await sendEth(testInfo, address, "1");
  // the server serves a balance read again for a short while: Refresh until the deposit shows
  const ethRow = overviewOf(page)
    .getByRole("listitem")
    .filter({ has: page.getByText("ETH", { exact: true }) });
  await expect(async () => {
    await overviewOf(page).getByRole("button", { name: "Refresh balances" }).click();
    await expect(ethRow.getByText("1", { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(overviewOf(page).getByText(/^Prices: .+\. Balances read at /)).toBeVisible();
  await shot(page, testInfo, "ai-wallet-funded");

  // withdraw 0.1 ETH with the emailed code
  await actions(page).getByRole("tab", { name: "Withdraw" }).click();
  const withdraw = actions(page).getByRole("tabpanel");
  await expect(withdraw.getByRole("combobox", { name: "Coin and network" })).toHaveValue(/:0xeeee/i);
  await expect(withdraw.getByText("Most you can send now")).toBeVisible();
  const receiver = freshAddress(testInfo);
  await withdraw.getByRole("textbox", { name: "Amount" }).fill("0.1");
  await withdraw.getByRole("textbox", { name: /^Send to address/ }).fill(address);
  const mailsBefore = await lastMailId(email);
  await withdraw.getByRole("button", { name: "Send code" }).click();
  // the wallet itself is refused at its field, and nothing is mailed
  await expect(withdraw.getByRole("alert")).toContainText("Send to address: This is your AI wallet");
  await withdraw.getByRole("textbox", { name: /^Send to address/ }).fill(receiver);
  await withdraw.getByRole("button", { name: "Send code" }).click();
  await expect(withdraw.getByText(/^We emailed a code to .+\. Enter it before /)).toBeVisible();
  const code = await codeMailedAfter(email, mailsBefore);
  await withdraw.getByRole("textbox", { name: /^Verification code/ }).fill(code);
  await shot(page, testInfo, "ai-wallet-withdraw-code");
  await withdraw.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(withdraw.getByText(/^Withdrawal of 0\.1 ETH to /)).toContainText(/Sent|Completed/);
  // the transaction's hash, shortened (a link where the chain has an explorer)
  await expect(withdraw.getByRole("status").first()).toContainText(/0x[0-9a-f]{2}\.\.\.[0-9a-f]{4}/);
  await expect.poll(() => ethBalance(receiver), { timeout: 30_000 }).toBe(parseEther("0.1"));
  await expect(withdraw.getByRole("list", { name: "Withdrawals" }).getByRole("listitem").first()).toContainText(
    "0.1 ETH to",
  );
  await shot(page, testInfo, "ai-wallet-withdrawn");

  // a limit order: sell 0.1 ETH for TUSD far above the market, then cancel it
  await actions(page).getByRole("tab", { name: "Trade" }).click();
  await actions(page).getByRole("tab", { name: "Limit order" }).click();
  const trade = actions(page);
  await expect(trade.getByRole("button", { name: "Token to pay: ETH" })).toBeVisible();
  await trade.getByRole("button", { name: "Token to receive: none chosen" }).click();
  const picker = page.getByRole("dialog", { name: "Select the token to receive" });
  await picker.getByRole("combobox", { name: "Network" }).selectOption({ label: E2E_V2_NAME });
  await picker
    .getByRole("list", { name: "Tokens" })
    .getByRole("button", { name: /^TUSD\b/ })
    .click();
  await expect(trade.getByRole("button", { name: "Token to receive: TUSD" })).toBeVisible();
  await expect(trade.getByText(/^Market price of ETH: [\d,.]+ USDT \(.+\)\.$/)).toBeVisible();
  await trade.getByRole("textbox", { name: /^Amount to pay/ }).fill("0.1");
  await trade.getByRole("textbox", { name: /^Limit price \(USDT\)/ }).fill("50000");
  await expect(trade.getByText(/^Your limit is [\d,.]+% above the market price\.$/)).toBeVisible();
  await shot(page, testInfo, "ai-wallet-limit-form");
  await trade.getByRole("button", { name: "Place limit order" }).click();
  await expect(trade.getByText("Limit order placed: sell 0.1 ETH when ETH reaches 50,000 USDT.")).toBeVisible();
  const orders = trade.getByRole("list", { name: "Limit orders" });
  const order = orders.getByRole("listitem", { name: "Sell 0.1 ETH for TUSD when ETH ≥ 50,000 USDT" });
  await expect(order).toContainText("Open");
  await shot(page, testInfo, "ai-wallet-limit-open");
  await order.getByRole("button", { name: /^Cancel:/ }).click();
  await expect(order).toContainText("Cancelled");
  await expect(order.getByRole("button", { name: /^Cancel:/ })).toHaveCount(0);
  await shot(page, testInfo, "ai-wallet-limit-cancelled");
});

test("Telegram: an account signed in with Telegram is told plainly that the AI wallet needs email", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the mini app at phone width");
  const telegramId = 760_000_000 + Math.floor(Math.random() * 1_000_000);
  const initData = signedTelegramInitData({ id: telegramId, first_name: "Wallet", username: "wallet_user" });
  await page.addInitScript({ content: telegramMockInitScript({ platform: "ios", initData }) });
  await page.goto("/aiWallet");
  await expect(headerAccount(page)).toBeVisible();
  await expect(
    page.getByText("The AI wallet is for accounts that sign in with email. Sign in with email first."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Log out and sign in with email" })).toBeVisible();
  await shot(page, testInfo, "ai-wallet-telegram-email-needed");
});

test("Telegram: an email account creates and sees its AI wallet in the mini app", async ({
  page,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the mini app at phone width");
  test.setTimeout(300_000);
  // signed up in the browser; the mini app then starts on the stored session
  await page.goto("/");
  await signUpWithEmail(page, testInfo, "aiwallet-tg");
  const miniApp = await context.newPage();
  await miniApp.addInitScript({ content: telegramMockInitScript({ platform: "android" }) });
  await miniApp.goto("/aiWallet");
  const address = await createWallet(miniApp);
  await expect(overviewOf(miniApp).getByText("Total value")).toBeVisible();
  await expect(overviewOf(miniApp).getByText(/^Prices: .+\. Balances read at /)).toBeVisible();
  await expect(actions(miniApp).getByRole("tab", { name: "Fund", selected: true })).toBeVisible();
  await expect(actions(miniApp).getByText(new RegExp(`^${address}$`, "i"))).toBeVisible();
  await shot(miniApp, testInfo, "ai-wallet-telegram-wallet");
  await actions(miniApp).getByRole("tab", { name: "Trade" }).click();
  await expect(actions(miniApp).getByRole("tab", { name: "Market", selected: true })).toBeVisible();
  await shot(miniApp, testInfo, "ai-wallet-telegram-trade");
});
