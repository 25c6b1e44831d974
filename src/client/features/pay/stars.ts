import { useLingui } from "@lingui/react";
import { useCallback } from "react";
import { ErrorCode } from "../../../contract/errors.ts";
import { routes } from "../../../contract/routes.ts";
import { type StarsInvoiceBody, starsInvoiceDataSchema } from "../../../contract/stars.ts";
import type { HostPayments } from "../../host/host.ts";
import { useHost } from "../../host/host-context.tsx";
import { ApiError } from "../../shared/api/api-error.ts";
import { type HttpClient, http } from "../../shared/api/http.ts";

/** What a Stars payment names: a package by its productId, a points product by its chargeId (and productId). */
export type StarsItem =
  | { productType: "CARDS"; productId: number }
  | { productType: "POINTS"; productId?: number; chargeId: number };

/** How the invoice ended in Telegram's payment sheet. */
export type StarsPayStatus = "paid" | "cancelled" | "failed" | "pending";

export interface StarsPayResult {
  status: StarsPayStatus;
  /** the order the payment settles; its outcome also arrives with the pay popups */
  orderNo: string;
  priceStars: number;
}

/**
 * Whether Stars may be offered: the host pays invoices in place (Telegram; never a browser) and the server runs
 * the bot (pay/products' stars.available).
 */
export function starsOffered(host: Pick<HostPayments, "stars">, serverAvailable: boolean): boolean {
  return host.stars && serverAvailable;
}

const notOffered = () =>
  new ApiError({ code: ErrorCode.RequestFailed, key: "starsUnavailable", msg: "Stars are paid inside Telegram" });

/**
 * Pays for a product with Telegram Stars: POST pay/stars/invoice opens a pending order and answers the bot's
 * invoice link, which the host opens with the SDK's openInvoice. Resolves with how the sheet ended; "paid" means
 * Telegram took the payment, and the order is paid once the bot has it (the popups and user info then show it).
 * Rejects with the server's ApiError (starsUnavailable, cannotBuyTwice, ...), or starsUnavailable at once in a
 * host that cannot pay invoices.
 */
export async function payWithStars(
  item: StarsItem,
  deps: { payments: HostPayments; language: "en" | "cn"; client?: HttpClient },
): Promise<StarsPayResult> {
  if (!deps.payments.stars) throw notOffered();
  const json: StarsInvoiceBody =
    item.productType === "CARDS"
      ? { productType: "CARDS", productId: item.productId, language: deps.language }
      : { productType: "POINTS", chargeId: item.chargeId, language: deps.language };
  const invoice = await (deps.client ?? http).post(routes.payStarsInvoice.path, {
    json,
    parse: (data) => starsInvoiceDataSchema.parse(data),
  });
  const status = await deps.payments.openInvoice(invoice.invoiceLink);
  return { status, orderNo: invoice.orderNo, priceStars: invoice.priceStars };
}

/** The purchase dialog's Stars: whether they are offered here, and the payment in the app's language. */
export function useStarsPayment(serverAvailable: boolean) {
  const host = useHost();
  const { i18n } = useLingui();
  const language = i18n.locale === "zh" ? "cn" : "en";
  const pay = useCallback(
    (item: StarsItem) => payWithStars(item, { payments: host.payments, language }),
    [host.payments, language],
  );
  return { offered: starsOffered(host.payments, serverAvailable), pay };
}
