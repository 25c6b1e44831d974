import { randomInt } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { formatUnits, type Hex, parseUnits } from "viem";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { formatBalance } from "../../src/client/shared/format/balance.ts";
import { headerAccount, signedTelegramInitData, signInWithBrowserWallet } from "./accounts-helpers.ts";
import { E2E_TTK, E2E_TUSD, E2E_V2_NAME } from "./e2e-chain.ts";
import { shot } from "./shots.ts";
import {
  approveRouterFromOutside,
  chainReader,
  ethBalance,
  installSwapWallet,
  routerAllowance,
  type SwapWalletHandle,
  sellTusdForEthFromOutside,
  swapperFor,
  tokenBalance,
} from "./swap-helpers.ts";

// Swaps from the user's own wallet on the local chain's Uniswap v2 (playwright.config.ts: SWAP_SOURCES=uniswapv2),
// at phone and desktop widths. In the browser an injected wallet (swap-helpers.ts) signs; its approvals and swaps
// are real transactions on anvil, and the server follows them on chain to the order's end. The file's tests share
// their worker's swapper (swapperFor) and run in order; balances are compared before and after, never assumed.
// Inside Telegram the screen can only connect through WalletConnect, which the e2e server has no project for.
//
// The pools each test trades in are chosen so that the other project's tests, running at the same time, can never
// make a swap here fail: TUSD → TTK trades in TUSD/TTK, which nothing else moves much; ETH → TUSD and the slippage
// test's TUSD → ETH trade in TUSD/WETH, where the slippage test's outside seller only makes ETH dearer (more TUSD for
// whoever sells ETH).

type Side = "pay" | "receive";

const tokenButton = (page: Page, side: Side) =>
  page.getByRole("button", { name: side === "pay" ? /^Token to pay:/ : /^Token to receive:/ });

/** the wallet's balance beside a side's token picker ("Balance: 10,000"; the pay side's has Max after it) */
const balanceBeside = (page: Page, side: Side) => page.getByText(/^Balance: /).nth(side === "pay" ? 0 : 1);

const actionButton = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

const quoteOf = (page: Page) => page.getByRole("region", { name: "Quote" });
const progressOf = (page: Page) => page.getByRole("region", { name: "Swap progress" });
/** the newest order of the transaction record beside the screen */
const newestOrder = (page: Page) =>
  page.getByRole("list", { name: "Transaction record" }).getByRole("listitem").first();

/** how the screen shows a raw on-chain balance */
const shown = (raw: bigint, decimals: number) => formatBalance(Number(formatUnits(raw, decimals)));

/** the balance line showing exactly this raw balance (the pay side's line ends with its Max button) */
const balanceText = (raw: bigint, decimals: number) =>
  new RegExp(`^Balance: ${shown(raw, decimals).replace(/[.,]/g, "\\$&")}(Max)?$`);

/**
 * The balances beside the pickers show these raw balances: the screen reads them again when a swap ends, and the
 * server drops its cached balances of a wallet whose order moved, so they follow without opening the screen again.
 */
async function expectBalancesBeside(
  page: Page,
  pay: { raw: bigint; decimals: number },
  receive: { raw: bigint; decimals: number },
) {
  await expect(balanceBeside(page, "pay")).toHaveText(balanceText(pay.raw, pay.decimals));
  await expect(balanceBeside(page, "receive")).toHaveText(balanceText(receive.raw, receive.decimals));
}

/** the number in a text the app formatted ("1,234.5 TTK" → 1234.5) */
function numberIn(text: string, symbol: string): number {
  const match = new RegExp(`([\\d,.]+) ${symbol}`).exec(text);
  if (!match?.[1]) throw new Error(`no amount of ${symbol} in "${text}"`);
  return Number(match[1].replaceAll(",", ""));
}

/**
 * Opens /swap, connects the page's wallet, signs in with it from the transaction record while it is still on
 * Ethereum (wallet sign-in is offered on SIWE_CHAIN_IDS only, which the local chain is not one of), and moves it to
 * the local chain.
 */
