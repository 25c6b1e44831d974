/**
 * Spec §2 guard, run before the first render: an access-denied path (a refused social sign-in) and a path
 * carrying an access token in its hash (a granted one, provider google) both go home; the outcome is kept
 * for the sign-in feature, which finishes the social login.
 */
export type SocialLoginSignal =
  | { status: "failed"; provider: "google" }
  | { status: "succeeded"; provider: "google"; accessToken: string };

const ACCESS_DENIED_PATHS = new Set(["/access_denied", "/accessDenied", "/access-denied"]);
const SIGNAL_KEY = "socialLoginSignal";
const LOGIN_FAILED_KEY = "loginFailed";

export function guardInitialRoute(win: Window = window): SocialLoginSignal | undefined {
  const { pathname, hash, search } = win.location;
  let signal: SocialLoginSignal | undefined;
  if (ACCESS_DENIED_PATHS.has(pathname.replace(/\/+$/, "") || "/")) {
    signal = { status: "failed", provider: "google" };
    win.sessionStorage.setItem(LOGIN_FAILED_KEY, "1");
  } else {
    const accessToken = new URLSearchParams(hash.replace(/^#/, "")).get("access_token");
    if (accessToken) signal = { status: "succeeded", provider: "google", accessToken };
  }
  if (!signal) return undefined;
  win.sessionStorage.setItem(SIGNAL_KEY, JSON.stringify(signal));
  // Home, keeping the language parameter; the token leaves the address bar and the history.
  const lang = new URLSearchParams(search).get("lang");
  win.history.replaceState(null, "", lang ? `/?lang=${encodeURIComponent(lang)}` : "/");
  return signal;
}

/** Hands the pending social sign-in outcome to its consumer, once. */
export function takeSocialLoginSignal(win: Window = window): SocialLoginSignal | undefined {
  const raw = win.sessionStorage.getItem(SIGNAL_KEY);
  if (!raw) return undefined;
  win.sessionStorage.removeItem(SIGNAL_KEY);
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null || !("status" in parsed)) return undefined;
    if (parsed.status === "failed") return { status: "failed", provider: "google" };
    if (parsed.status === "succeeded" && "accessToken" in parsed && typeof parsed.accessToken === "string") {
      return { status: "succeeded", provider: "google", accessToken: parsed.accessToken };
    }
  } catch {
    // a damaged value is dropped
  }
  return undefined;
}
