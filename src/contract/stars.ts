import { z } from "zod";
import { apiLanguages } from "./auth.ts";

/**
 * Telegram Stars inside the mini app (issue 15): the server opens a pending order paid in Stars and the bot makes
 * its invoice link (currency XTR); the mini app opens the link with the SDK's openInvoice. The order is paid when
 * Telegram delivers the payment to the bot, never on the client's word.
 */

const idSchema = z.coerce.number({ error: "invalidValue" }).int({ error: "invalidValue" }).min(0).max(1_000_000);

/** Like pay/preCharge: productType with productId (CARDS or POINTS) or chargeId (POINTS). */
export const starsInvoiceBodySchema = z
  .object({
    productType: z.enum(["CARDS", "POINTS"], {
      error: (issue) => (issue.input === undefined ? "required" : "invalidValue"),
    }),
    productId: idSchema.optional(),
    chargeId: idSchema.optional(),
    /** the invoice's title and description language */
    language: z.enum(apiLanguages).default("en"),
  })
  .superRefine((body, ctx) => {
    if (body.productId === undefined && body.chargeId === undefined) {
      ctx.addIssue({ code: "custom", path: ["productId"], message: "required" });
    }
  });
export type StarsInvoiceBody = z.input<typeof starsInvoiceBodySchema>;

export const starsInvoiceDataSchema = z.object({
  /** the pending order the payment will settle (also the invoice's payload) */
  orderNo: z.string(),
  /** Telegram's invoice link (https://t.me/$...): the mini app opens it with openInvoice */
  invoiceLink: z.string(),
  /** the price in whole Stars */
  priceStars: z.number().int(),
});
export type StarsInvoiceData = z.infer<typeof starsInvoiceDataSchema>;

/** The Stars routes; routes.ts takes them in. */
export const starsRoutes = {
  payStarsInvoice: {
    method: "post",
    path: "/pay/stars/invoice",
    summary:
      "Open a pending order paid in Telegram Stars and answer its invoice link (XTR); starsUnavailable without the bot",
    tag: "pay",
    body: starsInvoiceBodySchema,
    maxBodyBytes: 2048,
    data: starsInvoiceDataSchema,
    errors: [4001, 9001, 9004],
  },
} as const;
