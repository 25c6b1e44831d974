import { atom } from "jotai";
import { isApiError } from "../../../shared/api/api-error.ts";
import { applyLogin, type JotaiStore } from "../../../shared/session/session.ts";
import { telegramLogin } from "../api/telegram-login.ts";

/** How signing in with the mini app's Telegram identity went; the sign-in dialog shows it and offers a retry. */
export type TelegramSignIn =
  | { state: "idle" }
  | { state: "pending" }
  | { state: "signedIn" }
  | { state: "failed"; key: string | undefined };

export const telegramSignInAtom = atom<TelegramSignIn>({ state: "idle" });

/** Posts the init data to telegramLogin; a success signs in without any dialog. Never throws. */
export async function signInWithTelegram(store: JotaiStore, initData: string): Promise<boolean> {
  store.set(telegramSignInAtom, { state: "pending" });
  try {
    applyLogin(store, await telegramLogin(initData));
    store.set(telegramSignInAtom, { state: "signedIn" });
    return true;
  } catch (error) {
    store.set(telegramSignInAtom, { state: "failed", key: isApiError(error) ? error.key : undefined });
    return false;
  }
}
