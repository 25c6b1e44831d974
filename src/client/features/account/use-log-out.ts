import { useStore } from "jotai";
import { useCallback } from "react";
import { useSWRConfig } from "swr";
import { useLocation } from "wouter";
import { clearSession } from "../../shared/session/session.ts";
import { isUserInfoKey } from "./api/get-user-info.ts";
import { loginOut } from "./api/login-out.ts";

/**
 * Spec §4 logout, after the user confirmed: the server ends the session (a failure there does not keep the
 * user signed in here), then status, account, user id, wallet state and token are cleared and home shows.
 */
export function useLogOut() {
  const store = useStore();
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  return useCallback(async () => {
    try {
      await loginOut();
    } catch (error) {
      console.warn("The server did not confirm the logout", error);
    }
    // Home takes the history entry of the open sheet, so closing the sheet leaves the history alone.
    navigate("/", { replace: true });
    clearSession(store);
    await mutate(isUserInfoKey, undefined, { revalidate: false });
  }, [store, mutate, navigate]);
}
