import type { HumanCheckChallenge } from "../../../../contract/auth.ts";

export interface WidgetHandlers {
  onVerified: (token: string) => void;
  /** a token handed out before no longer holds */
  onExpired: () => void;
  /** the widget needs a fresh challenge (expired before use, or failed) */
  onStale: () => void;
}

function eventDetail(event: Event): Record<string, unknown> {
  if (!(event instanceof CustomEvent)) return {};
  const detail: unknown = event.detail;
  return typeof detail === "object" && detail !== null ? { ...detail } : {};
}

/**
 * Mounts the ALTCHA widget (a web component, loaded on demand) with the server's challenge. The user ticks
 * "I'm not a robot"; the proof of work runs in workers; `verified` carries the payload sendEmailCode takes.
 */
export async function mountAltcha(
  container: HTMLElement,
  challenge: HumanCheckChallenge,
  locale: string,
  handlers: WidgetHandlers,
): Promise<() => void> {
  if (challenge.provider !== "altcha") throw new Error("not an ALTCHA challenge");
  await import("altcha");
  if (locale === "zh") await import("altcha/i18n/zh-cn");
  const { provider: _provider, ...altchaChallenge } = challenge;
  const widget = document.createElement("altcha-widget");
  widget.setAttribute("challenge", JSON.stringify(altchaChallenge));
  widget.setAttribute("language", locale === "zh" ? "zh-cn" : "en");
  widget.setAttribute("name", "altcha");
  let verified = false;
  const onVerified = (event: Event) => {
    const payload = eventDetail(event).payload;
    if (typeof payload !== "string" || !payload) return;
    verified = true;
    handlers.onVerified(payload);
  };
  const onStateChange = (event: Event) => {
    const state = eventDetail(event).state;
    if (state !== "expired" && state !== "error") return;
    if (verified) handlers.onExpired();
    verified = false;
    if (state === "expired") handlers.onStale();
  };
  widget.addEventListener("verified", onVerified);
  widget.addEventListener("statechange", onStateChange);
  container.replaceChildren(widget);
  return () => {
    widget.removeEventListener("verified", onVerified);
    widget.removeEventListener("statechange", onStateChange);
    widget.remove();
  };
}
