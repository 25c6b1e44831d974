import { atom } from "jotai";
import type { ProductTypeName } from "../../../contract/pay.ts";

/** The purchase dialog's two tabs (spec §2, §4 buy type 1 membership package, 2 points recharge). */
export type PurchaseTab = "package" | "points";

export interface PurchaseRequest {
  tab: PurchaseTab;
  /** the product whose confirmation is open (the plans page's Buy opens it at once) */
  productId?: number;
}

/** The purchase dialog asked for by any entry point (header badge, plans page, points center, sidebar). */
export const purchaseRequestAtom = atom<PurchaseRequest | null>(null);

/** The product a USDT top-up pays for (spec §4: 9002 starts a top-up). */
export interface TopUpRequest {
  productType: ProductTypeName;
  productId: number;
}

export const topUpRequestAtom = atom<TopUpRequest | null>(null);

/** What the upload-hash dialog starts with: the chain and order of the deposit it reports, when known. */
export interface UploadHashRequest {
  chain?: string;
  orderNo?: string;
  productType?: ProductTypeName;
  productId?: number;
  /** a hash already known (sent by the wallet, but its report did not reach the server) */
  hash?: string;
}

export const uploadHashRequestAtom = atom<UploadHashRequest | null>(null);

/** Whether the order history dialog is open. */
export const orderHistoryOpenAtom = atom(false);

/** Everything the pay dialogs hold, cleared when the user signs out. */
export const resetPayDialogsAtom = atom(null, (_get, set) => {
  set(purchaseRequestAtom, null);
  set(topUpRequestAtom, null);
  set(uploadHashRequestAtom, null);
  set(orderHistoryOpenAtom, false);
});
