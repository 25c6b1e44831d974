import { expect, type Locator, type Page } from "@playwright/test";
import { headerSignIn, knownCaptchaAnswer, passHumanCheck } from "./accounts-helpers.ts";

/** The email sign-up steps through the dialog, shared by the accounts and AI wallet e2e tests. */

/** Opens the sign-up dialog from the header's sign-in. */
export async function openSignUp(page: Page): Promise<Locator> {
  await headerSignIn(page).click();
  await page.getByRole("dialog", { name: "Sign in" }).getByRole("button", { name: "No account? Sign up" }).click();
  return page.getByRole("dialog", { name: "Sign up" });
}

/**
 * Passes the human check; the form (and its image code) appears a moment after it passed (the note saying so is
 * shown only for that moment, so this waits for the form itself). Returns the image code's answer.
 */
export async function passSignUpChecks(page: Page, dialog: Locator): Promise<string> {
  const captchaResponse = page.waitForResponse((response) => response.url().includes("/v2/api/getCaptcha"));
  await passHumanCheck(dialog);
  await expect(dialog.getByLabel("Email")).toBeVisible({ timeout: 30_000 });
  return knownCaptchaAnswer(captchaResponse);
}

/** Fills the sign-up form: the email, the password twice and the image code. */
export async function fillSignUpForm(
  dialog: Locator,
  form: { email: string; password: string; imageCode: string },
): Promise<void> {
  await dialog.getByLabel("Email").fill(form.email);
  await dialog.getByLabel("Password", { exact: true }).fill(form.password);
  await dialog.getByLabel("Confirm password").fill(form.password);
  await dialog.getByRole("textbox", { name: "Image code" }).fill(form.imageCode);
}
