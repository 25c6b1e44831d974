import {
  addToHomeScreen,
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  invoice,
  mainButton,
  miniApp,
  openLink,
  openTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareMessage,
  shareURL,
  swipeBehavior,
  themeParams,
  viewport,
} from "@telegram-apps/sdk-react";
import { copyLink } from "./browser-share.ts";
import { createCloudCachedStorage } from "./cloud-cached-storage.ts";
import type { Host, HostBackButton, HostMainButton, HostPayments, LoginMethod, Unsubscribe } from "./host.ts";
import { createLocalStore } from "./safe-local-storage.ts";
import { createTelegramCloudStore } from "./telegram-cloud-store.ts";
import { createTelegramTheme } from "./telegram-theme.ts";
import { createTelegramViewport } from "./telegram-viewport.ts";

// Inside the mini app, social sign-in (Google) and injected wallets are hidden (spec §2, login dialog).
const LOGIN_METHODS: readonly LoginMethod[] = ["telegram", "email", "walletConnect", "tonConnect"];

export interface TelegramHost extends Host {
  /** unbinds and unmounts what the host set up (tests, hot reload) */
  dispose(): void;
}

const noop = () => undefined;

/**
 * The host on the Telegram Mini Apps SDK. Every call is guarded by the SDK's availability checks, so an older
 * client degrades to the browser's behaviour or a no-op instead of throwing. Throws only when the SDK cannot
 * start at all (no launch parameters), and create-host falls back to the browser host then.
 */
export function createTelegramHost(win: Window = window): TelegramHost {
  const stopSdk = init();
  const root = win.document.documentElement;
  const theme = createTelegramTheme(root);
  const hostViewport = createTelegramViewport(win);
  backButton.mount.ifAvailable();
  mainButton.mount.ifAvailable();
  closingBehavior.mount.ifAvailable();
  swipeBehavior.mount.ifAvailable();
  const local = createLocalStore(win);
  const openInBrowser = (url: string) => {
    if (!tryCall(() => openLink.ifAvailable(url)[0])) win.open(url, "_blank", "noopener,noreferrer");
  };

  return {
    kind: "telegram",
    platform: launchPlatform(),
    rawInitData: () => tryCall(() => retrieveRawInitData()),
    startParam: takeStartParam(win),
    loginMethods: LOGIN_METHODS,
    theme,
    viewport: hostViewport,
    backButton: createBackButton(),
    mainButton: createMainButton(),
    haptics: {
      impact: (style = "light") => void hapticFeedback.impactOccurred.ifAvailable(style),
      selection: () => void hapticFeedback.selectionChanged.ifAvailable(),
      notification: (type) => void hapticFeedback.notificationOccurred.ifAvailable(type),
    },
    storage: createCloudCachedStorage(local, createTelegramCloudStore()),
    share: {
      toChat: true,
      async shareUrl(url, text) {
        if (tryCall(() => shareURL.ifAvailable(url, text)[0])) return "shared";
        return copyLink(win.navigator, url, text);
      },
      get preparedMessage() {
        return shareMessage.isAvailable();
      },
      sharePreparedMessage,
    },
    links: {
      open: openInBrowser,
      openTelegram(url) {
        if (!/^https:\/\/t\.me\/./.test(url) || !tryCall(() => openTelegramLink.ifAvailable(url)[0])) {
          openInBrowser(url);
        }
      },
    },
    payments: createPayments(),
    setClosingConfirmation(enabled) {
      if (enabled) closingBehavior.enableConfirmation.ifAvailable();
      else closingBehavior.disableConfirmation.ifAvailable();
    },
    setVerticalSwipes(enabled) {
      if (enabled) swipeBehavior.enableVertical.ifAvailable();
      else swipeBehavior.disableVertical.ifAvailable();
    },
    homeScreen: {
      get available() {
        return addToHomeScreen.isAvailable();
      },
      add: () => void addToHomeScreen.ifAvailable(),
    },
    ready: () => void miniApp.ready.ifAvailable(),
    dispose() {
      theme.dispose();
      hostViewport.dispose();
      for (const component of [
        backButton,
        mainButton,
        closingBehavior,
        swipeBehavior,
        viewport,
        miniApp,
        themeParams,
      ]) {
        component.unmount();
      }
      stopSdk();
    },
  };
}

