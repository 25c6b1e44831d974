import type { Page, TestInfo } from "@playwright/test";

/** Saves a full-page screenshot as a test artifact, named by project (phone, desktop) and step. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({
    fullPage: true,
    path: `tests/e2e/artifacts/${testInfo.project.name}-${name}.png`,
  });
  await testInfo.attach(name, { body, contentType: "image/png" });
}
