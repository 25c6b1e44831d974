import { type Api, Composer, GrammyError } from "grammy";
import { amountText } from "../../../contract/number-format.ts";
import type { StarsInvoiceLinks } from "../../features/pay/stars/stars-invoices.service.ts";
import {
  type CheckoutRefusal,
  type CheckoutVerdict,
  STARS_CURRENCY,
  type StarsPayments,
} from "../../features/pay/stars/stars-payments.ts";
import type { StarsProduct } from "../../features/pay/stars/stars-prices.ts";
import type { Logger } from "../../logger.ts";
import type { BotContext, BotLanguage, BotMessage } from "../bot-context.ts";
import type { BotTranslator } from "../i18n.ts";
import { appReply } from "../runtime/mini-app.ts";
import { safeError } from "../runtime/safe-error.ts";

/**
 * Telegram answers a pre-checkout query that gets no answer within 10 s by cancelling the payment: the check has
 * this long, and a check that takes longer is refused (the payer may try again) rather than answered late.
 */
export const CHECKOUT_BUDGET_MS = 8_000;

const planTitles: Record<string, BotMessage> = {
  trial1: /*i18n*/ { id: "1-day trial", message: "1-day trial" },
  trial3: /*i18n*/ { id: "3-day trial", message: "3-day trial" },
  monthly: /*i18n*/ { id: "Monthly plan", message: "Monthly plan" },
  quarterly: /*i18n*/ { id: "Quarterly plan", message: "Quarterly plan" },
  annual: /*i18n*/ { id: "Annual plan", message: "Annual plan" },
};

export const starsTexts = {
  pointsTitle: /*i18n*/ { id: "{points} points", message: "{points} points" },
  planDescription: /*i18n*/ {
    id: "{title}: {days} days of membership in MountainLion, from the moment the payment is received.",
    message: "{title}: {days} days of membership in MountainLion, from the moment the payment is received.",
  },
  pointsDescription: /*i18n*/ {
    id: "{points} points for your MountainLion balance, credited when the payment is received.",
    message: "{points} points for your MountainLion balance, credited when the payment is received.",
  },
  thanks: /*i18n*/ {
    id: "Thank you! {stars} Stars received for {title} (order {orderNo}).",
    message: "Thank you! {stars} Stars received for {title} (order {orderNo}).",
  },
  planActive: /*i18n*/ { id: "Your membership is active.", message: "Your membership is active." },
  pointsAdded: /*i18n*/ { id: "The points are in your balance.", message: "The points are in your balance." },
  grantDelayed: /*i18n*/ {
    id: "Your payment for order {orderNo} is received, but crediting it did not finish. Send /paysupport and we will complete it.",
    message:
      "Your payment for order {orderNo} is received, but crediting it did not finish. Send /paysupport and we will complete it.",
  },
  unmatchedRefunded: /*i18n*/ {
    id: "This payment did not match an open order, so your {stars} Stars were refunded.",
    message: "This payment did not match an open order, so your {stars} Stars were refunded.",
  },
  unmatchedHeld: /*i18n*/ {
    id: "This payment did not match an open order. Send /paysupport with the payment id {chargeId} and we will refund it.",
    message:
      "This payment did not match an open order. Send /paysupport with the payment id {chargeId} and we will refund it.",
  },
} satisfies Record<string, BotMessage>;

/** What the payer reads when a checkout is refused (Telegram shows it in the payment sheet). */
const refusals: Record<CheckoutRefusal | "busy", BotMessage> = {
  unknownOrder: /*i18n*/ {
    id: "This order was not found. Please start the purchase again in the app.",
    message: "This order was not found. Please start the purchase again in the app.",
  },
  notPending: /*i18n*/ {
    id: "This order is already paid or closed. Please start a new purchase in the app.",
    message: "This order is already paid or closed. Please start a new purchase in the app.",
  },
  otherAccount: /*i18n*/ {
    id: "This order belongs to another account. Sign in to the app with this Telegram account and buy there.",
    message: "This order belongs to another account. Sign in to the app with this Telegram account and buy there.",
  },
  priceChanged: /*i18n*/ {
    id: "The price of this order does not match. Please start the purchase again in the app.",
    message: "The price of this order does not match. Please start the purchase again in the app.",
  },
  boughtOnce: /*i18n*/ {
    id: "A trial can be bought once per account.",
    message: "A trial can be bought once per account.",
  },
  busy: /*i18n*/ {
    id: "Payments are busy right now. Please try again in a moment.",
    message: "Payments are busy right now. Please try again in a moment.",
  },
};

/** The product's name as the invoice and the thanks give it, in the language. */
export function productTitle(
  translate: (message: BotMessage, values?: Record<string, string | number>) => string,
  product: Pick<StarsProduct, "packageName" | "points">,
): string {
  const plan = product.packageName ? planTitles[product.packageName] : undefined;
  if (plan) return translate(plan);
  return translate(starsTexts.pointsTitle, { points: amountText(product.points ?? 0) });
}

