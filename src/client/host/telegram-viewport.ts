import { isCancelledError, viewport } from "@telegram-apps/sdk-react";
import type { HostViewport } from "./host.ts";
import { followWindowViewport, HOST_VIEWPORT_VARS } from "./viewport-vars.ts";

export interface TelegramViewport extends HostViewport {
  dispose(): void;
}

// An old client may never answer the viewport requests; the window's values serve meanwhile.
const MOUNT_TIMEOUT_MS = 5000;

// The SDK's viewport keys onto the host port's names (its width has no counterpart).
const VAR_NAMES: Partial<Record<string, string>> = {
  height: HOST_VIEWPORT_VARS.height,
  stableHeight: HOST_VIEWPORT_VARS.stableHeight,
  safeAreaInsetTop: HOST_VIEWPORT_VARS.safeTop,
  safeAreaInsetRight: HOST_VIEWPORT_VARS.safeRight,
  safeAreaInsetBottom: HOST_VIEWPORT_VARS.safeBottom,
  safeAreaInsetLeft: HOST_VIEWPORT_VARS.safeLeft,
  contentSafeAreaInsetTop: HOST_VIEWPORT_VARS.contentSafeTop,
  contentSafeAreaInsetRight: HOST_VIEWPORT_VARS.contentSafeRight,
  contentSafeAreaInsetBottom: HOST_VIEWPORT_VARS.contentSafeBottom,
  contentSafeAreaInsetLeft: HOST_VIEWPORT_VARS.contentSafeLeft,
};

/** Telegram's viewport: mounted in the background (start-up never waits), expanded, bound on request. */
export function createTelegramViewport(win: Window): TelegramViewport {
  const cleanups: Array<() => void> = [];
  let wantVars = false;
  let stopFollowingWindow: (() => void) | undefined;

  const mounted: Promise<boolean> = mount();
  viewport.expand.ifAvailable();

  const bindWhenMounted = (isMounted: boolean) => {
    if (!wantVars || !isMounted || !viewport.bindCssVars.isAvailable() || viewport.isCssVarsBound()) return;
    stopFollowingWindow?.();
    stopFollowingWindow = undefined;
    cleanups.push(viewport.bindCssVars((key) => VAR_NAMES[key]));
  };
  void mounted.then(bindWhenMounted);

  const whenMounted = async (what: string) => {
    if (!(await mounted)) throw new Error(`${what} is not available: Telegram did not report its viewport`);
  };

  return {
    bindCssVars() {
      if (wantVars) return;
      wantVars = true;
      if (viewport.isMounted()) {
        bindWhenMounted(true);
        return;
      }
      // Until Telegram reports its viewport, the window's values keep the layout right.
      stopFollowingWindow = followWindowViewport(win);
      cleanups.push(() => stopFollowingWindow?.());
    },
    expand() {
      viewport.expand.ifAvailable();
    },
    get fullscreenAvailable() {
      return viewport.requestFullscreen.isSupported();
    },
    isFullscreen: () => viewport.isFullscreen(),
    async requestFullscreen() {
      await whenMounted("Full screen");
      await viewport.requestFullscreen();
    },
    async exitFullscreen() {
      await whenMounted("Full screen");
      if (viewport.isFullscreen()) await viewport.exitFullscreen();
    },
    dispose() {
      wantVars = false;
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
}

async function mount(): Promise<boolean> {
  if (viewport.isMounted()) return true;
  if (!viewport.mount.isAvailable() || viewport.isMounting()) return false;
  try {
    await viewport.mount({ timeout: MOUNT_TIMEOUT_MS });
    return true;
  } catch (error) {
    // Cancelled: the host was disposed meanwhile.
    if (!isCancelledError(error))
      console.error("Telegram's viewport could not be mounted; the window's size serves", error);
    return false;
  }
}
