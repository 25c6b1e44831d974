import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import {
  emailedCode,
  headerAccount,
  headerSignIn,
  knownCaptchaAnswer,
  passHumanCheck,
  signedTelegramInitData,
  uniqueEmail,
} from "./accounts-helpers.ts";
import { askFromHome, waitForAnswer } from "./chat-helpers.ts";
import { queryE2e } from "./db.ts";
import { shot } from "./shots.ts";

// Start links (t.me/<bot>/<app>?startapp=… inside Telegram, ?startapp=… in a browser) open the page they name,
// at phone size, in both hosts.

const HOME_HEADING = { level: 1, name: "Ask AI about any token" } as const;

const telegramUserId = () => 720_000_000 + Math.floor(Math.random() * 1_000_000);

/** Opens the app inside Telegram (the SDK's mock) launched with a start parameter, signed in as a new user. */
async function openInTelegram(page: Page, startParam: string, signed = true) {
  const initData = signed ? signedTelegramInitData({ id: telegramUserId(), first_name: "Link" }) : undefined;
  await page.addInitScript({
    content: telegramMockInitScript({ platform: "ios", startParam, ...(initData ? { initData } : {}) }),
  });
  await page.goto("/");
}

/** Shares a question and its answer from a visitor's chat in a browser; the share's code and the chat's id. */
async function shareAChat(page: Page, question: string): Promise<{ code: string; chatId: string }> {
  const chatId = await askFromHome(page, question);
  const answer = await waitForAnswer(page);
  await answer.getByRole("button", { name: "Share" }).click();
  await page.getByRole("region", { name: "Share messages" }).getByRole("button", { name: "Share" }).click();
  const link = page.getByRole("dialog", { name: "Share messages" }).getByRole("textbox", { name: "Link" });
  await expect(link).toHaveValue(/\/chatDetail\/[A-Za-z0-9_-]+$/);
  const code = /\/chatDetail\/([A-Za-z0-9_-]+)$/.exec(await link.inputValue())?.[1];
  if (!code) throw new Error("the share dialog shows no link");
  return { code, chatId };
}

