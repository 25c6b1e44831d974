import { atom, useAtom } from "jotai";
import { useEffect } from "react";
import { tokenStore } from "../../shared/storage/token-store.ts";

export type LoginStatus = "unknown" | "loggedIn" | "loggedOut";

/** Unknown at start (spec §4), then logged in or out. */
export const loginStatusAtom = atom<LoginStatus>("unknown");

/**
 * Settles the login status at start and follows the token afterwards. A stored token counts as logged in
 * until the server says otherwise (4001 clears it); the accounts work checks it with the server first.
 */
export function useLoginStatus(): LoginStatus {
  const [status, setStatus] = useAtom(loginStatusAtom);
  useEffect(() => {
    const settle = (token: string | null) => setStatus(token ? "loggedIn" : "loggedOut");
    settle(tokenStore.get());
    return tokenStore.subscribe(settle);
  }, [setStatus]);
  return status;
}
