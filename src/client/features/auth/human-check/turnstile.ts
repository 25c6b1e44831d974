import type { HumanCheckChallenge } from "../../../../contract/auth.ts";
import type { WidgetHandlers } from "./altcha.ts";

interface TurnstileOptions {
  sitekey: string;
  language: string;
  callback: (token: string) => void;
  "expired-callback": () => void;
  "error-callback": () => void;
}

interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileOptions): string | undefined;
  remove(widgetId: string): void;
}

const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
let scriptLoad: Promise<TurnstileApi> | undefined;

function turnstileApi(): TurnstileApi | undefined {
  const value: unknown = Reflect.get(window, "turnstile");
  const isApi = (candidate: unknown): candidate is TurnstileApi =>
    typeof candidate === "object" &&
    candidate !== null &&
    "render" in candidate &&
    typeof candidate.render === "function" &&
    "remove" in candidate &&
    typeof candidate.remove === "function";
  return isApi(value) ? value : undefined;
}

/** Turnstile's script, added to the page the first time a check needs it. */
function loadTurnstile(): Promise<TurnstileApi> {
  const ready = turnstileApi();
  if (ready) return Promise.resolve(ready);
  scriptLoad ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const api = turnstileApi();
      if (api) resolve(api);
      else reject(new Error("Turnstile loaded without its API"));
    };
    script.onerror = () => {
      scriptLoad = undefined;
      script.remove();
      reject(new Error("Turnstile's script could not be loaded"));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

/** Mounts Cloudflare Turnstile with the server's site key (when the server is configured for it). */
export async function mountTurnstile(
  container: HTMLElement,
  challenge: HumanCheckChallenge,
  locale: string,
  handlers: WidgetHandlers,
): Promise<() => void> {
  if (challenge.provider !== "turnstile") throw new Error("not a Turnstile challenge");
  const api = await loadTurnstile();
  const target = document.createElement("div");
  container.replaceChildren(target);
  let verified = false;
  const widgetId = api.render(target, {
    sitekey: challenge.siteKey,
    language: locale === "zh" ? "zh-cn" : "en",
    callback: (token) => {
      verified = true;
      handlers.onVerified(token);
    },
    "expired-callback": () => {
      if (verified) handlers.onExpired();
      verified = false;
    },
    // Turnstile offers its own retry; a token handed out before is gone.
    "error-callback": () => {
      if (verified) handlers.onExpired();
      verified = false;
    },
  });
  return () => {
    if (widgetId) api.remove(widgetId);
    target.remove();
  };
}
