import { useAtomValue, useStore } from "jotai";
import { useLayoutEffect } from "react";
import type { Host } from "../../host/host.ts";
import { useHost } from "../../host/host-context.tsx";
import { messageKeyText } from "../../shared/i18n/message-key-text.ts";
import { clearSession, type JotaiStore, type LoginStatus, loginStatusAtom } from "../../shared/session/session.ts";
import { tokenStore } from "../../shared/storage/token-store.ts";
import { type ToastApi, useToast } from "../../shared/ui/Toast.tsx";
import { PENDING_SOCIAL_LOGIN_KEY } from "./use-social-login-notice.ts";

export type { LoginStatus };

// One resolution per store, even when StrictMode runs the effect twice: Telegram's init data is posted once.
const started = new WeakSet<JotaiStore>();

const loadResolver = () => import("../../features/auth/session/resolve-login-status.ts");

function hasPendingGoogleSignIn(): boolean {
  try {
    return window.sessionStorage.getItem(PENDING_SOCIAL_LOGIN_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Before the first render: with nothing to ask the server (no stored token, no Google sign-in to finish, no
 * Telegram init data) the status is "logged out" from the first paint on; otherwise the sign-in code starts
 * loading (startLoginStatus then asks, and the render does not wait for it).
 */
export function prepareLoginStatus(host: Host, store: JotaiStore): void {
  const initData = host.kind === "telegram" ? host.rawInitData() : undefined;
  if (tokenStore.get() || initData || hasPendingGoogleSignIn()) loadResolver().catch(() => undefined);
  else if (store.get(loginStatusAtom) === "unknown") store.set(loginStatusAtom, "loggedOut");
}

function takePendingGoogleToken(): string | undefined {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(PENDING_SOCIAL_LOGIN_KEY);
    window.sessionStorage.removeItem(PENDING_SOCIAL_LOGIN_KEY);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === "object" && parsed !== null && "accessToken" in parsed) {
      return typeof parsed.accessToken === "string" && parsed.accessToken ? parsed.accessToken : undefined;
    }
  } catch {
    // a damaged value is dropped
  }
  return undefined;
}

/**
 * Settles the status at start (spec §4): without a stored token, a pending Google sign-in or Telegram init data
 * it is "logged out" at once (before the first paint); otherwise the sign-in code (a lazy chunk) asks the server
 * while the app is already in use, and the status is "unknown" until it answers.
 */
export function startLoginStatus(host: Host, store: JotaiStore, toast: ToastApi): void {
  if (started.has(store) || store.get(loginStatusAtom) !== "unknown") return;
  started.add(store);
  const googleAccessToken = takePendingGoogleToken();
  const initData = host.kind === "telegram" ? host.rawInitData() : undefined;
  const token = tokenStore.get();
  if (!token && !googleAccessToken && !initData) {
    store.set(loginStatusAtom, "loggedOut");
    return;
  }
  loadResolver()
    .then(({ resolveLoginStatus }) =>
      resolveLoginStatus({
        store,
        hasToken: Boolean(token),
        googleAccessToken,
        telegramInitData: initData,
        onSocialLoginFailed: () => toast.show(messageKeyText.loginFailed, "error"),
      }),
    )
    .catch((error: unknown) => {
      // The sign-in code did not load: keep a stored token (the server has not refused it).
      console.error("The login status could not be resolved", error);
      store.set(loginStatusAtom, tokenStore.get() ? "loggedIn" : "loggedOut");
    });
}

/**
 * The login status; resolved once at start, then following the token (a 4001 clears it). A layout effect, so a
 * start with nothing to ask settles before the first paint even where prepareLoginStatus did not run (tests).
 */
export function useLoginStatus(): LoginStatus {
  const host = useHost();
  const store = useStore();
  const toast = useToast();
  const status = useAtomValue(loginStatusAtom, { store });
  useLayoutEffect(() => {
    const unsubscribe = tokenStore.subscribe((token) => {
      if (token === null && store.get(loginStatusAtom) === "loggedIn") clearSession(store);
    });
    startLoginStatus(host, store, toast);
    return unsubscribe;
  }, [host, store, toast]);
  return status;
}
