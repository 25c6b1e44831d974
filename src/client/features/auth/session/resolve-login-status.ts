import { ErrorCode } from "../../../../contract/errors.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { applyExistingSession, applyLogin, type JotaiStore, loginStatusAtom } from "../../../shared/session/session.ts";
import { tokenStore } from "../../../shared/storage/token-store.ts";
import { checkLogin } from "../api/check-login.ts";
import { socialLogin } from "../api/social-login.ts";
import { signInWithTelegram } from "./telegram-sign-in.ts";

export interface ResolveLoginStatusInput {
  store: JotaiStore;
  hasToken: boolean;
  /** a Google access token the OAuth redirect brought back (route guard) */
  googleAccessToken: string | undefined;
  /** the mini app's raw init data, inside Telegram */
  telegramInitData: string | undefined;
  onSocialLoginFailed: () => void;
}

/**
 * Spec §4, at start: a pending Google sign-in is finished first; else a stored token is checked with the
 * server (4001 clears it: the HTTP client does); else, inside Telegram, the init data signs in silently.
 * Whatever happens, the status leaves "unknown".
 */
export async function resolveLoginStatus(input: ResolveLoginStatusInput): Promise<void> {
  const { store } = input;
  if (input.googleAccessToken) {
    try {
      applyLogin(store, await socialLogin(input.googleAccessToken));
      return;
    } catch {
      input.onSocialLoginFailed();
    }
  }
  if (input.hasToken && tokenStore.get()) {
    try {
      applyExistingSession(store, await checkLogin());
      return;
    } catch (error) {
      // Only the server's "login invalid" ends the session; an unreachable server does not.
      if (!(isApiError(error) && error.code === ErrorCode.LoginInvalid) && tokenStore.get()) {
        store.set(loginStatusAtom, "loggedIn");
        return;
      }
    }
  }
  if (input.telegramInitData && (await signInWithTelegram(store, input.telegramInitData))) return;
  store.set(loginStatusAtom, "loggedOut");
}
