import { afterEach, describe, expect, it } from "vitest";
import { isTelegramLaunch } from "./detect-host.ts";
import { createTelegramHost, type TelegramHost } from "./telegram-host.ts";
import { TELEGRAM_LIGHT_THEME, type TelegramMockHandle, telegramMockInitScript } from "./telegram-mock-script.ts";

// What a Playwright test gets from page.addInitScript({ content: telegramMockInitScript() }).
let host: TelegramHost | undefined;

function pageMock(): TelegramMockHandle {
  const mock: unknown = Reflect.get(window, "__telegramMock");
  if (typeof mock !== "object" || mock === null) throw new Error("window.__telegramMock is missing");
  return mock as TelegramMockHandle;
}

afterEach(() => {
  host?.dispose();
  host = undefined;
  pageMock().stop();
  Reflect.deleteProperty(window, "TelegramWebviewProxy");
  Reflect.deleteProperty(window, "__telegramMock");
  window.history.replaceState(null, "", "/");
  sessionStorage.clear();
  document.documentElement.removeAttribute("style");
});

describe("telegramMockInitScript", () => {
  it("makes the page a Telegram launch whose method calls are recorded and events delivered", () => {
    window.history.replaceState(null, "", "/chat");
    new Function(telegramMockInitScript({ platform: "android" }))();
    expect(window.location.pathname).toBe("/chat");
    expect(window.location.hash).toContain("tgWebAppPlatform=android");
    expect(isTelegramLaunch(window)).toBe(true);

    host = createTelegramHost();
    const mock = pageMock();
    let pressed = 0;
    host.backButton.onClick(() => {
      pressed += 1;
    });
    host.backButton.show();
    host.ready();
    mock.emit("back_button_pressed");
    mock.setTheme(TELEGRAM_LIGHT_THEME);

    expect(mock.callsOf("web_app_setup_back_button")).toEqual([{ is_visible: true }]);
    expect(mock.callsOf("web_app_ready")).toHaveLength(1);
    expect(pressed).toBe(1);
    expect(host.theme.scheme()).toBe("light");
  });

  it("can put the launch parameters in sessionStorage instead of the URL", () => {
    new Function(telegramMockInitScript({ launchVia: "sessionStorage" }))();
    expect(window.location.hash).toBe("");
    expect(isTelegramLaunch(window)).toBe(true);
  });
});
