import type { Page, TestInfo } from "@playwright/test";

/** Saves a screenshot of what the viewport shows as a test artifact, named by project (phone, desktop) and step. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({
    path: `tests/e2e/artifacts/${testInfo.project.name}-${name}.png`,
  });
  await testInfo.attach(name, { body, contentType: "image/png" });
}
