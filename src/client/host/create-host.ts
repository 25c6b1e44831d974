import { createBrowserHost } from "./browser-host.ts";
import { isTelegramLaunch } from "./detect-host.ts";
import type { Host } from "./host.ts";

/**
 * Picks the host once at start. The Telegram host (and its ~19 KB SDK) loads only inside Telegram; if the SDK
 * cannot start there, the browser host serves instead of an error screen.
 */
export async function createHost(win: Window = window): Promise<Host> {
  // Development only: `?telegram-mock` imitates Telegram in a plain browser. Vite drops this branch in builds.
  if (import.meta.env.DEV && new URLSearchParams(win.location.search).has("telegram-mock")) {
    const { installTelegramMock } = await import("./telegram-mock.ts");
    installTelegramMock();
  }
  if (isTelegramLaunch(win)) {
    try {
      const { createTelegramHost } = await import("./telegram-host.ts");
      return createTelegramHost(win);
    } catch (error) {
      console.error("The Telegram SDK could not start; continuing as in a browser", error);
    }
  }
  return createBrowserHost(win);
}
