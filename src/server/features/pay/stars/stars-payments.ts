import type { Logger } from "../../../logger.ts";
import type { UsersRepository } from "../../accounts/users.repository.ts";
import type { OrderRef, ProductGrants, ProductType } from "../ports.ts";
import type { OrderRow, StarsOrders } from "./stars-orders.ts";
import type { StarsPrices, StarsProduct } from "./stars-prices.ts";

/** Telegram's currency code of Stars. */
export const STARS_CURRENCY = "XTR";

/** What Telegram says of a checkout or a payment: who pays, what, for which payload (our order number). */
export interface StarsCharge {
  payerTelegramId: number;
  currency: string;
  totalAmount: number;
  payload: string;
}

/** Why a checkout is refused (the bot tells the payer in their language). */
export type CheckoutRefusal = "unknownOrder" | "notPending" | "otherAccount" | "priceChanged" | "boughtOnce";

export type CheckoutVerdict = { ok: true; order: OrderRow } | { ok: false; reason: CheckoutRefusal };

export type SettleOutcome =
  /** the order is paid now and its product granted */
  | { kind: "paid"; order: OrderRow; product: StarsProduct | undefined }
  /** paid, but the grant failed: a later delivery (or support) grants again */
  | { kind: "grantFailed"; order: OrderRow }
  /** this charge paid its order before (Telegram delivered it again): nothing changes */
  | { kind: "duplicate"; order: OrderRow }
  /** Telegram took Stars for no order that can be paid: the caller gives them back */
  | { kind: "unmatched"; reason: CheckoutRefusal };

export type RefundOutcome =
  | { kind: "refunded"; order: OrderRow }
  | { kind: "alreadyRefunded"; order: OrderRow }
  | { kind: "unknownCharge" }
  | { kind: "notRefundable"; order: OrderRow };

/** Telegram's refundStarPayment, as the bot calls it: "alreadyRefunded" when Telegram says so. */
export type RefundAtTelegram = (payerTelegramId: number, chargeId: string) => Promise<"refunded" | "alreadyRefunded">;

export interface StarsPaymentsDeps {
  orders: StarsOrders;
  prices: StarsPrices;
  users: Pick<UsersRepository, "findById" | "findByTelegramId">;
  grants: ProductGrants;
  logger: Logger;
}

export const orderRef = (order: OrderRow): OrderRef => ({
  orderNo: order.orderNo,
  userId: order.userId,
  productType: order.productType as ProductType,
  productId: order.productId,
});

/**
 * The bot's side of Stars: the pre-checkout check, crediting a successful payment once, refunds. Nothing here
 * trusts the client: an order is paid when Telegram delivers the payment, for the account whose Telegram identity
 * paid, at the order's price.
 */
export function createStarsPayments(deps: StarsPaymentsDeps) {
  const { orders, prices, users, grants } = deps;
  const log = deps.logger.child({ component: "stars" });
  const productOf = (order: OrderRow) =>
    prices.find({ productType: order.productType as ProductType, productId: order.productId });

  /** whether the order's owner is the Telegram user who pays */
  const ownedBy = async (order: OrderRow, payerTelegramId: number) =>
    (await users.findById(order.userId))?.telegramId === String(payerTelegramId);

  /** the checks a checkout and a payment share: the order, its owner, its price */
  const verify = async (charge: StarsCharge): Promise<CheckoutVerdict> => {
    const order = await orders.find(charge.payload);
    if (order?.payMethod !== "stars") return { ok: false, reason: "unknownOrder" };
    if (!(await ownedBy(order, charge.payerTelegramId))) return { ok: false, reason: "otherAccount" };
    if (order.status !== "pending") return { ok: false, reason: "notPending" };
    if (charge.currency !== STARS_CURRENCY || charge.totalAmount !== order.priceStars) {
      return { ok: false, reason: "priceChanged" };
    }
    return { ok: true, order };
  };

  const grant = async (order: OrderRow): Promise<boolean> => {
    try {
      await grants.grant(orderRef(order));
      return true;
    } catch (error) {
      log.error({ err: error, orderNo: order.orderNo }, "stars order paid but its product not granted");
      return false;
    }
  };

  /**
   * Telegram says a charge was refunded (after our refundStarPayment, or a refunded_payment message): the order
   * becomes refunded and its grant is revoked, once.
   */
  const refunded = async (chargeId: string): Promise<RefundOutcome | undefined> => {
    const order = await orders.markRefunded(chargeId);
    if (!order) return undefined;
    log.info({ orderNo: order.orderNo }, "stars order refunded");
    await grants.revoke(orderRef(order));
    return { kind: "refunded", order };
  };

  return {
    /** pre_checkout_query: may this payment go ahead? */
    async checkout(charge: StarsCharge): Promise<CheckoutVerdict> {
      const verdict = await verify(charge);
      if (!verdict.ok) return verdict;
      const product = productOf(verdict.order);
      if (product?.oncePerAccount && (await orders.hasBought(verdict.order.userId, product))) {
        return { ok: false, reason: "boughtOnce" };
      }
      return verdict;
    },

    /**
     * successful_payment: the order is paid once per charge id. A second delivery of the same charge finds its
     * order paid and changes nothing (the grant, once per order number, is asked again only to finish one that
     * failed).
     */
    async settle(charge: StarsCharge & { chargeId: string }): Promise<SettleOutcome> {
      const known = await orders.findByCharge(charge.chargeId);
      if (known) {
        if (known.status === "success") await grant(known);
        return { kind: "duplicate", order: known };
      }
      const verdict = await verify(charge);
      if (!verdict.ok) return { kind: "unmatched", reason: verdict.reason };
      const paid = await orders.markPaid(verdict.order.orderNo, charge.chargeId);
      if (!paid) {
        // another delivery of this charge won the race, or another charge paid the order first
        const winner = await orders.findByCharge(charge.chargeId);
        return winner ? { kind: "duplicate", order: winner } : { kind: "unmatched", reason: "notPending" };
      }
      log.info({ orderNo: paid.orderNo, stars: paid.priceStars }, "stars order paid");
      if (!(await grant(paid))) return { kind: "grantFailed", order: paid };
      return { kind: "paid", order: paid, product: productOf(paid) };
    },

    /** An operator's refund of a paid order: Telegram gives the Stars back, the order is refunded, the grant revoked. */
    async refund(chargeId: string, refundAtTelegram: RefundAtTelegram): Promise<RefundOutcome> {
      const order = await orders.findByCharge(chargeId);
      if (!order) return { kind: "unknownCharge" };
      if (order.status === "refunded") return { kind: "alreadyRefunded", order };
      const payer = (await users.findById(order.userId))?.telegramId;
      if (order.status !== "success" || !payer) return { kind: "notRefundable", order };
      await refundAtTelegram(Number(payer), chargeId);
      return (await refunded(chargeId)) ?? { kind: "alreadyRefunded", order };
    },

    refunded,

    /** a Telegram user's latest paid or refunded Stars orders, for /paysupport */
    async recentOf(payerTelegramId: number, limit = 5): Promise<OrderRow[]> {
      const account = await users.findByTelegramId(String(payerTelegramId));
      return account ? orders.recentPaid(account.id, limit) : [];
    },

    productOf,
  };
}

export type StarsPayments = ReturnType<typeof createStarsPayments>;