async function openConnectAndSignIn(page: Page, wallet: SwapWalletHandle) {
  await page.goto("/swap");
  await expect(page.getByRole("heading", { level: 1, name: "Swap" })).toBeVisible();
  await actionButton(page, "Connect wallet").click();
  // the address shortened to its first and last 4 characters, in full on hover
  await expect(page.getByTitle(new RegExp(`^${wallet.address}$`, "i"))).toHaveText(
    new RegExp(`^${wallet.address.slice(0, 4)}\\.\\.\\.${wallet.address.slice(-4)}$`, "i"),
  );
  // the wallet starts on Ethereum; the only chain swaps are offered on here is the local one
  await expect(page.getByText("Your wallet is on another network. Switch to the order's network.")).toBeVisible();
  const record = page.getByRole("region", { name: "Transaction record" });
  await expect(record).toContainText("Please log in first.");
  await record.getByRole("button", { name: "Sign in" }).click();
  await signInWithBrowserWallet(page);
  await expect(record.getByText("Please log in first.")).toHaveCount(0);
  await actionButton(page, "Switch network").click();
  await expect(actionButton(page, "Switch network")).toHaveCount(0);
  await expect(page.getByText("Your wallet is on another network. Switch to the order's network.")).toHaveCount(0);
}

/** Picks a token for one side in the picker: the local chain, then the token by its symbol. */
async function chooseToken(page: Page, side: Side, symbol: string, shotName?: string) {
  await tokenButton(page, side).click();
  const picker = page.getByRole("dialog", {
    name: side === "pay" ? "Select the token to pay" : "Select the token to receive",
  });
  await picker.getByRole("combobox", { name: "Network" }).selectOption({ label: E2E_V2_NAME });
  if (shotName) {
    await expect(picker.getByRole("list", { name: "Tokens" }).getByRole("button", { name: /^TTK\b/ })).toBeVisible();
    await shot(page, test.info(), shotName);
  }
  await picker
    .getByRole("list", { name: "Tokens" })
    .getByRole("button", { name: new RegExp(`^${symbol}\\b`) })
    .click();
  await expect(picker).toBeHidden();
  await expect(tokenButton(page, side)).toHaveAccessibleName(
    `${side === "pay" ? "Token to pay" : "Token to receive"}: ${symbol} on ${E2E_V2_NAME}`,
  );
}

/** The quote for the amount typed: from Uniswap v2, its minimum received after the slippage asked. */
async function expectQuote(page: Page, toSymbol: string, slippage: string): Promise<Locator> {
  const quote = quoteOf(page);
  await expect(quote).toBeVisible({ timeout: 20_000 });
  await expect(quote).toContainText(/Source\s*Uniswap v2/);
  await expect(quote).toContainText(new RegExp(`Minimum received\\s*[\\d,.]+ ${toSymbol} \\(slippage ${slippage}%\\)`));
  await expect(quote).toContainText("No fee");
  return quote;
}

async function minimumShown(quote: Locator, symbol: string): Promise<number> {
  const row = quote.getByRole("term").filter({ hasText: "Minimum received" }).locator("xpath=..");
  return numberIn((await row.textContent()) ?? "", symbol);
}

/**
 * The swap's order reaches its final status in the record (read again once the swap ended). The tests of a worker
 * share a wallet, so an account: the record also holds the earlier tests' swaps, and the newest row is matched by
 * its pair and its status together.
 */
async function expectNewestOrder(page: Page, status: "Completed" | "Failed", pair: RegExp) {
  await expect(newestOrder(page)).toContainText(new RegExp(`^${pair.source}\\s*${status}`), { timeout: 45_000 });
}

