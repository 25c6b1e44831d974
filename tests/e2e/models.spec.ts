import { expect, test } from "@playwright/test";
import { shot } from "./shots.ts";

test("model picker: the catalogue with availability, and the choice is kept", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Model: MountainLion" }).click();
  const picker = page.getByRole("dialog", { name: "Choose a model" });
  await expect(picker).toBeVisible();
  for (const name of [
    "MountainLion",
    "qwen",
    "GPT",
    "Claude",
    "Perplexity Sonar",
    "Gemini",
    "DeepSeek",
    "Open Mistral",
    "DeepSeek-reasoner",
    "Automatic mode",
  ]) {
    await expect(picker.getByRole("radio", { name, exact: true })).toBeVisible();
  }
  await expect(picker.getByRole("radio", { name: "MountainLion", exact: true })).toBeChecked();
  await expect(picker.getByRole("radio", { name: "GPT", exact: true })).toBeDisabled();
  await expect(picker.getByText("Not configured").first()).toBeVisible();
  await shot(page, testInfo, "model-picker");

  await picker.getByRole("radio", { name: "Automatic mode", exact: true }).check();
  await expect(picker).toBeHidden();
  await expect(page.getByRole("button", { name: "Model: Automatic mode" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Model: Automatic mode" })).toBeVisible();
});

test("the app speaks Chinese when asked", async ({ page }, testInfo) => {
  await page.goto("/?lang=cn");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await shot(page, testInfo, "home-zh");
});
