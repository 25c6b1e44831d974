import { randomInt } from "node:crypto";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { generatePrivateKey } from "viem/accounts";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import {
  headerAccount,
  installTestWallet,
  signedTelegramInitData,
  signInWithBrowserWallet,
  storedToken,
} from "./accounts-helpers.ts";
import { shot } from "./shots.ts";

// A research report from a token page, in both hosts at phone and desktop widths: the button writes the report from
// the app's data, its page opens with its sections and sources, and its PDF holds the same report as text (Chinese
// too, when the app is in Chinese). Making a report asks a visitor to sign in first; a new account's trial opens it.

async function pdfText(page: Page, href: string): Promise<string> {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  const pdf = await getDocumentProxy(new Uint8Array(await response.body()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** From SOL's token page to its report and the PDF the report links to. */
async function reportFromTokenPage(page: Page, testInfo: TestInfo, name: string) {
  await page.getByRole("button", { name: "Research report on SOL" }).click();
  await expect(page).toHaveURL(/\/reportShareDetail\/[A-Za-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Solana (SOL) research report" })).toBeVisible();
  await expect(
    page.getByText("Market figures come from a replay of past market data, not from today's market."),
  ).toBeVisible();
  await shot(page, testInfo, name);
  const href = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
  expect(href).toMatch(/\/v2\/api\/report\/pdf\/[A-Za-z0-9]+$/);
  const text = await pdfText(page, href ?? "");
  expect(text).toContain("Solana (SOL)");
  expect(text).toMatch(/Binance/);
}

test("report: a visitor signs in, then the token page's research report opens as a page with its PDF", async ({
  page,
}, testInfo) => {
  await installTestWallet(page, generatePrivateKey());
  await page.goto("/tokensData/SOL");
  await page.getByRole("button", { name: "Research report on SOL" }).click();
  await signInWithBrowserWallet(page);
  await reportFromTokenPage(page, testInfo, "report-browser");
});

test("report in Telegram: the same, and the PDF of a Chinese report renders Chinese", async ({ page }, testInfo) => {
  const initData = signedTelegramInitData({ id: 750_000_000 + randomInt(1_000_000), first_name: "Reader" });
  await page.addInitScript({ content: telegramMockInitScript({ platform: "ios", initData }) });
  await page.goto("/tokensData/SOL");
  await expect(headerAccount(page)).toBeVisible();
  await reportFromTokenPage(page, testInfo, "report-telegram");
  // the same coin in Chinese: the report, its page and its PDF are Chinese
  const made = await page.request.post("/v2/api/report/share", {
    data: { coinAbbr: "SOL", language: "cn" },
    headers: { "x-device-no": "e2ereportdevice01", authorization: `Bearer ${await storedToken(page)}` },
  });
  expect(made.status()).toBe(200);
  const { data } = (await made.json()) as { data: { pdfUrl: string } };
  const text = await pdfText(page, data.pdfUrl);
  expect(text).toMatch(/[\u4e00-\u9fff]{2,}/);
});
