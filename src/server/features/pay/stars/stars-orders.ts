import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { orders } from "../../../db/schema.ts";
import { isUniqueViolation } from "../../../db/unique-violation.ts";
import type { Clock } from "../../../providers/clock.ts";
import { boughtBefore, type OrderRow, orderByNo } from "../order-queries.ts";
import type { ProductType } from "../ports.ts";
import type { StarsProduct } from "./stars-prices.ts";

export type { OrderRow };

/** A pending order to be paid in Stars (the purchase service's createOrder takes the same). */
export interface NewStarsOrder {
  userId: number;
  productType: ProductType;
  productId: number;
  payMethod: "stars";
  priceStars: number;
}

/**
 * The orders table as Stars use it. Every change of status is one conditional UPDATE (pending -> success,
 * success -> refunded), so however many nodes or deliveries race, one of them changes the row and the others see
 * that nothing was left to change.
 */
export function createStarsOrders(db: Database, clock: Clock) {
  return {
    find(orderNo: string): Promise<OrderRow | undefined> {
      return orderByNo(db, orderNo);
    },

    async findByCharge(chargeId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.telegramChargeId, chargeId)).limit(1);
      return row;
    },

    /** whether the account holds a paid order of this product (trials are sold once per account) */
    hasBought(userId: number, product: Pick<StarsProduct, "productType" | "productId">): Promise<boolean> {
      return boughtBefore(db, userId, product);
    },

    async markFailed(orderNo: string, reason: string): Promise<void> {
      await db
        .update(orders)
        .set({ status: "failed", failReason: reason, updatedAt: clock.now() })
        .where(and(eq(orders.orderNo, orderNo), eq(orders.status, "pending")));
    },

    /**
     * Pending -> success with Telegram's charge id, once: undefined when the order was not a pending Stars order
     * any more, or when the charge id already paid an order (a payment delivered twice).
     */
    async markPaid(orderNo: string, chargeId: string): Promise<OrderRow | undefined> {
      try {
        const [row] = await db
          .update(orders)
          .set({ status: "success", telegramChargeId: chargeId, paidAt: clock.now(), updatedAt: clock.now() })
          .where(and(eq(orders.orderNo, orderNo), eq(orders.payMethod, "stars"), eq(orders.status, "pending")))
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** Success -> refunded, once: undefined when the order was not paid (or already refunded). */
    async markRefunded(chargeId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ status: "refunded", failReason: "refunded", updatedAt: clock.now(), notifiedAt: null })
        .where(and(eq(orders.telegramChargeId, chargeId), eq(orders.status, "success")))
        .returning();
      return row;
    },

    /** the account's latest Stars orders that were paid or refunded, newest first */
    async recentPaid(userId: number, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.payMethod, "stars"),
            inArray(orders.status, ["success", "refunded"]),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(limit);
    },
  };
}

export type StarsOrders = ReturnType<typeof createStarsOrders>;
