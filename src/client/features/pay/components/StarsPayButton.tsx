import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { isApiError } from "../../../shared/api/api-error.ts";
import { formatCompactNumber } from "../../../shared/format/numbers.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { useRefreshAfterPayment } from "../api/pay-keys.ts";
import { type StarsItem, useStarsPayment } from "../stars.ts";
import type { ChosenProduct } from "./ConfirmPurchaseDialog.tsx";

function starsItemOf(chosen: ChosenProduct): StarsItem {
  return chosen.kind === "package"
    ? { productType: "CARDS", productId: chosen.product.productId }
    : { productType: "POINTS", productId: chosen.product.productId, chargeId: chosen.product.chargeId };
}

/**
 * Paying in Telegram Stars, offered only where Telegram pays invoices in place and the server runs the bot, for a
 * product with a Stars price. The order counts once the bot has Telegram's payment; the popups then tell.
 */
export function StarsPayButton({
  chosen,
  serverAvailable,
  onSent,
}: {
  chosen: ChosenProduct;
  serverAvailable: boolean;
  onSent: () => void;
}) {
  const { t } = useLingui();
  const stars = useStarsPayment(serverAvailable);
  const toast = useToast();
  const refresh = useRefreshAfterPayment();
  const [busy, setBusy] = useState(false);
  const price = chosen.product.priceStars;
  if (!stars.offered || price === null) return null;
  const amount = formatCompactNumber(price);

  async function pay() {
    setBusy(true);
    try {
      const result = await stars.pay(starsItemOf(chosen));
      if (result.status === "paid" || result.status === "pending") {
        toast.show(msg`Telegram took the payment. Your order is confirmed in a moment.`, "success");
        refresh();
        onSent();
      } else if (result.status === "failed") {
        toast.show(msg`The payment in Telegram Stars did not go through. Nothing was paid.`, "error");
      }
    } catch (error) {
      toast.show(isApiError(error) ? messageForKey(error.key) : messageKeyText.Serverbusy, "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" disabled={busy} aria-busy={busy || undefined} onClick={() => void pay()}>
      {t`Pay ${amount} Stars`}
    </Button>
  );
}
