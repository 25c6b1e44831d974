import { afterEach, describe, expect, it, vi } from "vitest";
import { createTelegramHost, type TelegramHost } from "./telegram-host.ts";
import { installTelegramMock, type TelegramMock } from "./telegram-mock.ts";
import { TELEGRAM_DARK_THEME, TELEGRAM_LIGHT_THEME, type TelegramMockOptions } from "./telegram-mock-script.ts";

let mock: TelegramMock | undefined;
let host: TelegramHost | undefined;

function start(options: TelegramMockOptions = {}): { host: TelegramHost; mock: TelegramMock } {
  mock = installTelegramMock(options);
  host = createTelegramHost();
  return { host, mock };
}

const rootStyle = (name: string) => document.documentElement.style.getPropertyValue(name);

afterEach(() => {
  // The SDK keeps module state for the page's lifetime: every test unmounts what it mounted.
  host?.dispose();
  mock?.uninstall();
  host = undefined;
  mock = undefined;
  document.documentElement.removeAttribute("style");
  sessionStorage.clear();
});

describe("TelegramHost", () => {
  it("shows and hides Telegram's back button and passes its presses on", () => {
    const { host, mock } = start();
    const pressed = vi.fn();
    const unsubscribe = host.backButton.onClick(pressed);

    expect(host.backButton.native).toBe(true);
    host.backButton.show();
    expect(mock.callsOf("web_app_setup_back_button").at(-1)).toEqual({ is_visible: true });
    mock.emit("back_button_pressed");
    expect(pressed).toHaveBeenCalledTimes(1);

    host.backButton.hide();
    expect(mock.callsOf("web_app_setup_back_button").at(-1)).toEqual({ is_visible: false });
    unsubscribe();
    mock.emit("back_button_pressed");
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it("follows Telegram's theme: scheme, the app's tokens, the SDK's variables and subscribers", () => {
    const { host, mock } = start({ themeParams: TELEGRAM_DARK_THEME });
    expect(host.theme.followsHost).toBe(true);
    expect(host.theme.scheme()).toBe("dark");
    expect(rootStyle("--bg")).toBe(TELEGRAM_DARK_THEME.bg_color);
    expect(rootStyle("--accent")).toBe(TELEGRAM_DARK_THEME.button_color);
    const listener = vi.fn();
    host.theme.subscribe(listener);

    mock.setTheme(TELEGRAM_LIGHT_THEME);

    expect(host.theme.scheme()).toBe("light");
    expect(listener).toHaveBeenLastCalledWith("light");
    expect(rootStyle("--bg")).toBe("#ffffff");
    expect(rootStyle("--surface")).toBe(TELEGRAM_LIGHT_THEME.secondary_bg_color);
    expect(rootStyle("--text-muted")).toBe(TELEGRAM_LIGHT_THEME.hint_color);
    expect(rootStyle("--danger")).toBe(TELEGRAM_LIGHT_THEME.destructive_text_color);
    expect(rootStyle("--tg-theme-bg-color")).toBe("#ffffff");
  });

  it("tells Telegram the colours of its header, background and bottom bar", () => {
    const { host, mock } = start();
    host.theme.setChromeColors({ header: "#0e1116", background: "#0e1116", bottomBar: "rgb(22, 26, 34)" });
    expect(mock.callsOf("web_app_set_header_color").at(-1)).toEqual({ color: "#0e1116" });
    expect(mock.callsOf("web_app_set_background_color").at(-1)).toEqual({ color: "#0e1116" });
    expect(mock.callsOf("web_app_set_bottom_bar_color").at(-1)).toEqual({ color: "#161a22" });
  });

  it("reads the cached value at once, then merges CloudStorage and tells subscribers", async () => {
    localStorage.setItem("themeValue", "theme-light");
    localStorage.setItem("lang", "en");
    const { host, mock } = start({ cloudStorage: { themeValue: "theme-dark", agentsType: "2", lang: "en" } });
    const changed = vi.fn();
    host.storage.subscribe(changed);

    expect(host.storage.get("themeValue")).toBe("theme-light");
    expect(host.storage.get("agentsType")).toBeUndefined();
    await host.storage.ready;

    expect(host.storage.get("themeValue")).toBe("theme-dark");
    expect(host.storage.get("agentsType")).toBe("2");
    expect(localStorage.getItem("agentsType")).toBe("2");
    expect(changed.mock.calls).toEqual(
      expect.arrayContaining([
        ["themeValue", "theme-dark"],
        ["agentsType", "2"],
      ]),
    );
    expect(changed).toHaveBeenCalledTimes(2);
    expect(mock.callsOf("web_app_invoke_custom_method")).toEqual(
      expect.arrayContaining([expect.objectContaining({ method: "getStorageKeys" })]),
    );
  });

  it("keeps a value written before the cloud answered, and saves writes to the cloud", async () => {
    const { host, mock } = start({ cloudStorage: { lang: "en" } });
    host.storage.set("lang", "zh-CN");
    await host.storage.ready;
    expect(host.storage.get("lang")).toBe("zh-CN");
    await vi.waitFor(() => expect(mock.cloud.lang).toBe("zh-CN"));
    expect(mock.callsOf("web_app_invoke_custom_method")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: "saveStorageValue", params: { key: "lang", value: "zh-CN" } }),
      ]),
    );

    host.storage.remove("lang");
    expect(host.storage.get("lang")).toBeUndefined();
    await vi.waitFor(() => expect(mock.cloud).not.toHaveProperty("lang"));
  });

  it("offers Telegram sign-in, email, WalletConnect and TON Connect, not Google or injected wallets", () => {
    const { host } = start();
    expect(host.loginMethods).toEqual(["telegram", "email", "walletConnect", "tonConnect"]);
    expect(host.loginMethods).not.toContain("google");
    expect(host.loginMethods).not.toContain("injectedWallet");
  });

  it("plays haptics through Telegram", () => {
    const { host, mock } = start();
    host.haptics.impact("heavy");
    host.haptics.selection();
    host.haptics.notification("error");
    expect(mock.callsOf("web_app_trigger_haptic_feedback")).toEqual([
      { type: "impact", impact_style: "heavy" },
      { type: "selection_change" },
      { type: "notification", notification_type: "error" },
    ]);
  });

  it("knows the launch: kind, platform, raw init data, and tells Telegram when it is ready", () => {
    const { host, mock } = start({ platform: "android" });
    expect(host.kind).toBe("telegram");
    expect(host.platform).toBe("android");
    expect(host.rawInitData()).toBe(new URLSearchParams(mock.launchParams).get("tgWebAppData"));
    host.ready();
    expect(mock.callsOf("web_app_ready")).toHaveLength(1);
  });

  it("binds Telegram's viewport to the --host-* variables", async () => {
    const { host, mock } = start({
      viewport: { width: 400, height: 700 },
      safeAreaInsets: { top: 47, bottom: 34, left: 0, right: 0 },
      contentSafeAreaInsets: { top: 46, bottom: 0, left: 0, right: 0 },
    });
    host.viewport.bindCssVars();
    await vi.waitFor(() => expect(rootStyle("--host-viewport-height")).toBe("700px"));
    expect(rootStyle("--host-viewport-stable-height")).toBe("700px");
    expect(rootStyle("--host-safe-top")).toBe("47px");
    expect(rootStyle("--host-safe-bottom")).toBe("34px");
    expect(rootStyle("--host-content-safe-top")).toBe("46px");
    expect(mock.callsOf("web_app_expand")).toHaveLength(1);

    expect(host.viewport.fullscreenAvailable).toBe(true);
    await host.viewport.requestFullscreen();
    expect(host.viewport.isFullscreen()).toBe(true);
  });

  it("shares into a chat, pays Stars invoices and asks before closing", async () => {
    const { host, mock } = start({ invoiceStatus: "cancelled" });
    await expect(host.share.shareUrl("https://example.com/a", "Look")).resolves.toBe("shared");
    expect(mock.callsOf("web_app_open_tg_link").at(-1)).toEqual({
      path_full: "/share/url?url=https%3A%2F%2Fexample.com%2Fa&text=Look",
    });

    expect(host.payments.stars).toBe(true);
    await expect(host.payments.openInvoice("https://t.me/$abc123")).resolves.toBe("cancelled");
    expect(mock.callsOf("web_app_open_invoice").at(-1)).toEqual({ slug: "abc123" });

    host.setClosingConfirmation(true);
    expect(mock.callsOf("web_app_setup_closing_behavior").at(-1)).toEqual({ need_confirmation: true });
    host.setVerticalSwipes(false);
    expect(mock.callsOf("web_app_setup_swipe_behavior").at(-1)).toEqual({ allow_vertical_swipe: false });
  });

  it("degrades on an old client instead of throwing", async () => {
    const { host, mock } = start({ version: "6.0", cloudStorage: { lang: "zh-CN" } });
    expect(host.backButton.native).toBe(false);
    host.backButton.show();
    host.haptics.impact();
    host.storage.set("lang", "en");
    await host.storage.ready;
    expect(host.storage.get("lang")).toBe("en");
    expect(host.payments.stars).toBe(false);
    expect(host.homeScreen.available).toBe(false);
    expect(mock.callsOf("web_app_setup_back_button")).toEqual([]);
    expect(mock.callsOf("web_app_trigger_haptic_feedback")).toEqual([]);
    expect(mock.callsOf("web_app_invoke_custom_method")).toEqual([]);
  });
});
