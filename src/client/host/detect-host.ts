/**
 * Decides, without loading the Telegram SDK, whether the page runs inside Telegram, so a browser never
 * downloads the SDK.
 */

/** where the SDK (@telegram-apps/bridge) keeps the launch parameters for reloads: sessionStorage, JSON */
export const LAUNCH_PARAMS_STORAGE_KEY = "tapps/launchParams";

export function isTelegramLaunch(win: Window = window): boolean {
  return hasLaunchParams(launchQuery(win.location.href)) || hasStoredLaunchParams(win) || hasNativeBridge(win);
}

/** the launch parameters' query as the SDK reads it: everything after the first ? or #, joined by & */
export function launchQuery(href: string): string {
  return href.replace(/^[^?#]*[?#]/, "").replace(/[?#]/g, "&");
}

function hasLaunchParams(query: string): boolean {
  const params = new URLSearchParams(query);
  return params.has("tgWebAppPlatform") || params.has("tgWebAppData");
}

function hasStoredLaunchParams(win: Window): boolean {
  try {
    const stored = win.sessionStorage.getItem(LAUNCH_PARAMS_STORAGE_KEY);
    if (!stored) return false;
    const query: unknown = JSON.parse(stored);
    return typeof query === "string" && hasLaunchParams(query);
  } catch {
    return false;
  }
}

/** Telegram's mobile and desktop clients inject a proxy object; Windows Phone had window.external.notify. */
function hasNativeBridge(win: Window): boolean {
  return hasFunction(Reflect.get(win, "TelegramWebviewProxy"), "postEvent") || hasFunction(readExternal(win), "notify");
}

function readExternal(win: Window): unknown {
  try {
    return Reflect.get(win, "external");
  } catch {
    return undefined;
  }
}

function hasFunction(value: unknown, name: string): boolean {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, name) === "function";
}
