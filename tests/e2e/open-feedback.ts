import type { Page } from "@playwright/test";

/** Feedback sits in the header on wide screens and in the menu on narrow ones. */
export async function openFeedback(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Model: / }).waitFor();
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) {
    const drawer = page.getByRole("dialog", { name: "Menu" });
    if (!(await drawer.isVisible())) await menu.click();
    await drawer.getByRole("button", { name: "Feedback" }).click();
    return;
  }
  await page.getByRole("button", { name: "Feedback" }).click();
}
