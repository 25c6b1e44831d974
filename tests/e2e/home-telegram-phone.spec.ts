import { expect, type Route, test } from "@playwright/test";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { headerAccount, headerSignIn, signedTelegramInitData } from "./accounts-helpers.ts";
import { shot } from "./shots.ts";

type ProbeWindow = { __signInOffered?: boolean };

test("Telegram: the home shows while the silent sign-in is still out, and the header never offers Sign in meanwhile", async ({
  page,
}, testInfo) => {
  const initData = signedTelegramInitData({
    id: 730_000_000 + Math.floor(Math.random() * 1_000_000),
    first_name: "Door",
  });
  await page.addInitScript({ content: telegramMockInitScript({ platform: "ios", initData }) });
  // notes it if the header ever shows a "Sign in" button (a prompt that would vanish once the sign-in lands)
  await page.addInitScript(() => {
    const look = () => {
      if (document.querySelector('header button[aria-label="Sign in"]')) {
        (window as unknown as ProbeWindow).__signInOffered = true;
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  });
  // Telegram's sign-in is held until the home has shown
  let held: Route | undefined;
  const signInAsked = new Promise<void>((resolve) => {
    void page.route("**/v2/api/telegramLogin", (route) => {
      held = route;
      resolve();
    });
  });
  await page.goto("/");
  await signInAsked;
  await expect(page.getByRole("heading", { level: 1, name: "Ask AI about any token" })).toBeVisible();
  // the first screen's data came too: the recommended questions and the coin ticker
  const recommended = page.getByRole("region", { name: "Recommended questions" });
  await expect(recommended.getByRole("listitem").first()).toBeVisible();
  await expect(headerSignIn(page)).toHaveCount(0);
  await expect(headerAccount(page)).toHaveCount(0);
  await shot(page, testInfo, "home-telegram-signing-in");

  await held?.continue();
  await expect(headerAccount(page)).toBeVisible();
  await expect(headerSignIn(page)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as ProbeWindow).__signInOffered ?? false)).toBe(false);
  await shot(page, testInfo, "home-telegram-signed-in");
});
