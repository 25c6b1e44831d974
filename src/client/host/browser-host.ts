import { createBrowserShare } from "./browser-share.ts";
import { createBrowserStorage } from "./browser-storage.ts";
import { createBrowserViewport } from "./browser-viewport.ts";
import type { Host, HostHaptics, ImpactStyle, LoginMethod, NotificationType } from "./host.ts";

const LOGIN_METHODS: readonly LoginMethod[] = ["email", "google", "injectedWallet", "walletConnect"];

const IMPACT_MS: Record<ImpactStyle, number> = { light: 10, soft: 10, rigid: 15, medium: 20, heavy: 30 };
const NOTIFICATION_PATTERN: Record<NotificationType, number[]> = {
  success: [10, 40, 10],
  warning: [20, 60, 20],
  error: [30, 60, 30, 60, 30],
};

const noop = () => undefined;

/** The desktop (and mobile browser) fallback: the web platform where it has an answer, a no-op where not. */
export function createBrowserHost(win: Window = window): Host {
  const { document } = win;
  let confirmClose = false;
  win.addEventListener("beforeunload", (event) => {
    if (!confirmClose) return;
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = "";
  });

  return {
    kind: "browser",
    platform: "browser",
    rawInitData: () => undefined,
    startParam: readStartParam(win),
    loginMethods: LOGIN_METHODS,
    theme: {
      // The app's own saved theme applies; a browser imposes none.
      scheme: () => undefined,
      followsHost: false,
      subscribe: () => noop,
      setChromeColors({ header }) {
        let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
        if (!meta) {
          meta = document.createElement("meta");
          meta.name = "theme-color";
          document.head.append(meta);
        }
        meta.content = header;
      },
    },
    viewport: createBrowserViewport(win),
    // The browser's own back button and history serve; features render their own main button.
    backButton: { native: false, show: noop, hide: noop, onClick: () => noop },
    mainButton: { native: false, set: noop, onClick: () => noop },
    haptics: createVibrationHaptics(win.navigator),
    storage: createBrowserStorage(win),
    share: createBrowserShare(win),
    links: {
      open: (url) => openInNewTab(win, url),
      openTelegram: (url) => openInNewTab(win, url),
    },
    payments: { stars: false, openInvoice: async () => "failed" },
    setClosingConfirmation(enabled) {
      confirmClose = enabled;
    },
    setVerticalSwipes: noop,
    homeScreen: { available: false, add: noop },
    ready: noop,
  };
}

/** `?startapp=` as a t.me link has it: a desktop link opens the same page as the mini app's. */
function readStartParam(win: Window): string | undefined {
  return new URLSearchParams(win.location.search).get("startapp") || undefined;
}

function openInNewTab(win: Window, url: string): void {
  win.open(url, "_blank", "noopener,noreferrer");
}

function createVibrationHaptics(navigator: Navigator): HostHaptics {
  const vibrate = (pattern: number | number[]) => {
    if (typeof navigator.vibrate !== "function") return;
    try {
      navigator.vibrate(pattern);
    } catch {
      // Some browsers throw without a user gesture; haptics are a nicety.
    }
  };
  return {
    impact: (style = "light") => vibrate(IMPACT_MS[style]),
    selection: () => vibrate(5),
    notification: (type) => vibrate(NOTIFICATION_PATTERN[type]),
  };
}
