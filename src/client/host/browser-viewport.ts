import type { HostViewport } from "./host.ts";
import { followWindowViewport } from "./viewport-vars.ts";

/** The window's own heights and safe areas; full screen through the Fullscreen API. */
export function createBrowserViewport(win: Window): HostViewport {
  const { document } = win;
  let bound = false;
  return {
    bindCssVars() {
      if (bound) return;
      bound = true;
      followWindowViewport(win);
    },
    expand() {
      // A browser page already has all the height it gets.
    },
    get fullscreenAvailable() {
      return document.fullscreenEnabled === true && typeof document.documentElement.requestFullscreen === "function";
    },
    isFullscreen: () => Boolean(document.fullscreenElement),
    async requestFullscreen() {
      if (typeof document.documentElement.requestFullscreen !== "function") {
        throw new Error("Full screen is not available in this browser");
      }
      await document.documentElement.requestFullscreen();
    },
    async exitFullscreen() {
      if (document.fullscreenElement && typeof document.exitFullscreen === "function") await document.exitFullscreen();
    },
  };
}
