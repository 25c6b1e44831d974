import { atom, type createStore } from "jotai";
import { RESET } from "jotai/utils";
import type { LoginData } from "../../../contract/auth.ts";
import {
  connectWalletAddressAtom,
  connectWalletChainIdAtom,
  connectWalletNameAtom,
  editionAtom,
  userIdAtom,
} from "../settings/settings.ts";
import { tokenStore } from "../storage/token-store.ts";

/**
 * The login state of spec §3/§4, shared by the features that sign in (auth), show the account (account) and
 * the app shell. The token lives in the token store; these atoms hold the rest.
 */

export type LoginStatus = "unknown" | "loggedIn" | "loggedOut";

/** Unknown at start (the loading screen shows), then logged in or out. */
export const loginStatusAtom = atom<LoginStatus>("unknown");

/** The account name the server answered at sign-in or checkLogin (an email, an address, a Telegram name). */
export const accountAtom = atom<string | null>(null);

/** Set by a successful sign-in in this page's life (spec §4 "marks first login"). */
export const firstLoginAtom = atom(false);

/** Whether the sign-in dialog is asked for; any part of the app may open it (loginFirst flows). */
export const signInDialogOpenAtom = atom(false);

export type JotaiStore = ReturnType<typeof createStore>;

/** Spec §4: a successful login stores the token and user id, sets the PLUS edition, closes the login dialog. */
export function applyLogin(store: JotaiStore, data: LoginData): void {
  tokenStore.set(data.user_token);
  store.set(userIdAtom, data.user_id);
  store.set(accountAtom, data.account);
  store.set(editionAtom, "PLUSEdition");
  store.set(firstLoginAtom, true);
  store.set(loginStatusAtom, "loggedIn");
  store.set(signInDialogOpenAtom, false);
}

/** A live session found at start (checkLogin): no "first login", the edition the user chose stays. */
export function applyExistingSession(store: JotaiStore, session: { account: string; user_id: string }): void {
  store.set(userIdAtom, session.user_id);
  store.set(accountAtom, session.account);
  store.set(loginStatusAtom, "loggedIn");
}

/** Remembers the wallet the user signed in with. */
export function applyWallet(store: JotaiStore, wallet: { address: string; chainId: number; name: string }): void {
  store.set(connectWalletAddressAtom, wallet.address);
  store.set(connectWalletChainIdAtom, wallet.chainId);
  store.set(connectWalletNameAtom, wallet.name);
}

/**
 * Spec §4 logout list, on this side: status, account, user id, wallet state (address, chain id, wallet name)
 * and the token. Also what a rejected token (4001) leads to.
 */
export function clearSession(store: JotaiStore): void {
  store.set(loginStatusAtom, "loggedOut");
  store.set(accountAtom, null);
  store.set(firstLoginAtom, false);
  store.set(userIdAtom, RESET);
  store.set(connectWalletAddressAtom, RESET);
  store.set(connectWalletChainIdAtom, RESET);
  store.set(connectWalletNameAtom, RESET);
  tokenStore.clear();
}
