import { useEffect } from "react";
import { messageKeyText } from "../../shared/i18n/message-key-text.ts";
import { useToast } from "../../shared/ui/Toast.tsx";
import { takeSocialLoginSignal } from "../navigation/route-guard.ts";

/** A refused social sign-in says so once the app is up; a granted one waits for the sign-in feature. */
export function useSocialLoginNotice(): void {
  const toast = useToast();
  useEffect(() => {
    const signal = takeSocialLoginSignal();
    if (signal?.status === "failed") toast.show(messageKeyText.loginFailed, "error");
    else if (signal) window.sessionStorage.setItem("pendingSocialLogin", JSON.stringify(signal));
  }, [toast]);
}
