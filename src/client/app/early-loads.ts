/**
 * The launch's first loads, started while the rest of the app's first script is still being evaluated: main.tsx
 * imports this module first, for this side effect, so React's DOM renderer and the shell evaluate while these
 * download. Inside Telegram, the SDK's host; the language catalog as storage or the browser names it (the host's
 * storage caches into the same localStorage); the sign-in code where there is someone to sign in; the page the
 * address names, with its first reads. A start link names another page and only the host knows whether it is
 * still to be followed, so then only the address's page code loads ahead. The bootstrap asks for the same things
 * again once the host is ready: those calls share the loads under way.
 */
import { isTelegramLaunch } from "../host/detect-host.ts";
import { detectLocale, preloadLocale } from "../shared/i18n/i18n.ts";
import { tokenStore } from "../shared/storage/token-store.ts";
import { preloadRoute, routeFor } from "./navigation/routes.ts";
import { hasStartParam } from "./navigation/start-link.ts";
import { currentLayoutMode } from "./shell/use-layout-mode-value.ts";

function startEarlyLoads(win: Window): void {
  const telegram = isTelegramLaunch(win);
  if (telegram) import("../host/telegram-host.ts").catch(() => undefined);
  const locale = detectLocale();
  preloadLocale(locale);
  if (telegram || tokenStore.get()) {
    import("../features/auth/session/resolve-login-status.ts").catch(() => undefined);
  }
  const pathname = win.location.pathname;
  if (hasStartParam(win)) {
    routeFor(pathname)
      ?.page.component.preload()
      .catch(() => undefined);
    return;
  }
  const mode = currentLayoutMode(telegram ? "telegram" : "browser", win);
  preloadRoute(pathname, { pathname, locale, mode }).catch(() => undefined);
}

startEarlyLoads(window);
