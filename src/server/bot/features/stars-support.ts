import { Composer, GrammyError } from "grammy";
import { amountText } from "../../../contract/number-format.ts";
import type { StarsPayments } from "../../features/pay/stars/stars-payments.ts";
import type { Logger } from "../../logger.ts";
import type { BotContext, BotMessage } from "../bot-context.ts";
import { appReply } from "../runtime/mini-app.ts";
import { safeError } from "../runtime/safe-error.ts";
import { isAlreadyRefunded, productTitle } from "./stars.ts";

/** How many of the payer's latest Stars payments /paysupport lists. */
const RECENT_PAYMENTS = 5;

const m = {
  support: /*i18n*/ {
    id: "Help with payments: if something went wrong with a payment in Telegram Stars, tell us what happened and give the order number or payment id below. Open the app and choose Feedback in the menu; we answer every payment question. Telegram's own support cannot help with purchases made in bots.",
    message:
      "Help with payments: if something went wrong with a payment in Telegram Stars, tell us what happened and give the order number or payment id below. Open the app and choose Feedback in the menu; we answer every payment question. Telegram's own support cannot help with purchases made in bots.",
  },
  contact: /*i18n*/ { id: "You can also write to {contact}.", message: "You can also write to {contact}." },
  refundPolicy: /*i18n*/ {
    id: "A purchase we could not deliver is refunded in Stars through Telegram.",
    message: "A purchase we could not deliver is refunded in Stars through Telegram.",
  },
  recentHeading: /*i18n*/ { id: "Your latest Stars payments:", message: "Your latest Stars payments:" },
  recentLine: /*i18n*/ {
    id: "{date} · {title} · {stars} Stars · {status} · order {orderNo} · payment id {chargeId}",
    message: "{date} · {title} · {stars} Stars · {status} · order {orderNo} · payment id {chargeId}",
  },
  none: /*i18n*/ {
    id: "You have no Stars payments with this Telegram account.",
    message: "You have no Stars payments with this Telegram account.",
  },
  paid: /*i18n*/ { id: "paid", message: "paid", comment: "a payment's status" },
  refunded: /*i18n*/ { id: "refunded", message: "refunded", comment: "a payment's status" },
  refundUsage: /*i18n*/ {
    id: "Usage: /refund <telegram_payment_charge_id>",
    message: "Usage: /refund <telegram_payment_charge_id>",
  },
  unknownCharge: /*i18n*/ {
    id: "No Stars payment has this payment id.",
    message: "No Stars payment has this payment id.",
  },
  alreadyRefunded: /*i18n*/ {
    id: "Order {orderNo} was already refunded.",
    message: "Order {orderNo} was already refunded.",
  },
  notRefundable: /*i18n*/ {
    id: "Order {orderNo} is {status}: only a paid order can be refunded.",
    message: "Order {orderNo} is {status}: only a paid order can be refunded.",
  },
  refundDone: /*i18n*/ {
    id: "Refunded: {stars} Stars of order {orderNo} went back to the payer, and what the order gave was taken back.",
    message:
      "Refunded: {stars} Stars of order {orderNo} went back to the payer, and what the order gave was taken back.",
  },
  refundRefused: /*i18n*/ {
    id: "Telegram refused the refund: {description}",
    message: "Telegram refused the refund: {description}",
  },
} satisfies Record<string, BotMessage>;

export interface StarsSupportDeps {
  payments: StarsPayments;
  /** the Telegram users whose /refund is obeyed (BOT_OPERATOR_IDS) */
  operatorIds: readonly number[];
  /** PAY_SUPPORT_CONTACT, if any */
  supportContact: string | undefined;
  miniAppUrl: string;
  logger: Logger;
  token: string;
}

/**
 * /paysupport (Telegram asks every bot that takes payments to answer it): how to get help, in the user's language,
 * with their latest Stars payments to quote. /refund <charge id>: an operator gives a payment back; for anyone
 * else the command is not there.
 */
export function createStarsSupportFeature(deps: StarsSupportDeps): Composer<BotContext> {
  const { payments } = deps;
  const log = deps.logger.child({ component: "stars" });
  const composer = new Composer<BotContext>();

  composer.command("paysupport", async (ctx) => {
    const lines = [ctx.t(m.support)];
    if (deps.supportContact) lines.push(ctx.t(m.contact, { contact: deps.supportContact }));
    lines.push(ctx.t(m.refundPolicy), "");
    const recent = ctx.from ? await payments.recentOf(ctx.from.id, RECENT_PAYMENTS) : [];
    if (recent.length === 0) lines.push(ctx.t(m.none));
    else {
      lines.push(ctx.t(m.recentHeading));
      for (const order of recent) {
        const product = payments.productOf(order);
        lines.push(
          `• ${ctx.t(m.recentLine, {
            date: (order.paidAt ?? order.createdAt).toISOString().slice(0, 10),
            title: product ? productTitle(ctx.t, product) : `${order.productType} ${order.productId}`,
            stars: amountText(order.priceStars ?? 0),
            status: ctx.t(order.status === "refunded" ? m.refunded : m.paid),
            orderNo: order.orderNo,
            chargeId: order.telegramChargeId ?? "",
          })}`,
        );
      }
    }
    const reply = appReply(ctx, deps.miniAppUrl, lines.join("\n"));
    await ctx.reply(reply.text, reply.other);
  });

  composer.command("refund", async (ctx, next) => {
    if (!ctx.from || !deps.operatorIds.includes(ctx.from.id)) return next();
    const chargeId = ctx.match.trim();
    if (!/^\S{1,256}$/.test(chargeId)) return ctx.reply(ctx.t(m.refundUsage));
    try {
      const outcome = await payments.refund(chargeId, async (payer, charge) => {
        try {
          await ctx.api.refundStarPayment(payer, charge);
          return "refunded";
        } catch (error) {
          if (isAlreadyRefunded(error)) return "alreadyRefunded";
          throw error;
        }
      });
      log.info({ operator: ctx.from.id, outcome: outcome.kind }, "stars refund asked by an operator");
      switch (outcome.kind) {
        case "unknownCharge":
          return ctx.reply(ctx.t(m.unknownCharge));
        case "alreadyRefunded":
          return ctx.reply(ctx.t(m.alreadyRefunded, { orderNo: outcome.order.orderNo }));
        case "notRefundable":
          return ctx.reply(ctx.t(m.notRefundable, { orderNo: outcome.order.orderNo, status: outcome.order.status }));
        case "refunded":
          return ctx.reply(
            ctx.t(m.refundDone, {
              stars: amountText(outcome.order.priceStars ?? 0),
              orderNo: outcome.order.orderNo,
            }),
          );
      }
    } catch (error) {
      if (!(error instanceof GrammyError)) throw error;
      const safe = safeError(error, deps.token);
      log.warn({ err: safe }, "telegram refused a stars refund");
      return ctx.reply(ctx.t(m.refundRefused, { description: safe.description ?? safe.message }));
    }
  });

  return composer;
}
