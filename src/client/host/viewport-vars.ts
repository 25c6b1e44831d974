/** The --host-* CSS variables of HostViewport (host.ts), written on :root by both hosts. */
export const HOST_VIEWPORT_VARS = {
  height: "--host-viewport-height",
  stableHeight: "--host-viewport-stable-height",
  safeTop: "--host-safe-top",
  safeRight: "--host-safe-right",
  safeBottom: "--host-safe-bottom",
  safeLeft: "--host-safe-left",
  contentSafeTop: "--host-content-safe-top",
  contentSafeRight: "--host-content-safe-right",
  contentSafeBottom: "--host-content-safe-bottom",
  contentSafeLeft: "--host-content-safe-left",
} as const;

export type HostViewportVar = keyof typeof HOST_VIEWPORT_VARS;

const px = (value: number): string => `${Math.max(0, Math.round(value))}px`;

/** The browser's own values: window heights, the notch insets through env(), and no host chrome. */
export function windowViewportValues(win: Window): Record<HostViewportVar, string> {
  const visibleHeight = win.visualViewport?.height ?? win.innerHeight;
  return {
    height: px(visibleHeight),
    stableHeight: px(win.innerHeight),
    safeTop: "env(safe-area-inset-top, 0px)",
    safeRight: "env(safe-area-inset-right, 0px)",
    safeBottom: "env(safe-area-inset-bottom, 0px)",
    safeLeft: "env(safe-area-inset-left, 0px)",
    contentSafeTop: "0px",
    contentSafeRight: "0px",
    contentSafeBottom: "0px",
    contentSafeLeft: "0px",
  };
}

export function writeViewportVars(root: HTMLElement, values: Partial<Record<HostViewportVar, string>>): void {
  for (const [key, value] of Object.entries(values)) {
    const name = HOST_VIEWPORT_VARS[key as HostViewportVar];
    if (value !== undefined) root.style.setProperty(name, value);
  }
}

/**
 * Keeps the variables on the window's values while it resizes (the on-screen keyboard shrinks the visual
 * viewport). Returns the function that stops it.
 */
export function followWindowViewport(win: Window): () => void {
  const update = () => writeViewportVars(win.document.documentElement, windowViewportValues(win));
  update();
  win.addEventListener("resize", update);
  win.visualViewport?.addEventListener("resize", update);
  return () => {
    win.removeEventListener("resize", update);
    win.visualViewport?.removeEventListener("resize", update);
  };
}
