import { createHash } from "node:crypto";
import { expect, type Locator, type Page, type Response, type TestInfo } from "@playwright/test";
import { sign } from "@telegram-apps/init-data-node";
import type { Hex } from "viem";
import { queryE2e } from "./db.ts";
import { E2E_BOT_TOKEN } from "./e2e-env.ts";
import { installWallet } from "./test-wallet.ts";

/** The public Anvil #0 key: it never holds funds; here it only signs the sign-in message. */
export const ANVIL_0: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

export function sha256hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** An address nobody else in this run uses (both projects run each test). */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `${label}.${testInfo.project.name}.${Date.now().toString(36)}${testInfo.workerIndex}@example.com`;
}

/**
 * The image code cannot be read from the PNG; the test gives the captcha the page fetched a known answer
 * (the server keeps sha256 of the upper-case answer, hex: captcha.service.ts captchaAnswerHash).
 */
export async function knownCaptchaAnswer(captchaResponse: Promise<Response>) {
  const body: unknown = await (await captchaResponse).json();
  const captchaId = (body as { data?: { captchaId?: unknown } }).data?.captchaId;
  if (typeof captchaId !== "string") throw new Error("getCaptcha answered no captchaId");
  const answer = "ABCD";
  const updated = await queryE2e("update captchas set answer_hash = $1 where id = $2 returning id", [
    sha256hex(answer),
    captchaId,
  ]);
  expect(updated).toHaveLength(1);
  return answer;
}

/** The six-digit code of the latest mail to `to`, from the server's outbox. */
export async function emailedCode(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const [mail] = await queryE2e<{ text: string }>(
        'select text from mail_outbox where "to" = $1 order by id desc limit 1',
        [to],
      );
      code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  if (!code) throw new Error(`no code was mailed to ${to}`);
  return code;
}

/** Clicks ALTCHA's "I'm not a robot"; the proof of work runs in the page and the widget says "Verified". */
export async function passHumanCheck(dialog: Locator) {
  await dialog.getByRole("checkbox", { name: "I'm not a robot" }).click();
}

/** The header's sign-in button: text at desktop widths, an icon named "Sign in" on phones. */
export function headerSignIn(page: Page): Locator {
  return page.getByRole("banner").getByRole("button", { name: "Sign in" });
}

export function headerAccount(page: Page): Locator {
  return page.getByRole("banner").getByRole("button", { name: "Account" });
}

export const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem("token"));

/** Logs out through the account sheet and its confirmation; the Sign in button is back. */
export async function logOut(page: Page) {
  await headerAccount(page).click();
  const sheet = page.getByRole("dialog", { name: "Account" });
  await sheet.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("dialog", { name: "Log out?" }).getByRole("button", { name: "Log out" }).click();
  await expect(headerSignIn(page)).toBeVisible();
  await expect(headerAccount(page)).toHaveCount(0);
}

/**
 * A test wallet in the page (test-wallet.ts) on Ethereum that gives its account at once and only signs:
 * personal_sign is answered in Node with the Anvil #0 key (or the one given).
 */
export async function installTestWallet(page: Page, privateKey: Hex = ANVIL_0): Promise<{ address: string }> {
  const { address } = await installWallet(page, { privateKey, asksForAccounts: false });
  return { address };
}

/** Init data as Telegram would send it for `user`, signed with the e2e server's bot token. */
export function signedTelegramInitData(user: { id: number; first_name: string; username?: string }): string {
  return sign({ query_id: "AAHe2eTestQuery", user }, E2E_BOT_TOKEN, new Date());
}

/** Signs in from the open sign-in dialog with the page's test wallet (installTestWallet or installChainWallet). */
export async function signInWithBrowserWallet(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByRole("button", { name: /Browser wallet/ }).click();
  await dialog.getByRole("list", { name: "Browser wallets" }).getByRole("button", { name: "MetaMask" }).click();
  await expect(headerAccount(page)).toBeVisible();
  await expect(dialog).toBeHidden();
}
