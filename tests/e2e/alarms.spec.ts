import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { generatePrivateKey } from "viem/accounts";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { priceText } from "../../src/contract/price-format.ts";
import {
  headerAccount,
  headerSignIn,
  installTestWallet,
  signedTelegramInitData,
  signInWithBrowserWallet,
} from "./accounts-helpers.ts";
import { bell, crossOnNextTick, firedAlarm, storedAlarm, tokenPrice } from "./alarms-helpers.ts";
import { shot } from "./shots.ts";

type MockWindow = { __telegramMock: { callsOf(method: string): unknown[] } };

/**
 * From the token page: sets an alarm on ETH 5 % above the price, checks what was stored, lets the market cross it
 * (see crossOnNextTick) and answers the popup that opens wherever the user is, checked against the fired alarm as
 * the server stored it; the bell's popover then lists it.
 */
async function setAndReceiveAlarm(page: Page, testInfo: TestInfo) {
  const price = await tokenPrice(page, "ETH");
  const target = Math.round(price * 1.05 * 100) / 100;
  await page.getByRole("button", { name: "Set a price alarm for ETH" }).click();
  const form = page.getByRole("dialog", { name: "Price alarm for ETH" });
  await expect(form.getByText(`Current price of ETH: ${priceText(price)} USDT`)).toBeVisible();
  await expect(form.getByText(/^Source: Binance \(replay\), market time /)).toBeVisible();
  await form.getByRole("textbox", { name: "Target price (USDT)" }).fill(String(target));
  await expect(form.getByRole("radio", { name: "Rises to the target" })).toBeChecked();
  await shot(page, testInfo, "alarms-set");
  const added = page.waitForResponse((response) => response.url().endsWith("/v2/api/priceAlarm/add"));
  await form.getByRole("button", { name: "Set alarm" }).click();
  const { data } = (await (await added).json()) as { data: { id: number } };
  await expect(page.getByRole("status").getByText(`Alarm set: ETH rises to ${priceText(target)}`)).toBeVisible();
  await expect(form).toBeHidden();
  expect(await storedAlarm(data.id)).toMatchObject({ direction: "above", target, firedPrice: null });

  // the user goes elsewhere: the popup finds them on any page, once the page's push stream carries their ticket
  const stream = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/v2/api/push" && url.searchParams.has("ticket");
  });
  await page.goto("/");
  expect((await stream).status()).toBe(200);
  await expect(bell(page)).toBeVisible();
  const crossed = await crossOnNextTick(data.id);
  expect(crossed).toMatchObject({ direction: "above", firedPrice: null });
  // the popup says what the server stored when the alarm fired: the price of the tick and the target it crossed
  const fired = await firedAlarm(data.id);
  expect(fired.target).toBe(crossed.target);
  const popup = page.getByRole("dialog", { name: "Price alarm" });
  await expect(popup).toBeVisible();
  await expect(popup.getByText("ETH/USDT")).toBeVisible();
  await expect(
    popup.getByText(`ETH rose to ${priceText(fired.firedPrice)} (target ${priceText(fired.target)})`),
  ).toBeVisible();
  await expect(popup.getByText(/^Source: Binance \(replay\), market time /)).toBeVisible();
  // the price is far past a price alarm's target (crossOnNextTick): re-arming would be refused, a new one is offered
  await expect(popup.getByRole("button", { name: "Set a new alarm" })).toBeVisible();
  await expect(popup.getByRole("button", { name: "Re-arm" })).toHaveCount(0);
  await shot(page, testInfo, "alarms-popup");
  await popup.getByRole("button", { name: "OK" }).click();
  await expect(popup).toBeHidden();
  await expect.poll(async () => (await storedAlarm(data.id)).seen).toBe(true);

  // the popover lists it as fired, nothing new on the bell
  await expect(bell(page)).toHaveAccessibleName("News and price alarms");
  await bell(page).click();
  const popover = page.getByRole("dialog", { name: "News and price alarms" });
  const item = popover.getByRole("list", { name: "Price alarms" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`ETH rose to ${priceText(fired.firedPrice)}`);
  await expect(item.getByRole("button", { name: "Set a new alarm" })).toBeVisible();
  await shot(page, testInfo, "alarms-popover");
  await item.getByRole("button", { name: "Delete" }).click();
  await expect(popover.getByText("No price alarms yet. Set one from a token's page.")).toBeVisible();
}

test("browser: a visitor is asked to sign in; signed in, an alarm set on the token page pops up when crossed", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the browser at desktop width");
  // a sign-in, the form, then up to a market refresh (15 s) before the alarm fires
  test.setTimeout(240_000);
  await installTestWallet(page, generatePrivateKey());
  await page.goto("/crypto/eth");
  await expect(page.getByRole("heading", { level: 1, name: "Ethereum (ETH)" })).toBeVisible();
  await expect(headerSignIn(page)).toBeVisible();

  await page.getByRole("button", { name: "Set a price alarm for ETH" }).click();
  await expect(page.getByRole("status").getByText("Please log in first.")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Price alarm for ETH" })).toHaveCount(0);
  await signInWithBrowserWallet(page);
  await expect(headerAccount(page)).toBeVisible();

  await setAndReceiveAlarm(page, testInfo);
});

test("Telegram: signed in by its init data, an alarm set on the token page pops up when crossed", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the Telegram mini app at phone width");
  test.setTimeout(240_000);
  const telegramId = 710_000_000 + Math.floor(Math.random() * 1_000_000);
  const initData = signedTelegramInitData({ id: telegramId, first_name: "Alarm", username: "alarm_user" });
  await page.addInitScript({ content: telegramMockInitScript({ platform: "android", initData }) });
  await page.goto("/crypto/eth");
  await expect(page.getByRole("heading", { level: 1, name: "Ethereum (ETH)" })).toBeVisible();
  await expect(headerAccount(page)).toBeVisible();

  await setAndReceiveAlarm(page, testInfo);
  const haptics = await page.evaluate(() =>
    (window as unknown as MockWindow).__telegramMock.callsOf("web_app_trigger_haptic_feedback"),
  );
  expect(haptics).toContainEqual(expect.objectContaining({ type: "notification", notification_type: "warning" }));
});