/** Invoice links made by the bot (createInvoiceLink): Stars (XTR), no provider token, one price. */
export function starsInvoiceLinks(api: Pick<Api, "createInvoiceLink">, translator: BotTranslator, token: string) {
  const links: StarsInvoiceLinks = {
    async create({ orderNo, product, language }) {
      const translate = (message: BotMessage, values?: Record<string, string | number>) =>
        translator.translate(language as BotLanguage, message, values);
      const title = productTitle(translate, product).slice(0, 32);
      const description = (
        product.packageName
          ? translate(starsTexts.planDescription, { title, days: product.days ?? 0 })
          : translate(starsTexts.pointsDescription, { points: amountText(product.points ?? 0) })
      ).slice(0, 255);
      try {
        return await api.createInvoiceLink(title, description, orderNo, "", STARS_CURRENCY, [
          { label: title, amount: product.priceStars },
        ]);
      } catch (error) {
        // the Bot API's errors can carry the token (in the URL): only a redacted account leaves here
        throw new Error(`createInvoiceLink failed: ${JSON.stringify(safeError(error, token))}`);
      }
    },
  };
  return links;
}

/** Resolves with the check's verdict, or "busy" once the budget is spent (the check goes on and is dropped). */
async function withinBudget(check: Promise<CheckoutVerdict>, ms: number): Promise<CheckoutVerdict | "busy"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"busy">((resolve) => {
    timer = setTimeout(() => resolve("busy"), ms);
    timer.unref?.();
  });
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface StarsFeatureDeps {
  payments: StarsPayments;
  miniAppUrl: string;
  logger: Logger;
  token: string;
  /** tests shorten the pre-checkout budget */
  checkoutBudgetMs?: number;
}

/**
 * Telegram Stars in the bot: the pre-checkout check (answered within Telegram's 10 s), the successful payment
 * (credited once per charge id, thanked in the payer's language) and Telegram's word that a charge was refunded.
 */
export function createStarsFeature(deps: StarsFeatureDeps): Composer<BotContext> {
  const { payments } = deps;
  const log = deps.logger.child({ component: "stars" });
  const composer = new Composer<BotContext>();

  composer.on("pre_checkout_query", async (ctx) => {
    const query = ctx.preCheckoutQuery;
    const verdict = await withinBudget(
      payments.checkout({
        payerTelegramId: query.from.id,
        currency: query.currency,
        totalAmount: query.total_amount,
        payload: query.invoice_payload,
      }),
      deps.checkoutBudgetMs ?? CHECKOUT_BUDGET_MS,
    ).catch((error: unknown) => {
      log.error({ err: error }, "stars pre-checkout check failed");
      return "busy" as const;
    });
    if (verdict !== "busy" && verdict.ok) {
      await ctx.answerPreCheckoutQuery(true);
      return;
    }
    const reason = verdict === "busy" ? "busy" : verdict.reason;
    log.info({ reason, payload: query.invoice_payload }, "stars checkout refused");
    await ctx.answerPreCheckoutQuery(false, { error_message: ctx.t(refusals[reason]) });
  });

  composer.on("message:successful_payment", async (ctx) => {
    const payment = ctx.message.successful_payment;
    const stars = amountText(payment.total_amount);
    const outcome = await payments.settle({
      payerTelegramId: ctx.from.id,
      currency: payment.currency,
      totalAmount: payment.total_amount,
      payload: payment.invoice_payload,
      chargeId: payment.telegram_payment_charge_id,
    });
    switch (outcome.kind) {
      case "duplicate":
        return;
      case "paid": {
        const product = outcome.product;
        const title = product ? productTitle(ctx.t, product) : outcome.order.orderNo;
        const lines = [ctx.t(starsTexts.thanks, { stars, title, orderNo: outcome.order.orderNo })];
        if (product) lines.push(ctx.t(product.packageName ? starsTexts.planActive : starsTexts.pointsAdded));
        const reply = appReply(ctx, deps.miniAppUrl, lines.join("\n"));
        await ctx.reply(reply.text, reply.other);
        return;
      }
      case "grantFailed":
        await ctx.reply(ctx.t(starsTexts.grantDelayed, { orderNo: outcome.order.orderNo }));
        return;
      case "unmatched": {
        // Telegram took Stars for nothing we can deliver: they go straight back to the payer
        log.warn({ reason: outcome.reason, payload: payment.invoice_payload }, "stars payment matched no open order");
        try {
          await ctx.api.refundStarPayment(ctx.from.id, payment.telegram_payment_charge_id);
          await ctx.reply(ctx.t(starsTexts.unmatchedRefunded, { stars }));
        } catch (error) {
          log.error({ err: safeError(error, deps.token) }, "stars payment matching no order not refunded");
          await ctx.reply(ctx.t(starsTexts.unmatchedHeld, { chargeId: payment.telegram_payment_charge_id }));
        }
        return;
      }
    }
  });

  composer.on("message:refunded_payment", async (ctx) => {
    const refund = ctx.message.refunded_payment;
    if (refund.currency !== STARS_CURRENCY) return;
    await payments.refunded(refund.telegram_payment_charge_id);
  });

  return composer;
}

/** Whether Telegram refused a refund because the charge was refunded before. */
export function isAlreadyRefunded(error: unknown): boolean {
  return error instanceof GrammyError && /CHARGE_ALREADY_REFUNDED/i.test(error.description);
}
