import { expect, test } from "@playwright/test";
import { emailedCode, headerAccount, headerSignIn, logOut, storedToken, uniqueEmail } from "./accounts-helpers.ts";
import { queryE2e } from "./db.ts";
import { shot } from "./shots.ts";
import { fillSignUpForm, openSignUp, passSignUpChecks } from "./sign-up-helpers.ts";

test("sign up by email, sign in, see the account, log out", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail(testInfo, "signup");
  const password = "e2e-secret-1";
  await page.goto("/");
  const dialog = await openSignUp(page);
  await expect(dialog).toBeVisible();

  // Human check first, then the form with its image code.
  const answer = await passSignUpChecks(page, dialog);

  await fillSignUpForm(dialog, { email, password, imageCode: answer });
  await dialog.getByLabel("Invitation code (optional)").pressSequentially("ab-12");
  await expect(dialog.getByLabel("Invitation code (optional)")).toHaveValue("12");
  await dialog.getByLabel("Invitation code (optional)").clear();
  await shot(page, testInfo, "accounts-sign-up-form");
  await dialog.getByRole("button", { name: "Send code" }).click();

  // Step 2: the emailed code, with the 60 s resend countdown.
  await expect(dialog.getByLabel("Verification code")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  const code = await emailedCode(email);
  await dialog.getByLabel("Verification code").fill(code);
  await shot(page, testInfo, "accounts-sign-up-code");
  await dialog.getByRole("button", { name: "Create account" }).click();

  // Back to sign-in, the email filled in.
  const signIn = page.getByRole("dialog", { name: "Sign in" });
  await expect(signIn.getByLabel("Email")).toHaveValue(email);
  const [created] = await queryE2e<{ email: string }>("select email from users where email = $1", [email]);
  expect(created?.email).toBe(email);
  await signIn.getByLabel("Password", { exact: true }).fill(password);
  await signIn.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(headerAccount(page)).toBeVisible();
  await expect(headerSignIn(page)).toHaveCount(0);
  await expect(signIn).toBeHidden();
  expect(await storedToken(page)).toBeTruthy();
  await shot(page, testInfo, "accounts-signed-in");

  await headerAccount(page).click();
  const sheet = page.getByRole("dialog", { name: "Account" });
  await expect(sheet.getByText(/^Today: \d+ of \d+ chats left$|^Unlimited/)).toBeVisible();
  await expect(sheet.getByRole("link", { name: "Personal center" })).toBeVisible();
  await shot(page, testInfo, "accounts-account-sheet");
  await sheet.getByRole("button", { name: "Close" }).click();
  await expect(sheet).toBeHidden();

  await logOut(page);
  expect(await storedToken(page)).toBeNull();
  await shot(page, testInfo, "accounts-signed-out");
});

test("personal center: visitors are asked to sign in", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto("/person/");
  await expect(page.getByRole("heading", { level: 1, name: "Personal center" })).toBeVisible();
  await expect(page.getByText("Sign in to see your profile.")).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("dialog", { name: "Sign in" })).toBeVisible();
  await shot(page, testInfo, "accounts-person-visitor");
});

test("the sign-in form checks its fields before asking the server", async ({ page }) => {
  await page.goto("/");
  await headerSignIn(page).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(dialog.getByText("Please enter your email.")).toBeVisible();
  await expect(dialog.getByText("Please enter your password.")).toBeVisible();
  await dialog.getByLabel("Email").pressSequentially("no body@example.com");
  await expect(dialog.getByLabel("Email")).toHaveValue("nobody@example.com");
  await dialog.getByLabel("Password", { exact: true }).fill("whatever1");
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(dialog.getByText("No account exists for this email.")).toBeVisible();
});
