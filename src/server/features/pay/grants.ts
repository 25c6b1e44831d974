import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders, users } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";
import { createPointsLedger } from "../points/ledger.ts";
import { extendCard, revokeCard } from "./card-extension.ts";
import { findProduct, pointsOf } from "./catalogue.ts";
import type { OrderRow } from "./order-queries.ts";
import type { OrderRef, ProductGrants } from "./ports.ts";
import { lockUsdtAccount } from "./usdt-account.ts";

export type { OrderRow };

/** The points ledger's reasons for what orders give and take back (contract/points.ts ledgerReasons). */
const POINTS_GRANTED = "purchase";
const POINTS_REVOKED = "refund";

/** The idempotency keys of an order's points: given once, taken back once. */
export const orderPointsKey = (orderNo: string) => `order:${orderNo}`;
const revokePointsKey = (orderNo: string) => `revoke:${orderNo}`;

function productOf(row: OrderRow) {
  const product = findProduct({
    productType: row.productType === "POINTS" ? "POINTS" : "CARDS",
    productId: row.productId,
  });
  if (!product)
    throw new Error(`order ${row.orderNo} names no product of the catalogue (${row.productType} ${row.productId})`);
  return product;
}

/**
 * Gives what a paid order gives, inside a transaction holding the user's USDT lock: the order's `granted_at` is set
 * in the same transaction as the card days or the points, so it happens once per order. A package moves the card
 * (extendCard); a points product credits its points and extra points under `order:<orderNo>`. Only a successful
 * order gives; false when there was nothing (more) to give.
 */
export async function grantLocked(tx: Database, clock: Clock, orderNo: string): Promise<boolean> {
  const now = clock.now();
  const [row] = await tx
    .update(orders)
    .set({ grantedAt: now, updatedAt: now })
    .where(and(eq(orders.orderNo, orderNo), eq(orders.status, "success"), isNull(orders.grantedAt)))
    .returning();
  if (!row) return false;
  const product = productOf(row);
  if (product.productType === "CARDS") {
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for("update");
    if (!user) throw new Error(`order ${orderNo} belongs to no user`);
    const next = extendCard(user, product, now);
    await tx.update(users).set(next).where(eq(users.id, row.userId));
  } else {
    // the points ledger nests its transaction (a savepoint) in this one: the order and its points commit together
    await createPointsLedger(tx, clock).apply({
      userId: row.userId,
      amount: pointsOf(product),
      reason: POINTS_GRANTED,
      reference: orderNo,
      idempotencyKey: orderPointsKey(orderNo),
    });
  }
  return true;
}

/**
 * Takes back what an order gave, as far as it can, inside a transaction holding the user's USDT lock: a package's
 * days come off the card (revokeCard), a points product's points are debited down to 0 at most (points already
 * spent stay spent). Once per grant: `granted_at` is cleared in the same transaction.
 */
export async function revokeLocked(tx: Database, clock: Clock, orderNo: string): Promise<boolean> {
  const now = clock.now();
  const [row] = await tx
    .update(orders)
    .set({ grantedAt: null, updatedAt: now })
    .where(and(eq(orders.orderNo, orderNo), isNotNull(orders.grantedAt)))
    .returning();
  if (!row) return false;
  const product = productOf(row);
  if (product.productType === "CARDS") {
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for("update");
    if (!user) return true;
    await tx
      .update(users)
      .set(revokeCard(user, product, now))
      .where(eq(users.id, row.userId));
    return true;
  }
  const ledger = createPointsLedger(tx, clock);
  // the balance may fall between the read and the debit (a redemption elsewhere): read again and retry then
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const take = Math.min(await ledger.balance(row.userId), pointsOf(product));
    if (take <= 0) return true;
    try {
      await ledger.apply({
        userId: row.userId,
        amount: -take,
        reason: POINTS_REVOKED,
        reference: orderNo,
        idempotencyKey: revokePointsKey(orderNo),
      });
      return true;
    } catch (error) {
      if ((error as { key?: unknown }).key !== "insufficientPoints") throw error;
    }
  }
  return true;
}

/** What paid orders give (the ProductGrants port): each call in its own transaction under the user's lock. */
export function createProductGrants(db: Database, clock: Clock): ProductGrants {
  const locked = (order: OrderRef, step: (tx: Database) => Promise<boolean>) =>
    db.transaction(async (tx) => {
      await lockUsdtAccount(tx, order.userId);
      const [row] = await tx.select().from(orders).where(eq(orders.orderNo, order.orderNo)).limit(1);
      if (!row || row.userId !== order.userId) throw new Error(`no order ${order.orderNo} of user ${order.userId}`);
      await step(tx);
    });
  return {
    grant: (order) => locked(order, (tx) => grantLocked(tx, clock, order.orderNo)),
    revoke: (order) => locked(order, (tx) => revokeLocked(tx, clock, order.orderNo)),
  };
}