async function expectTokenPage(page: Page, symbol: string) {
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`\\(${symbol}\\)`) })).toBeVisible();
  await expect(page.getByRole("img", { name: `${symbol} price chart, 1h candles` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tokensData/${symbol}$`));
}

test("browser: ?startapp=coin_ opens the token page; the address loses the parameter, so a reload stays", async ({
  page,
}, testInfo) => {
  await page.goto("/?startapp=coin_btc");
  await expectTokenPage(page, "BTC");
  await shot(page, testInfo, "start-link-browser-coin");
  await page.reload();
  await expectTokenPage(page, "BTC");
});

test("Telegram: coin_ opens the token page signed in; after going home a reload does not route again", async ({
  page,
}, testInfo) => {
  await openInTelegram(page, "coin_ETH");
  await expectTokenPage(page, "ETH");
  await expect(headerAccount(page)).toBeVisible();
  await shot(page, testInfo, "start-link-telegram-coin");

  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("heading", HOME_HEADING)).toBeVisible();
  // Telegram hands the same launch parameters to a reload: the link was taken already
  await page.reload();
  await expect(page.getByRole("heading", HOME_HEADING)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(headerAccount(page)).toBeVisible();
});

test("bad start parameters open the home, in both hosts", async ({ page, browser }) => {
  await page.goto("/?startapp=coin_%3Cscript%3E");
  await expect(page.getByRole("heading", HOME_HEADING)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // a well-formed symbol the market does not have
  await page.goto("/?startapp=coin_ZZZQQQ");
  await expect(page.getByRole("heading", HOME_HEADING)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const telegram = await context.newPage();
    await openInTelegram(telegram, "nonsense");
    await expect(telegram.getByRole("heading", HOME_HEADING)).toBeVisible();
    await expect(headerAccount(telegram)).toBeVisible();
  } finally {
    await context.close();
  }
});

test("share_ opens the shared chat, chat_ its owner's chat, and a stranger is told the chat is not theirs", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const question = "What is the latest news about Ethereum?";
  const { code, chatId } = await shareAChat(page, question);

  // the owner (the visitor who asked) opens the chat by its start link in the browser
  await page.goto(`/?startapp=chat_${chatId}`);
  await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
  await expect(page.getByRole("list", { name: "Messages" }).getByText(question)).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const telegram = await context.newPage();
    await openInTelegram(telegram, `share_${code}`);
    await expect(telegram).toHaveURL(new RegExp(`/chatDetail/${code}$`));
    await expect(telegram.getByRole("heading", { level: 1, name: question })).toBeVisible();
    await expect(telegram.getByRole("article", { name: "Answer" })).toBeVisible();
    await expect(headerAccount(telegram)).toBeVisible();
    await shot(telegram, testInfo, "start-link-telegram-share");

    const stranger = await context.newPage();
    await openInTelegram(stranger, `chat_${chatId}`);
    await expect(stranger.getByRole("heading", { level: 1, name: "This chat is not in your account" })).toBeVisible();
    await expect(stranger.getByRole("list", { name: "Messages" })).toHaveCount(0);
    await expect(stranger.getByRole("link", { name: "Back to home" })).toBeVisible();
    await shot(stranger, testInfo, "start-link-telegram-chat-not-yours");
  } finally {
    await context.close();
  }

  // the shared page by a browser's start link too
  await page.goto(`/?startapp=share_${code}`);
  await expect(page.getByRole("heading", { level: 1, name: question })).toBeVisible();
});

async function openSignUp(page: Page, inTelegram: boolean) {
  await headerSignIn(page).click();
  const signIn = page.getByRole("dialog", { name: "Sign in" });
  // inside Telegram the email method comes second, folded away behind its button
  if (inTelegram) await signIn.getByRole("button", { name: "Email and password" }).click();
  await signIn.getByRole("button", { name: "No account? Sign up" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign up" });
  const captchaResponse = page.waitForResponse((response) => response.url().includes("/v2/api/getCaptcha"));
  await passHumanCheck(dialog);
  await expect(dialog.getByLabel("Email")).toBeVisible({ timeout: 30_000 });
  return { dialog, captchaResponse };
}

async function signUpWithReferral(page: Page, testInfo: TestInfo, referral: string) {
  const { dialog, captchaResponse } = await openSignUp(page, false);
  await expect(dialog.getByLabel("Invitation code (optional)")).toHaveValue(referral);
  await shot(page, testInfo, "start-link-ref-sign-up");
  const answer = await knownCaptchaAnswer(captchaResponse);
  const email = uniqueEmail(testInfo, "referred");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("e2e-secret-1");
  await dialog.getByLabel("Confirm password").fill("e2e-secret-1");
  await dialog.getByRole("textbox", { name: "Image code" }).fill(answer);
  await dialog.getByRole("button", { name: "Send code" }).click();
  await dialog.getByLabel("Verification code").fill(await emailedCode(email));
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("dialog", { name: "Sign in" }).getByLabel("Email")).toHaveValue(email);
  return email;
}

test("browser: ref_ fills the sign-up's invitation code, which the new account keeps", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const referral = `R${Date.now().toString(36).toUpperCase()}`;
  await page.goto(`/?startapp=ref_${referral}`);
  await expect(page.getByRole("heading", HOME_HEADING)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // kept across a reload, until an account is made with it
  await page.reload();
  const email = await signUpWithReferral(page, testInfo, referral);
  const [user] = await queryE2e<{ inviter_code: string | null }>("select inviter_code from users where email = $1", [
    email,
  ]);
  expect(user?.inviter_code).toBe(referral);
  // used up: the next sign-up starts empty
  await page.getByRole("dialog", { name: "Sign in" }).getByRole("button", { name: "No account? Sign up" }).click();
  const again = page.getByRole("dialog", { name: "Sign up" });
  await passHumanCheck(again);
  await expect(again.getByLabel("Invitation code (optional)")).toHaveValue("", { timeout: 30_000 });
});

test("Telegram: ref_ fills the sign-up's invitation code", async ({ page }, testInfo) => {
  // init data the server cannot verify: the user stays signed out and may sign up
  await openInTelegram(page, "ref_TGINVITE7", false);
  await expect(page.getByRole("heading", HOME_HEADING)).toBeVisible();
  const { dialog } = await openSignUp(page, true);
  await expect(dialog.getByLabel("Invitation code (optional)")).toHaveValue("TGINVITE7");
  await shot(page, testInfo, "start-link-telegram-ref");
});
