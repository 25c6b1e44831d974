import { OrderHistoryDialog } from "./OrderHistoryDialog.tsx";
import { PayPopups } from "./PayPopups.tsx";
import { PurchaseDialog } from "./PurchaseDialog.tsx";
import { TopUpDialog } from "./TopUpDialog.tsx";
import { UploadHashDialog } from "./UploadHashDialog.tsx";

/**
 * The pay dialogs of a signed-in user, opened from anywhere through the purchase-state atoms, and the top-up
 * notification's polling. Mounted only while signed in (PayHostSlot), so signing out stops the polling.
 */
export default function PayHost() {
  return (
    <>
      <PurchaseDialog />
      <TopUpDialog />
      <UploadHashDialog />
      <OrderHistoryDialog />
      <PayPopups />
    </>
  );
}
