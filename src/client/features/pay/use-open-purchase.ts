import { useAtomValue, useSetAtom } from "jotai";
import { useCallback } from "react";
import { messageKeyText } from "../../shared/i18n/message-key-text.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../shared/session/session.ts";
import { useToast } from "../../shared/ui/Toast.tsx";
import { type PurchaseRequest, purchaseRequestAtom } from "./purchase-state.ts";

/**
 * Opens the purchase dialog; a visitor is asked to sign in first (spec §4 loginFirst, §6 purchase needs login)
 * and the dialog does not open behind the sign-in.
 */
export function useOpenPurchase(): (request: PurchaseRequest) => void {
  const status = useAtomValue(loginStatusAtom);
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  const setRequest = useSetAtom(purchaseRequestAtom);
  const toast = useToast();
  return useCallback(
    (request: PurchaseRequest) => {
      if (status !== "loggedIn") {
        toast.show(messageKeyText.loginFirst, "info");
        openSignIn(true);
        return;
      }
      setRequest(request);
    },
    [status, openSignIn, setRequest, toast],
  );
}
