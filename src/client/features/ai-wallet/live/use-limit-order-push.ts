import { useLingui } from "@lingui/react";
import { useSWRConfig } from "swr";
import { limitOrderSchema } from "../../../../contract/ai-wallet.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { useLiveEvent } from "../../../shared/live/use-live-event.ts";
import { type ToastTone, useToast } from "../../../shared/ui/Toast.tsx";
import { limitOutcomeText } from "../ai-wallet-text.ts";
import { aiAccountInfoKey, limitOrdersKey } from "../api/ai-wallet-api.ts";

const toneOf: Readonly<Record<string, ToastTone>> = { completed: "success", fail: "error", expired: "info" };

/**
 * The live channel's limitOrder event (one of the account's limit orders executed, failed or expired): the limit
 * orders and the wallet's balances are read again, and the outcome is told in a toast in the user's language.
 */
export function useLimitOrderPush(userId: string) {
  const { i18n } = useLingui();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  useLiveEvent("limitOrder", (data) => {
    const parsed = limitOrderSchema.safeParse(data);
    if (!parsed.success) return;
    const order = parsed.data;
    void mutate(limitOrdersKey(userId));
    void mutate(aiAccountInfoKey(userId));
    const reason = i18n._(messageForKey(order.statusReason ?? "Serverbusy"));
    const text = limitOutcomeText(order, reason);
    if (text) toast.show(text, toneOf[order.status] ?? "info");
  });
}