test.describe("browser", () => {
  test("swaps TUSD for TTK with an approval first: the order completes and the balances change", async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const swapper = swapperFor(testInfo);
    const wallet = await installSwapWallet(page, swapper);
    const tusdBefore = await tokenBalance(E2E_TUSD, swapper);
    const ttkBefore = await tokenBalance(E2E_TTK, swapper);
    // this user has not approved the router (whatever an earlier run of the file left)
    await approveRouterFromOutside(swapper, E2E_TUSD, 0n);

    await openConnectAndSignIn(page, wallet);
    await chooseToken(page, "pay", "TUSD");
    await chooseToken(page, "receive", "TTK", "swap-picker");
    await expect(balanceBeside(page, "pay")).toHaveText(balanceText(tusdBefore, 6));
    await expect(balanceBeside(page, "receive")).toHaveText(balanceText(ttkBefore, 18));
    await page.getByRole("textbox", { name: "You pay" }).fill("100");
    const quote = await expectQuote(page, "TTK", "0.5");
    await expect(quote).toContainText(/Rate\s*1 TUSD = [\d.]+ TTK/);
    const minimum = await minimumShown(quote, "TTK");
    await expect(page.getByRole("status", { name: "Estimated amount received" })).not.toHaveText("0.0");
    await shot(page, testInfo, "swap-quote");

    await actionButton(page, "Approve TUSD").click();
    await expectNewestOrder(page, "Completed", /100 TUSD → [\d,.]+ TTK/);
    const progress = progressOf(page);
    await expect(progress.getByRole("status").filter({ hasText: "Swap completed." })).toContainText(
      /You received [\d,.]+ TTK\./,
    );
    await expect(progress.getByRole("listitem").filter({ hasText: /^Approve/ })).toContainText("done");
    await expect(progress).toContainText(/Approval: 0x/);
    // under the result only its own New swap: no action button waiting for a quote
    await expect(progress.getByRole("button", { name: "New swap" })).toBeVisible();
    await expect(actionButton(page, "Getting a quote…")).toHaveCount(0);
    await shot(page, testInfo, "swap-approved-completed");

    // on chain: exactly 100 TUSD left, at least the minimum quoted arrived, and the approval was used up
    const tusdAfter = await tokenBalance(E2E_TUSD, swapper);
    const ttkAfter = await tokenBalance(E2E_TTK, swapper);
    expect(tusdBefore - tusdAfter).toBe(parseUnits("100", 6));
    expect(Number(formatUnits(ttkAfter - ttkBefore, 18))).toBeGreaterThanOrEqual(minimum - 0.000001);
    expect(await routerAllowance(E2E_TUSD, swapper)).toBe(0n);
    const [approval, swap] = wallet.sent;
    expect(wallet.sent).toHaveLength(2);
    for (const sent of [approval, swap]) {
      if (!sent) throw new Error("the wallet sent fewer transactions than expected");
      expect((await chainReader.getTransactionReceipt({ hash: sent.hash })).status).toBe("success");
    }
    // beside the pickers, the balances as they are now
    await expectBalancesBeside(page, { raw: tusdAfter, decimals: 6 }, { raw: ttkAfter, decimals: 18 });
    await shot(page, testInfo, "swap-approved-balances");
  });

  test("swaps ETH for TUSD with no approval: the order completes and the balances change", async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const swapper = swapperFor(testInfo);
    const wallet = await installSwapWallet(page, swapper);
    const ethBefore = await ethBalance(swapper);
    const tusdBefore = await tokenBalance(E2E_TUSD, swapper);

    await openConnectAndSignIn(page, wallet);
    await chooseToken(page, "pay", "ETH");
    await chooseToken(page, "receive", "TUSD");
    await expect(balanceBeside(page, "receive")).toHaveText(balanceText(tusdBefore, 6));
    await page.getByRole("textbox", { name: "You pay" }).fill("0.5");
    const quote = await expectQuote(page, "TUSD", "0.5");
    const minimum = await minimumShown(quote, "TUSD");
    // an ETH sale needs no approval: the action is the swap itself
    await expect(actionButton(page, "Approve ETH")).toHaveCount(0);
    await actionButton(page, "Swap").click();
    await expectNewestOrder(page, "Completed", /0\.5 ETH → [\d,.]+ TUSD/);
    const progress = progressOf(page);
    await expect(progress.getByRole("listitem").filter({ hasText: /^Approve/ })).toContainText("not needed");
    await expect(progress.getByRole("status").filter({ hasText: "Swap completed." })).toBeVisible();
    await shot(page, testInfo, "swap-eth-completed");

    const [swap] = wallet.sent;
    expect(wallet.sent).toHaveLength(1);
    if (!swap) throw new Error("the wallet sent no swap");
    const receipt = await chainReader.getTransactionReceipt({ hash: swap.hash });
    expect(receipt.status).toBe("success");
    const ethAfter = await ethBalance(swapper);
    const tusdAfter = await tokenBalance(E2E_TUSD, swapper);
    expect(ethBefore - ethAfter).toBe(parseUnits("0.5", 18) + receipt.gasUsed * receipt.effectiveGasPrice);
    expect(Number(formatUnits(tusdAfter - tusdBefore, 6))).toBeGreaterThanOrEqual(minimum - 0.000001);
    await expectBalancesBeside(page, { raw: ethAfter, decimals: 18 }, { raw: tusdAfter, decimals: 6 });
  });

  test("a swap the price moved past its slippage fails with that reason, and no TUSD is lost", async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const swapper = swapperFor(testInfo);
    const wallet = await installSwapWallet(page, swapper);
    const amount = parseUnits("500", 6);
    // this user approved the router before, so the quote's transaction comes with its gas and goes straight out
    await approveRouterFromOutside(swapper, E2E_TUSD, amount);
    const tusdBefore = await tokenBalance(E2E_TUSD, swapper);

    await openConnectAndSignIn(page, wallet);
    await chooseToken(page, "pay", "TUSD");
    await chooseToken(page, "receive", "ETH");
    await page.getByRole("textbox", { name: "You pay" }).fill("500");
    await page.getByRole("textbox", { name: "Custom slippage (%)" }).fill("0.1");
    await expectQuote(page, "ETH", "0.1");
    await expect(actionButton(page, "Swap")).toBeEnabled();
    await shot(page, testInfo, "swap-slippage-quote");

    // while the user confirms in the wallet, someone sells 30,000 TUSD for ETH: ETH gets about 2% dearer
    let moved: Hex | undefined;
    wallet.beforeNextSwap(async () => {
      moved = await sellTusdForEthFromOutside(testInfo, parseUnits("30000", 6));
    });
    await actionButton(page, "Swap").click();
    await expectNewestOrder(page, "Failed", /500 TUSD → [\d,.]+ ETH/);
    const progress = progressOf(page);
    await expect(progress.getByRole("alert")).toHaveText("The price moved beyond your slippage. Nothing was swapped.");
    await shot(page, testInfo, "swap-slippage-failed");

    expect(moved).toBeDefined();
    const [swap] = wallet.sent;
    if (!swap) throw new Error("the wallet sent no swap");
    expect((await chainReader.getTransactionReceipt({ hash: swap.hash })).status).toBe("reverted");
    // nothing was swapped: the TUSD and the approval are where they were
    expect(await tokenBalance(E2E_TUSD, swapper)).toBe(tusdBefore);
    expect(await routerAllowance(E2E_TUSD, swapper)).toBe(amount);
    await expect(balanceBeside(page, "pay")).toHaveText(balanceText(tusdBefore, 6));
  });

  test("the agents hub lists the swap agent, which opens AI one-click buy", async ({ page }, testInfo) => {
    await page.goto("/agents");
    const trading = page.getByRole("tabpanel", { name: "Trading" });
    await expect(trading.getByRole("button", { name: "Research report", exact: true })).toBeVisible();
    await trading.getByRole("button", { name: "Swap", exact: true }).click();
    await expect(page).toHaveURL(/\/aiBuyCoins$/);
    await expect(page.getByRole("heading", { level: 1, name: "AI one-click buy" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Ask MountainLion" })).toBeVisible();
    await expect(actionButton(page, "Connect wallet")).toBeEnabled();
    await shot(page, testInfo, "swap-browser-visitor");
  });
});

test.describe("Telegram", () => {
  async function openInTelegram(page: Page, path: string) {
    const initData = signedTelegramInitData({ id: 760_000_000 + randomInt(1_000_000), first_name: "Swapper" });
    await page.addInitScript({ content: telegramMockInitScript({ platform: "ios", initData }) });
    await page.goto(path);
    await expect(headerAccount(page)).toBeVisible();
  }

  test("the swap screen connects through WalletConnect only, which is not set up here, and says so", async ({
    page,
  }, testInfo) => {
    await openInTelegram(page, "/swap");
    await expect(page.getByRole("heading", { level: 1, name: "Swap" })).toBeVisible();
    await expect(
      page.getByRole("status").filter({
        hasText: "WalletConnect is not set up on this server, so no wallet can be connected here.",
      }),
    ).toBeVisible();
    await expect(actionButton(page, "Connect wallet")).toBeDisabled();
    await expect(actionButton(page, "Use WalletConnect")).toHaveCount(0);
    // no wallet is connected: the notice names the chain WalletConnect lacks (the local one), not "your wallet"
    await expect(
      page.getByRole("alert").filter({ hasText: `WalletConnect does not offer ${E2E_V2_NAME}.` }),
    ).toBeVisible();
    await expect(page.getByText("Your wallet does not support this network.")).toHaveCount(0);
    // no asking in words here: the swap agent is hidden in the mini app
    await expect(page.getByRole("button", { name: "Ask MountainLion" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Transaction record" })).toContainText("No swaps yet.");
    await actionButton(page, "Connect wallet").scrollIntoViewIfNeeded();
    await shot(page, testInfo, "swap-telegram");
  });

  test("the agents hub does not list the swap agent", async ({ page }, testInfo) => {
    await openInTelegram(page, "/agents");
    const trading = page.getByRole("tabpanel", { name: "Trading" });
    await expect(trading.getByRole("button", { name: "Research report", exact: true })).toBeVisible();
    await expect(trading.getByRole("button", { name: "Price prediction", exact: true })).toBeVisible();
    await expect(trading.getByRole("button", { name: "Swap", exact: true })).toHaveCount(0);
    await shot(page, testInfo, "swap-telegram-agents");
  });
});
