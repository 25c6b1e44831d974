import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { orders } from "../../../db/schema.ts";
import type { Clock } from "../../../providers/clock.ts";
import type { ProductType } from "../ports.ts";
import type { StarsProduct } from "./stars-prices.ts";

export type OrderRow = typeof orders.$inferSelect;

/** A pending order to be paid in Stars (the purchase service's createOrder takes the same). */
export interface NewStarsOrder {
  userId: number;
  productType: ProductType;
  productId: number;
  payMethod: "stars";
  priceStars: number;
}

/** Stars orders' number: "ST", the UTC time to the second and 8 random hex digits (the invoice's payload). */
function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `ST${stamp}${randomBytes(4).toString("hex").toUpperCase()}`;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } })?.code ??
    (error as { cause?: { code?: unknown } })?.cause?.code;
  return code === "23505";
}

/**
 * The orders table as Stars use it. Every change of status is one conditional UPDATE (pending -> success,
 * success -> refunded), so however many nodes or deliveries race, one of them changes the row and the others see
 * that nothing was left to change.
 */
export function createStarsOrders(db: Database, clock: Clock) {
  return {
    async create(input: NewStarsOrder, product: Pick<StarsProduct, "priceMicro">): Promise<OrderRow> {
      const [row] = await db
        .insert(orders)
        .values({
          orderNo: newOrderNo(clock.now()),
          userId: input.userId,
          productType: input.productType,
          productId: input.productId,
          priceMicro: product.priceMicro,
          priceStars: input.priceStars,
          payMethod: "stars",
          status: "pending",
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error("the Stars order was not written");
      return row;
    },

    async find(orderNo: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
      return row;
    },

    async findByCharge(chargeId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.telegramChargeId, chargeId)).limit(1);
      return row;
    },

    /** whether the account holds a paid order of this product (trials are sold once per account) */
    async hasBought(userId: number, product: Pick<StarsProduct, "productType" | "productId">): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.productType, product.productType),
            eq(orders.productId, product.productId),
            eq(orders.status, "success"),
          ),
        )
        .limit(1);
      return row !== undefined;
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
