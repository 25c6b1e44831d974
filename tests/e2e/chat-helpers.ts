import { expect, type Locator, type Page } from "@playwright/test";

/** A chat's path: a 13-digit timestamp joined with the owner (a visitor's 32-hex device number, or a user id). */
export const CHAT_PATH = /\/chat\/(\d{13}[A-Za-z0-9_-]*)(\?.*)?$/;

/** The question box of the page (home chat start or chat page). */
export const questionBox = (page: Page) => page.getByRole("textbox", { name: "Question" });

/** Types a question and sends it with the Send button (phones: Enter makes a new line). */
export async function sendQuestion(page: Page, question: string): Promise<void> {
  await questionBox(page).fill(question);
  await page.getByRole("button", { name: "Send", exact: true }).click();
}

/** Asks from the home screen: a new chat opens and sends the question itself 500 ms later (spec §4). */
export async function askFromHome(page: Page, question: string): Promise<string> {
  await page.goto("/");
  await sendQuestion(page, question);
  await expect(page).toHaveURL(CHAT_PATH);
  const id = CHAT_PATH.exec(page.url())?.[1];
  if (!id) throw new Error(`no chat id in ${page.url()}`);
  return id;
}

export const lastAnswer = (page: Page): Locator => page.getByRole("article", { name: "Answer" }).last();

/** Waits for the answer to finish: its actions appear once the done event came. */
export async function waitForAnswer(page: Page): Promise<Locator> {
  const answer = lastAnswer(page);
  await expect(answer.getByRole("button", { name: "Good answer" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
  return answer;
}

/**
 * The chat history: the side panel in the wide layout (pinned open by default), the menu drawer in the narrow
 * one (phones, and Telegram whatever its width).
 */
export async function openHistory(page: Page): Promise<Locator> {
  if (await page.getByRole("button", { name: "Menu" }).isVisible()) {
    await page.getByRole("button", { name: "Menu" }).click();
    return page.getByRole("dialog", { name: "Menu" }).getByRole("region", { name: "Chats" });
  }
  return page.getByRole("complementary", { name: "Main navigation" });
}

/** Resolves once every animation and transition of the page that has an end (a slide, a fade) has finished. */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
