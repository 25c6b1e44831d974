import { afterEach, describe, expect, it, vi } from "vitest";
import { createBrowserHost } from "./browser-host.ts";

const rootStyle = (name: string) => document.documentElement.style.getPropertyValue(name);

function stubNavigator<K extends "share" | "vibrate">(name: K, value: Navigator[K] | undefined): void {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "share");
  Reflect.deleteProperty(navigator, "vibrate");
  vi.restoreAllMocks();
  document.documentElement.removeAttribute("style");
});

describe("BrowserHost storage", () => {
  it("keeps values in localStorage and is ready at once", async () => {
    const { storage } = createBrowserHost();
    await expect(storage.ready).resolves.toBeUndefined();
    expect(storage.get("themeValue")).toBeUndefined();

    storage.set("themeValue", "theme-light");
    expect(storage.get("themeValue")).toBe("theme-light");
    expect(localStorage.getItem("themeValue")).toBe("theme-light");

    storage.remove("themeValue");
    expect(storage.get("themeValue")).toBeUndefined();
    expect(localStorage.getItem("themeValue")).toBeNull();
  });

  it("tells subscribers of this page's changes and of other tabs' until they unsubscribe", () => {
    const { storage } = createBrowserHost();
    const changed = vi.fn();
    const unsubscribe = storage.subscribe(changed);

    storage.set("lang", "zh-CN");
    storage.set("lang", "zh-CN");
    storage.remove("lang");
    window.dispatchEvent(new StorageEvent("storage", { key: "lang", newValue: "en", storageArea: localStorage }));
    window.dispatchEvent(new StorageEvent("storage", { key: "lang", newValue: "ko", storageArea: sessionStorage }));
    unsubscribe();
    window.dispatchEvent(new StorageEvent("storage", { key: "lang", newValue: "ja", storageArea: localStorage }));

    expect(changed.mock.calls).toEqual([
      ["lang", "zh-CN"],
      ["lang", undefined],
      ["lang", "en"],
    ]);
  });
});

describe("BrowserHost share", () => {
  it("uses the Web Share API where there is one", async () => {
    const share = vi.fn(async () => undefined);
    stubNavigator("share", share);
    const host = createBrowserHost();
    await expect(host.share.shareUrl("https://example.com/a", "Look")).resolves.toBe("shared");
    expect(share).toHaveBeenCalledWith({ url: "https://example.com/a", text: "Look" });
    expect(host.share.toChat).toBe(false);
  });

  it("reports a dismissed share sheet as cancelled", async () => {
    stubNavigator("share", async () => {
      throw new DOMException("dismissed", "AbortError");
    });
    await expect(createBrowserHost().share.shareUrl("https://example.com/a")).resolves.toBe("cancelled");
  });

  it("copies the link when the browser cannot share", async () => {
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    await expect(createBrowserHost().share.shareUrl("https://example.com/a", "Look")).resolves.toBe("copied");
    expect(writeText).toHaveBeenCalledWith("Look https://example.com/a");

    stubNavigator("share", async () => {
      throw new DOMException("no gesture", "NotAllowedError");
    });
    await expect(createBrowserHost().share.shareUrl("https://example.com/b")).resolves.toBe("copied");
    expect(writeText).toHaveBeenLastCalledWith("https://example.com/b");
  });
});

describe("BrowserHost", () => {
  it("leaves back and main buttons to the page and offers the web's login methods", () => {
    const host = createBrowserHost();
    const listener = vi.fn();
    expect(host.kind).toBe("browser");
    expect(host.platform).toBe("browser");
    expect(host.rawInitData()).toBeUndefined();
    expect(host.backButton.native).toBe(false);
    expect(host.mainButton.native).toBe(false);
    host.backButton.show();
    host.backButton.hide();
    host.backButton.onClick(listener)();
    host.mainButton.set({ text: "Buy", visible: true });
    expect(listener).not.toHaveBeenCalled();
    expect(host.loginMethods).toEqual(["email", "google", "injectedWallet", "walletConnect"]);
  });

  it("has no host theme of its own and paints the browser's theme-color", () => {
    const host = createBrowserHost();
    expect(host.theme.scheme()).toBeUndefined();
    expect(host.theme.followsHost).toBe(false);
    host.theme.setChromeColors({ header: "#f6f7f9", background: "#f6f7f9", bottomBar: "#ffffff" });
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute("content")).toBe("#f6f7f9");
  });

  it("keeps the --host-* variables on the window's size", () => {
    createBrowserHost().viewport.bindCssVars();
    expect(rootStyle("--host-viewport-height")).toBe(`${window.innerHeight}px`);
    expect(rootStyle("--host-viewport-stable-height")).toBe(`${window.innerHeight}px`);
    expect(rootStyle("--host-safe-top")).toBe("env(safe-area-inset-top, 0px)");
    expect(rootStyle("--host-content-safe-bottom")).toBe("0px");
  });

  it("opens links in a new tab and has no Stars, home screen or haptics to offer", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const host = createBrowserHost();
    host.links.open("https://example.com");
    host.links.openTelegram("https://t.me/some_bot");
    expect(open.mock.calls).toEqual([
      ["https://example.com", "_blank", "noopener,noreferrer"],
      ["https://t.me/some_bot", "_blank", "noopener,noreferrer"],
    ]);
    expect(host.payments.stars).toBe(false);
    await expect(host.payments.openInvoice("https://t.me/$abc")).resolves.toBe("failed");
    expect(host.homeScreen.available).toBe(false);
    expect(() => host.haptics.impact("heavy")).not.toThrow();
  });

  it("vibrates where the browser can", () => {
    const vibrate = vi.fn(() => true);
    stubNavigator("vibrate", vibrate);
    const host = createBrowserHost();
    host.haptics.selection();
    host.haptics.notification("success");
    expect(vibrate.mock.calls).toEqual([[5], [[10, 40, 10]]]);
  });

  it("asks before the page is left while closing confirmation is on", () => {
    const host = createBrowserHost();
    const leave = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    host.setClosingConfirmation(true);
    expect(leave()).toBe(true);
    host.setClosingConfirmation(false);
    expect(leave()).toBe(false);
  });
});
