import { useEffect } from "react";
import { messageKeyText } from "../../shared/i18n/message-key-text.ts";
import { useToast } from "../../shared/ui/Toast.tsx";
import { takeSocialLoginSignal } from "../navigation/route-guard.ts";

/** Where a granted Google sign-in waits for the login status to finish it (login-status.ts). */
export const PENDING_SOCIAL_LOGIN_KEY = "pendingSocialLogin";

/**
 * A refused social sign-in says so once the app is up; a granted one is kept for the login status, which
 * posts it to socialLogin. Runs before useLoginStatus (App calls it first).
 */
export function useSocialLoginNotice(): void {
  const toast = useToast();
  useEffect(() => {
    const signal = takeSocialLoginSignal();
    if (signal?.status === "failed") toast.show(messageKeyText.loginFailed, "error");
    else if (signal) window.sessionStorage.setItem(PENDING_SOCIAL_LOGIN_KEY, JSON.stringify(signal));
  }, [toast]);
}
