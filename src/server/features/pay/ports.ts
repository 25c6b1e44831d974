/**
 * What the payment parts ask of each other (issue 15). The purchase service (orders, the USDT account, what a
 * package or points product gives) implements these; deposits by transaction hash and Telegram Stars call them.
 * Amounts are micro-USDT integers (constants MICRO_PER_USDT).
 */

export type ProductType = "CARDS" | "POINTS";

export interface OrderRef {
  orderNo: string;
  userId: number;
  productType: ProductType;
  productId: number;
}

/** The USDT account (usdt_ledger): the sum of entries, changed once per idempotency key. */
export interface UsdtAccount {
  /** applies one change once; a debit below 0 throws 9002 needTopUp */
  apply(change: {
    userId: number;
    amountMicro: number;
    reason: string;
    reference: string;
    idempotencyKey: string;
  }): Promise<{ balanceMicro: number; replayed: boolean }>;
  balance(userId: number): Promise<number>;
}

/** Pending orders that a deposit pays for. */
export interface OrderSettlement {
  /** the order a deposit names: owner, price, status and creation time, or undefined */
  find(orderNo: string): Promise<
    | {
        userId: number;
        priceMicro: number;
        status: string;
        createdAt: Date;
        productType: ProductType;
        productId: number;
      }
    | undefined
  >;
  /**
   * After a deposit was credited to the USDT account: pays the pending order from the account when it now covers
   * the price (once, whatever calls it how often); leaves it pending otherwise.
   */
  payPending(orderNo: string): Promise<"success" | "pending" | "failed">;
}

/** What a paid order gives: card days or points, once per order number. */
export interface ProductGrants {
  grant(order: OrderRef): Promise<void>;
  /** takes back what a refunded order gave, as far as it still can (points already spent stay spent) */
  revoke(order: OrderRef): Promise<void>;
}
