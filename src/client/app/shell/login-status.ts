import { useAtomValue, useStore } from "jotai";
import { useEffect } from "react";
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
 * it is "logged out" at once; otherwise the sign-in code (a lazy chunk) asks the server while the loading
 * screen shows.
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
  import("../../features/auth/session/resolve-login-status.ts")
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

/** The login status; resolved once at start, then following the token (a 4001 clears it). */
export function useLoginStatus(): LoginStatus {
  const host = useHost();
  const store = useStore();
  const toast = useToast();
  const status = useAtomValue(loginStatusAtom, { store });
  useEffect(() => {
    const unsubscribe = tokenStore.subscribe((token) => {
      if (token === null && store.get(loginStatusAtom) === "loggedIn") clearSession(store);
    });
    startLoginStatus(host, store, toast);
    return unsubscribe;
  }, [host, store, toast]);
  return status;
}
