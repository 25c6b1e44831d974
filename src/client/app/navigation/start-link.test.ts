import { createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBrowserHost } from "../../host/browser-host.ts";
import { createTelegramHost, type TelegramHost } from "../../host/telegram-host.ts";
import { installTelegramMock, type TelegramMock } from "../../host/telegram-mock.ts";
import { invitationCodeAtom } from "../../shared/settings/settings.ts";
import { setSettingsStore } from "../../shared/settings/settings-store.ts";
import { hasStartParam, openedByStartLink, parseStartParam, routeStartLink, startLinkPath } from "./start-link.ts";

let mock: TelegramMock | undefined;
let telegramHost: TelegramHost | undefined;

afterEach(() => {
  telegramHost?.dispose();
  mock?.uninstall();
  telegramHost = undefined;
  mock = undefined;
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("parseStartParam", () => {
  it("reads the five kinds of link", () => {
    expect(parseStartParam("coin_BTC")).toEqual({ kind: "coin", symbol: "BTC" });
    expect(parseStartParam("predict_sol")).toEqual({ kind: "predict", symbol: "SOL" });
    expect(startLinkPath(parseStartParam("predict_SOL"))).toBe("/predict/SOL");
    expect(parseStartParam("coin_eth")).toEqual({ kind: "coin", symbol: "ETH" });
    expect(parseStartParam("chat_1732550000000abc_DEF-9")).toEqual({ kind: "chat", id: "1732550000000abc_DEF-9" });
    // a share code is base64url: it may hold '_' and '-' itself
    expect(parseStartParam("share_aB3_-xYz09Q_kLmN")).toEqual({ kind: "share", code: "aB3_-xYz09Q_kLmN" });
    expect(parseStartParam("ref_AB12CD")).toEqual({ kind: "ref", code: "AB12CD" });
  });

  it("refuses what is not one of them", () => {
    for (const raw of [
      undefined,
      "",
      "coin",
      "coin_",
      "_BTC",
      "token_BTC",
      "COIN_BTC",
      "coin_BT-C",
      "coin_ABCDEFGHIJKLMNOPQRSTU",
      "chat_123",
      "chat_abc1732550000000",
      "share_",
      "share_a.b",
      "ref_ab12",
      "ref_",
      `share_${"a".repeat(60)}`,
      "coin_%3Cscript%3E",
    ]) {
      expect(parseStartParam(raw), String(raw)).toBeUndefined();
    }
  });
});

describe("startLinkPath", () => {
  it("names the page each link opens; a referral and a bad link open the home", () => {
    expect(startLinkPath({ kind: "coin", symbol: "BTC" })).toBe("/tokensData/BTC");
    expect(startLinkPath({ kind: "chat", id: "1732550000000abc" })).toBe("/chat/1732550000000abc");
    expect(startLinkPath({ kind: "share", code: "aB3_-x" })).toBe("/chatDetail/aB3_-x");
    expect(startLinkPath({ kind: "ref", code: "AB12" })).toBe("/");
    expect(startLinkPath(undefined)).toBe("/");
  });
});

describe("hasStartParam", () => {
  it("sees a start parameter in a browser's query or Telegram's launch parameters, before the host is ready", () => {
    window.history.replaceState(null, "", "/?startapp=coin_BTC");
    expect(hasStartParam()).toBe(true);
    window.history.replaceState(null, "", "/#tgWebAppPlatform=ios&tgWebAppStartParam=share_x");
    expect(hasStartParam()).toBe(true);
    window.history.replaceState(null, "", "/news?lang=zh#tgWebAppPlatform=ios");
    expect(hasStartParam()).toBe(false);
  });
});

describe("routeStartLink", () => {
  it("in a browser: ?startapp= opens its page, keeps ?lang= and leaves the address, so a reload stays there", () => {
    window.history.replaceState(null, "", "/?startapp=coin_sol&lang=zh");
    const host = createBrowserHost();
    expect(routeStartLink(host, createStore())).toEqual({ kind: "coin", symbol: "SOL" });
    expect(window.location.pathname + window.location.search).toBe("/tokensData/SOL?lang=zh");
    expect(openedByStartLink()).toBe(true);
    // the reload: no start parameter any more, nothing moves
    expect(routeStartLink(createBrowserHost(), createStore())).toBeUndefined();
    expect(window.location.pathname).toBe("/tokensData/SOL");
  });

  it("keeps a referral's invitation code for the sign-up form and opens the home", () => {
    window.history.replaceState(null, "", "/news?startapp=ref_INV42");
    const host = createBrowserHost();
    setSettingsStore(host.storage);
    const store = createStore();
    // the setting was read before the link was routed (its module loads first)
    expect(store.get(invitationCodeAtom)).toBe("");
    expect(routeStartLink(host, store)).toEqual({ kind: "ref", code: "INV42" });
    expect(store.get(invitationCodeAtom)).toBe("INV42");
    expect(host.storage.get("inviterCode")).toBe("INV42");
    expect(window.location.pathname + window.location.search).toBe("/");
    expect(openedByStartLink()).toBe(false);
  });

  it("opens the home for a parameter it does not know, without failing", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    window.history.replaceState(null, "", "/chat/1732550000000abc?startapp=coin_%3Cb%3E");
    expect(routeStartLink(createBrowserHost(), createStore())).toBeUndefined();
    expect(window.location.pathname + window.location.search).toBe("/");
  });

  it("changes nothing without a start parameter", () => {
    window.history.replaceState(null, "", "/news?lang=en");
    expect(routeStartLink(createBrowserHost(), createStore())).toBeUndefined();
    expect(window.location.pathname + window.location.search).toBe("/news?lang=en");
  });

  it("inside Telegram: tgWebAppStartParam opens its page once; a reload of the same launch stays put", () => {
    mock = installTelegramMock({ startParam: "share_aB3_-xYz" });
    telegramHost = createTelegramHost();
    expect(telegramHost.startParam).toBe("share_aB3_-xYz");
    expect(routeStartLink(telegramHost, createStore())).toEqual({ kind: "share", code: "aB3_-xYz" });
    expect(window.location.pathname).toBe("/chatDetail/aB3_-xYz");
    telegramHost.dispose();
    // the reload: Telegram hands the same launch parameters again
    telegramHost = createTelegramHost();
    expect(telegramHost.startParam).toBeUndefined();
    expect(routeStartLink(telegramHost, createStore())).toBeUndefined();
    expect(window.location.pathname).toBe("/chatDetail/aB3_-xYz");
  });
});
