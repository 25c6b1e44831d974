import { expect, type Page, test } from "@playwright/test";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { CHAT_PATH, waitForAnswer } from "./chat-helpers.ts";
import { shot } from "./shots.ts";

// Each test is a fresh visitor (its own device number): one free chat a day is enough for each.

const tab = (page: Page, name: string) =>
  page.getByRole("tablist", { name: "Agent groups" }).getByRole("tab", { name });
const agentCard = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

test("agents: the hub's groups, an agent opened into a chat with its remarks and questions, disabled ones", async ({
  page,
}, testInfo) => {
  await page.goto("/agents");
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
  await expect(tab(page, "Trading")).toHaveAttribute("aria-selected", "true");
  await expect(tab(page, "Opportunities")).toBeVisible();
  await expect(tab(page, "Management")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Help" }).getByRole("button", { name: "Customer service" }),
  ).toBeEnabled();
  await shot(page, testInfo, "agents-hub");

  await tab(page, "Management").click();
  await expect(agentCard(page, "Lending")).toBeDisabled();
  await expect(agentCard(page, "Staking")).toBeDisabled();
  await expect(agentCard(page, "Wallet")).toBeDisabled();
  await expect(page.getByRole("link", { name: "Open wallet settings" })).toBeVisible();
  await tab(page, "Opportunities").click();
  await expect(agentCard(page, "Derivatives")).toBeDisabled();
  await expect(page.getByText("NFT data is not available yet.").first()).toBeVisible();
  await shot(page, testInfo, "agents-disabled");

  // the chosen group is remembered
  await page.reload();
  await expect(tab(page, "Opportunities")).toHaveAttribute("aria-selected", "true");

  await tab(page, "Trading").click();
  await agentCard(page, "Research report").click();
  await expect(page).toHaveURL(CHAT_PATH);
  expect(new URL(page.url()).searchParams.get("agent")).toBe("1");
  const opening = page.getByRole("article", { name: "Research report" });
  await expect(opening).toContainText("I write research reports on tokens");
  const questions = page.getByRole("list", { name: "Questions to ask" }).getByRole("button");
  await expect(questions).toHaveCount(4);
  await shot(page, testInfo, "agents-opening");

  const sent = page.waitForRequest((request) => request.url().endsWith("/v2/api/chat/send"));
  await questions.first().click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ question: "Write a research report on BTC", agentId: "1" });
  await expect(page.getByRole("article", { name: "Your question" })).toHaveText("Write a research report on BTC");
  await waitForAnswer(page);
  // the remarks stay first; the sample questions gave way to the answer's own
  await expect(opening).toBeVisible();
  await expect(page.getByRole("list", { name: "Questions to ask" })).toHaveCount(0);
});

test("agents: /discover starts on trading, and price prediction opens its page", async ({ page }) => {
  await page.goto("/discover");
  await expect(page.getByRole("heading", { level: 1, name: "Discover" })).toBeVisible();
  await expect(tab(page, "Trading")).toHaveAttribute("aria-selected", "true");
  await agentCard(page, "Price prediction").click();
  await expect(page).toHaveURL(/\/predict\/BTC$/);
});

test("agents: /aiCustomer/ opens a chat with customer service", async ({ page }) => {
  await page.goto("/aiCustomer/");
  await expect(page).toHaveURL(CHAT_PATH);
  expect(new URL(page.url()).searchParams.get("agent")).toBe("14");
  await expect(page.getByRole("article", { name: "Customer service" })).toContainText("What do you need?");
  await expect(page.getByRole("list", { name: "Questions to ask" }).getByRole("button")).toHaveCount(4);
});

test("agents in Telegram: the hub and an agent's opening in the mini app", async ({ page }, testInfo) => {
  await page.addInitScript({ content: telegramMockInitScript({ platform: "ios" }) });
  await page.goto("/agents");
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await expect(tab(page, "Trading")).toBeVisible();
  await tab(page, "Management").click();
  await expect(agentCard(page, "Insurance")).toBeDisabled();
  await tab(page, "Trading").click();
  await agentCard(page, "AI invest assistant").click();
  await expect(page).toHaveURL(CHAT_PATH);
  await expect(page.getByRole("article", { name: "AI invest assistant" })).toContainText("chart screenshot");
  await expect(page.getByRole("list", { name: "Questions to ask" }).getByRole("button")).toHaveCount(4);
  await shot(page, testInfo, "agents-telegram-opening");
});

test("agents on the home: the first tiles, More shows the rest and Collapse folds them, a tile opens its agent", async ({
  page,
}) => {
  await page.goto("/");
  const tiles = page.getByRole("region", { name: "Agents", exact: true });
  await expect(tiles.getByRole("button", { name: "Price prediction", exact: true })).toBeVisible();
  await expect(tiles.getByRole("button", { name: "Wallet", exact: true })).toHaveCount(0);

  await tiles.getByRole("button", { name: "More" }).click();
  await expect(tiles.getByRole("button", { name: "Collapse" })).toHaveAttribute("aria-expanded", "true");
  await expect(tiles.getByRole("button", { name: "Wallet", exact: true })).toBeDisabled();
  await expect(tiles.getByRole("button", { name: "Customer service", exact: true })).toBeEnabled();
  await tiles.getByRole("button", { name: "Collapse" }).click();
  await expect(tiles.getByRole("button", { name: "More" })).toHaveAttribute("aria-expanded", "false");
  await expect(tiles.getByRole("button", { name: "Wallet", exact: true })).toHaveCount(0);

  await tiles.getByRole("button", { name: "Research report", exact: true }).click();
  await expect(page).toHaveURL(CHAT_PATH);
  expect(new URL(page.url()).searchParams.get("agent")).toBe("1");
  await expect(page.getByRole("article", { name: "Research report" })).toContainText(
    "I write research reports on tokens",
  );
});
