import { afterEach, describe, expect, it } from "vitest";
import { isTelegramLaunch, LAUNCH_PARAMS_STORAGE_KEY } from "./detect-host.ts";

const launchParams = "tgWebAppPlatform=ios&tgWebAppVersion=8.0&tgWebAppThemeParams=%7B%7D";

afterEach(() => {
  window.history.replaceState(null, "", "/");
  sessionStorage.clear();
  Reflect.deleteProperty(window, "TelegramWebviewProxy");
});

describe("isTelegramLaunch", () => {
  it("is false in a plain browser", () => {
    window.history.replaceState(null, "", "/chat?tab=news#section");
    expect(isTelegramLaunch(window)).toBe(false);
  });

  it("sees launch parameters in the URL hash, as Telegram passes them", () => {
    window.history.replaceState(null, "", `/#${launchParams}`);
    expect(isTelegramLaunch(window)).toBe(true);
    window.history.replaceState(null, "", "/#tgWebAppData=query_id%3D1");
    expect(isTelegramLaunch(window)).toBe(true);
  });

  it("sees launch parameters after a route's own query and hash", () => {
    window.history.replaceState(null, "", `/chat?type=newChat#${launchParams}`);
    expect(isTelegramLaunch(window)).toBe(true);
  });

  it("sees the launch parameters the SDK stored on an earlier load of this tab", () => {
    window.history.replaceState(null, "", "/settings");
    sessionStorage.setItem(LAUNCH_PARAMS_STORAGE_KEY, JSON.stringify(launchParams));
    expect(isTelegramLaunch(window)).toBe(true);
  });

  it("ignores a stored value that holds no launch parameters", () => {
    sessionStorage.setItem(LAUNCH_PARAMS_STORAGE_KEY, "not json");
    expect(isTelegramLaunch(window)).toBe(false);
  });

  it("sees Telegram's native bridge", () => {
    Reflect.set(window, "TelegramWebviewProxy", { postEvent: () => undefined });
    expect(isTelegramLaunch(window)).toBe(true);
  });
});
