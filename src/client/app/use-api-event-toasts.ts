import { useEffect } from "react";
import { isMessageKey } from "../../contract/message-keys.ts";
import { apiEvents } from "../shared/api/api-events.ts";
import { messageKeyText } from "../shared/i18n/message-key-text.ts";
import { useToast } from "../shared/ui/Toast.tsx";

/**
 * The HTTP client only announces 4001/4003; the UI reacts here. Features that also toast the same error are
 * harmless: the toast region shows one copy of identical messages.
 */
export function useApiEventToasts(): void {
  const toast = useToast();
  useEffect(() => {
    const unsubscribers = [
      // a 4003 with its own key (a sign-in lockout) says that; the rate limiter's says "too frequent"
      apiEvents.on("tooFrequent", (error) =>
        toast.show(isMessageKey(error.key) ? messageKeyText[error.key] : messageKeyText.tooFrequent, "error"),
      ),
      // a visitor asked for something that needs an account (loginFirst) has no login that "expired"
      apiEvents.on("loginInvalid", (error) =>
        toast.show(error.key === "loginFirst" ? messageKeyText.loginFirst : messageKeyText.loginInvalid, "error"),
      ),
    ];
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [toast]);
}
