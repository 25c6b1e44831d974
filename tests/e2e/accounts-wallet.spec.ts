import { expect, type Page, test } from "@playwright/test";
import { generatePrivateKey } from "viem/accounts";
import { headerAccount, headerSignIn, installTestWallet, logOut, storedToken } from "./accounts-helpers.ts";
import { queryE2e } from "./db.ts";
import { shot } from "./shots.ts";

const walletState = (page: Page) =>
  page.evaluate(() => ({
    token: window.localStorage.getItem("token"),
    address: window.localStorage.getItem("connectWalletAddress"),
    chainId: window.localStorage.getItem("connectWalletChainID"),
    name: window.localStorage.getItem("connectWalletName"),
    userId: window.localStorage.getItem("userId"),
  }));

test("sign in with a browser wallet (EIP-6963 MetaMask, Sign-In with Ethereum), then log out", async ({
  page,
}, testInfo) => {
  const { address } = await installTestWallet(page);
  await page.goto("/");
  await headerSignIn(page).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByRole("button", { name: /Browser wallet/ }).click();
  const wallets = dialog.getByRole("list", { name: "Browser wallets" });
  await expect(wallets.getByRole("button", { name: "MetaMask" })).toHaveAccessibleDescription("Detected");
  await expect(wallets.getByRole("button", { name: "OKX Wallet" })).toHaveAccessibleDescription("Not installed");
  await shot(page, testInfo, "accounts-wallets");
  await wallets.getByRole("button", { name: "MetaMask" }).click();

  await expect(headerAccount(page)).toBeVisible();
  await expect(dialog).toBeHidden();
  const signedIn = await walletState(page);
  expect(signedIn).toMatchObject({ address, chainId: "1", name: "MetaMask" });
  expect(signedIn.token).toBeTruthy();
  const [user] = await queryE2e<{ wallet_address: string }>(
    "select wallet_address from users where lower(wallet_address) = lower($1)",
    [address],
  );
  expect(user?.wallet_address.toLowerCase()).toBe(address.toLowerCase());
  await shot(page, testInfo, "accounts-wallet-signed-in");

  await logOut(page);
  expect(await walletState(page)).toEqual({ token: null, address: null, chainId: null, name: null, userId: null });
  expect(await storedToken(page)).toBeNull();
  await expect(page).toHaveURL(/\/$/);
});

test("a wallet the browser does not have is named in the message", async ({ page }) => {
  await page.goto("/");
  await headerSignIn(page).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByRole("button", { name: /Browser wallet/ }).click();
  await dialog.getByRole("list", { name: "Browser wallets" }).getByRole("button", { name: "Bitget" }).click();
  await expect(page.getByRole("status").getByText("Please install Bitget first.")).toBeVisible();
});

test("personal center: profile, a username changed once a week, the edition switch", async ({ page }, testInfo) => {
  // A wallet of its own: the username rule is per user, and both projects run this test at once.
  const { address } = await installTestWallet(page, generatePrivateKey());
  await page.goto("/");
  await headerSignIn(page).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByRole("button", { name: /Browser wallet/ }).click();
  await dialog.getByRole("list", { name: "Browser wallets" }).getByRole("button", { name: "MetaMask" }).click();
  await headerAccount(page).click();
  await page.getByRole("dialog", { name: "Account" }).getByRole("link", { name: "Personal center" }).click();
  await expect(page).toHaveURL(/\/person\/$/);
  await expect(page.getByRole("dialog", { name: "Account" })).toBeHidden();

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Personal center" })).toBeVisible();
  const fact = (name: string) => main.locator("dt", { hasText: name }).locator("+ dd");
  // The server keeps addresses in lower case.
  await expect(fact("Wallet address")).toHaveText(`${address.slice(0, 4)}...${address.slice(-4)}`.toLowerCase());
  await expect(fact("Email")).toHaveText("Not set");
  await expect(fact("UID")).toHaveText(/^\d+$/);
  await expect(fact("Registered")).toHaveText(/\d{4}/);
  await shot(page, testInfo, "accounts-person");

  await main.getByRole("button", { name: "Edit username" }).click();
  const edit = page.getByRole("dialog", { name: "Edit username" });
  await edit.getByLabel("Username").fill("E2E Whale");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(fact("Username")).toContainText("E2E Whale");
  await expect(fact("Username")).toContainText("You can change it again on");

  await main.getByRole("button", { name: "Edit username" }).click();
  await edit.getByLabel("Username").fill("Another Name");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByText("The username can be changed once a week.")).toBeVisible();
  await shot(page, testInfo, "accounts-person-username-week");
  await edit.getByRole("button", { name: "Cancel" }).click();

  await main.getByRole("radio", { name: "Basic" }).check();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("Edition"))).toBe("BasicEdition");
  await expect(main.getByRole("radio", { name: "Basic" })).toBeChecked();
});