function createBackButton(): HostBackButton {
  return {
    native: backButton.isSupported(),
    show: () => void backButton.show.ifAvailable(),
    hide: () => void backButton.hide.ifAvailable(),
    onClick: (listener) => subscribe(backButton.onClick, listener),
  };
}

function createMainButton(): HostMainButton {
  return {
    native: true,
    set({ text, visible, enabled, loading }) {
      mainButton.setParams.ifAvailable({
        text,
        isVisible: visible,
        isEnabled: enabled,
        isLoaderVisible: loading,
      });
    },
    onClick: (listener) => subscribe(mainButton.onClick, listener),
  };
}

function createPayments(): HostPayments {
  return {
    stars: invoice.isSupported(),
    async openInvoice(url) {
      if (!invoice.open.isAvailable()) return "failed";
      try {
        // A t.me invoice link, or the bare slug Bot API createInvoiceLink's link ends with.
        const status = url.startsWith("https://") ? await invoice.open(url, "url") : await invoice.open(url);
        return status === "paid" || status === "cancelled" || status === "pending" ? status : "failed";
      } catch (error) {
        console.error("The invoice could not be opened", error);
        return "failed";
      }
    },
  };
}

function subscribe(
  onClick: { isAvailable(): boolean; (listener: () => void): Unsubscribe },
  listener: () => void,
): Unsubscribe {
  return onClick.isAvailable() ? onClick(() => listener()) : noop;
}

// sessionStorage: which launch's start parameter was given out (the SDK keeps launch parameters for reloads)
const START_PARAM_TAKEN_KEY = "startParamTaken";

/**
 * The launch's start parameter, once: a reload of the same launch (same init data) gets undefined, so it stays on
 * the page it was on. Telegram's web clients keep one sessionStorage for every launch in a tab; another launch
 * has other init data and its parameter is given out again.
 */
function takeStartParam(win: Window): string | undefined {
  const startParam = tryCall(() => retrieveLaunchParams().tgWebAppStartParam) || undefined;
  if (!startParam) return undefined;
  const rawInitData = tryCall(() => retrieveRawInitData()) ?? "";
  const launch = `${new URLSearchParams(rawInitData).get("hash") ?? ""}:${startParam}`;
  try {
    if (win.sessionStorage.getItem(START_PARAM_TAKEN_KEY) === launch) return undefined;
    win.sessionStorage.setItem(START_PARAM_TAKEN_KEY, launch);
  } catch {
    // Without sessionStorage a reload routes the link again: a small price.
  }
  return startParam;
}

/** Telegram's chat picker with the bot's prepared message; the user closing it is "cancelled". */
async function sharePreparedMessage(id: string): Promise<"shared" | "cancelled" | "failed" | "unavailable"> {
  if (!shareMessage.isAvailable()) return "unavailable";
  try {
    await shareMessage(id);
    return "shared";
  } catch (error) {
    // ShareMessageError carries Telegram's prepared_message_failed error: USER_DECLINED when the picker was closed
    if (String(error instanceof Error ? error.message : error).includes("USER_DECLINED")) return "cancelled";
    console.error("The prepared message could not be shared", error);
    return "failed";
  }
}

function launchPlatform(): string {
  return tryCall(() => retrieveLaunchParams().tgWebAppPlatform) ?? "unknown";
}

/** the call's result, or undefined when it threw (an older client, a bad argument) */
function tryCall<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch (error) {
    console.error("A Telegram call failed", error);
    return undefined;
  }
}
