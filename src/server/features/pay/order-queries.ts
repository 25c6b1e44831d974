import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import type { ProductType } from "./ports.ts";

/** Reads of the orders table that purchases from the USDT account and Stars payments share. */

export type OrderRow = typeof orders.$inferSelect;

/** A new order number: a prefix naming how it is paid, the UTC time to the second, and 8 random hex digits. */
export function newOrderNo(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `${prefix}${stamp}${randomBytes(4).toString("hex").toUpperCase()}`;
}

export async function orderByNo(db: Database, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return row;
}

/** Whether the user holds a paid order of the product, other than `except` (trials are sold once per account). */
export async function boughtBefore(
  db: Database,
  userId: number,
  product: { productType: ProductType; productId: number },
  except = "",
): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.productType, product.productType),
        eq(orders.productId, product.productId),
        eq(orders.status, "success"),
        ne(orders.orderNo, except),
      ),
    )
    .limit(1);
  return row !== undefined;
}
