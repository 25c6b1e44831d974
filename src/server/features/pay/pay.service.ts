import { createHash } from "node:crypto";
import { and, count, desc, eq, isNull, ne } from "drizzle-orm";
import { MICRO_PER_USDT } from "../../../contract/constants.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import {
  type AccountData,
  type BoughtListData,
  type OpenOrderData,
  type OrderData,
  PAY_COIN,
  PAY_SCENARIO,
  type PointsProductData,
  type PopupsData,
  type PreChargeData,
  type ProductsData,
  type PurchaseData,
  type UsdtChainData,
} from "../../../contract/pay.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";
import type { FxService } from "../fx/fx.service.ts";
import { IdempotencyConflictError } from "../points/ledger.ts";
import { catalogue, findProduct, type Product } from "./catalogue.ts";
import { createProductGrants, grantLocked } from "./grants.ts";
import { boughtBefore, newOrderNo, type OrderRow, orderByNo } from "./order-queries.ts";
import { orderView } from "./order-view.ts";
import type { OrderSettlement, ProductType } from "./ports.ts";
import {
  applyUsdtLocked,
  createUsdtAccount,
  lockUsdtAccount,
  needTopUp,
  UsdtReason,
  usdtBalance,
} from "./usdt-account.ts";
import { microToUsdt } from "./usdt-amount.ts";

/** What the deposit and Stars parts tell the products list: where top-ups go, and Stars' availability and prices. */
export interface PaymentOptions {
  /** the chains a USDT top-up can be sent on; empty when deposits are not set up */
  usdtChains: UsdtChainData[];
  stars: { available: boolean };
  /** whole Stars for a product, or null when it is not sold for Stars */
  starsPrice(productType: ProductType, productId: number): number | null;
}

export interface PayServiceDeps {
  db: Database;
  clock: Clock;
  /** the CNY rate a package's daily cost is shown with */
  fx: Pick<FxService, "rateNow">;
  /** read on every products call, so the deposit and Stars parts can be wired after this service */
  options(): PaymentOptions;
}

/** What a purchase request names: the product, and the client's key of this purchase when it sent one. */
export interface PurchaseRequest {
  product: Product;
  /** the `Idempotency-Key` header or the body's `requestId`: a retry under it answers the first order */
  requestKey?: string | undefined;
}

function unknownProduct(): ApiError {
  return new ApiError(ErrorCode.PaymentScenarioMissing, "payScenarioMissing", 400, [], "no such product or scenario");
}

function cannotBuyTwice(): ApiError {
  return new ApiError(ErrorCode.CannotBuyTwice, "cannotBuyTwice", 409, [], "this package can be bought once");
}

function unsupportedCoin(): ApiError {
  return new ApiError(ErrorCode.ScenarioTokenUnsupported, "scenarioTokenUnsupported", 400, [], "payments take USDT");
}

function orderNotFound(): ApiError {
  return new ApiError(ErrorCode.RequestFailed, "orderNotFound", 404, [], "no such order");
}

/** A new order's number: "PO", the UTC time to the second and 8 random hex digits. */

/**
 * The number of the order a client's purchase key names: the same for every retry under the key, distinct per
 * user (the key is the client's, so it is hashed with the user, never used as it is).
 */
function keyedOrderNo(userId: number, requestKey: string): string {
  return `PK${createHash("sha256").update(`${userId}:${requestKey}`).digest("hex").slice(0, 24).toUpperCase()}`;
}

const productOfRow = (row: OrderRow): Product | undefined =>
  findProduct({ productType: row.productType === "POINTS" ? "POINTS" : "CARDS", productId: row.productId });

/**
 * Plans and payments (spec §3, §4 purchase and top-up, §7 pay/*): the catalogue, the USDT account, purchases paid
 * from it, pending orders a deposit pays for, the order history and the popups that tell each outcome once.
 *
 * A purchase is one transaction under the user's USDT lock: the trial rule (9004), the balance (9002 with the
 * shortfall), the order, the debit under `order:<orderNo>` and what the order gives (grants.ts) commit together or
 * not at all, so concurrent purchases on any number of nodes never overspend and never give without paying.
 *
 * Retries: a request may carry a key of its own (the `Idempotency-Key` header, else the body's `requestId`). The
 * order's number is then derived from the user and the key, so a retry (or a racing duplicate) finds the first
 * order and answers it (`replayed: true`) instead of buying again; the same key for another product is
 * idempotencyConflict. Without a key each request is a new purchase.
 */
export function createPayService(deps: PayServiceDeps) {
  const { db, clock } = deps;
  const account = createUsdtAccount(db, clock);
  const grants = createProductGrants(db, clock);

  /**
   * Pays a pending USDT order from the balance, under the user's lock: "failed" (cannotBuyTwice) for a trial bought
   * meanwhile, "pending" while the balance does not cover it, else the debit, success and the grant.
   */
  const settleLocked = async (tx: Database, row: OrderRow): Promise<"success" | "pending" | "failed"> => {
    const product = productOfRow(row);
    const now = clock.now();
    if (!product || (product.oncePerAccount && (await boughtBefore(tx, row.userId, product, row.orderNo)))) {
      await tx
        .update(orders)
        .set({ status: "failed", failReason: product ? "cannotBuyTwice" : "payScenarioMissing", updatedAt: now })
        .where(and(eq(orders.orderNo, row.orderNo), eq(orders.status, "pending")));
      return "failed";
    }
    if ((await usdtBalance(tx, row.userId)) < row.priceMicro) return "pending";
    await tx
      .update(orders)
      .set({ status: "success", paidAt: now, updatedAt: now })
      .where(and(eq(orders.orderNo, row.orderNo), eq(orders.status, "pending")));
    await applyUsdtLocked(tx, clock, {
      userId: row.userId,
      amountMicro: -row.priceMicro,
      reason: UsdtReason.purchase,
      reference: row.orderNo,
      idempotencyKey: `order:${row.orderNo}`,
    });
    await grantLocked(tx, clock, row.orderNo);
    return "success";
  };

  const sameProduct = (row: OrderRow, userId: number, product: Product) =>
    row.userId === userId && row.productType === product.productType && row.productId === product.productId;

  const settlement: OrderSettlement = {
    async find(orderNo) {
      const row = await orderByNo(db, orderNo);
      if (!row) return undefined;
      const productType: ProductType = row.productType === "POINTS" ? "POINTS" : "CARDS";
      return {
        userId: row.userId,
        priceMicro: row.priceMicro,
        status: row.status,
        createdAt: row.createdAt,
        productType,
        productId: row.productId,
      };
    },

    async payPending(orderNo) {
      const first = await orderByNo(db, orderNo);
      if (!first) throw orderNotFound();
      return db.transaction(async (tx) => {
        await lockUsdtAccount(tx, first.userId);
        const row = await orderByNo(tx, orderNo);
        if (!row) throw orderNotFound();
        if (row.status === "success") {
          // finishes a grant an earlier call was cut off before (nothing when it was given)
          await grantLocked(tx, clock, orderNo);
          return "success";
        }
        if (row.status !== "pending") return "failed";
        if (row.payMethod !== "usdt") return "pending";
        return settleLocked(tx, row);
      });
    },
  };

  /** A pending USDT order of the product, or the one the key named before; 9004 for a trial bought already. */
  const openPending = async (userId: number, product: Product, requestKey?: string) => {
    const orderNo = requestKey ? keyedOrderNo(userId, requestKey) : newOrderNo("PO", clock.now());
    return db.transaction(async (tx) => {
      await lockUsdtAccount(tx, userId);
      const existing = await orderByNo(tx, orderNo);
      if (existing) {
        if (!sameProduct(existing, userId, product)) throw new IdempotencyConflictError(requestKey ?? orderNo);
        return { row: existing, balanceMicro: await usdtBalance(tx, userId) };
      }
      if (product.oncePerAccount && (await boughtBefore(tx, userId, product))) throw cannotBuyTwice();
      const now = clock.now();
      const [row] = await tx
        .insert(orders)
        .values({
          orderNo,
          userId,
          productType: product.productType,
          productId: product.productId,
          priceMicro: product.priceMicro,
          payMethod: "usdt",
          status: "pending",
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("the order was not written");
      return { row, balanceMicro: await usdtBalance(tx, userId) };
    });
  };

  /**
   * Buys a product from the USDT balance (see the service's comment). A key's earlier order is answered again; a
   * pending one (opened for a deposit under the same key) is paid now if the balance covers it.
   */
  const purchase = async (userId: number, request: PurchaseRequest): Promise<PurchaseData> => {
    const { product, requestKey } = request;
    const orderNo = requestKey ? keyedOrderNo(userId, requestKey) : newOrderNo("PO", clock.now());
    const outcome = await db.transaction(async (tx) => {
      await lockUsdtAccount(tx, userId);
      const existing = await orderByNo(tx, orderNo);
      if (existing) {
        if (!sameProduct(existing, userId, product) || existing.payMethod !== "usdt") {
          throw new IdempotencyConflictError(requestKey ?? orderNo);
        }
        const settled = existing.status === "pending" ? await settleLocked(tx, existing) : undefined;
        if (existing.status === "success") await grantLocked(tx, clock, orderNo);
        const balanceMicro = await usdtBalance(tx, userId);
        return { kind: settled ?? "replayed", row: existing, balanceMicro } as const;
      }
      if (product.oncePerAccount && (await boughtBefore(tx, userId, product))) throw cannotBuyTwice();
      const balance = await usdtBalance(tx, userId);
      if (balance < product.priceMicro) throw needTopUp(balance, product.priceMicro);
      const now = clock.now();
      await tx.insert(orders).values({
        orderNo,
        userId,
        productType: product.productType,
        productId: product.productId,
        priceMicro: product.priceMicro,
        payMethod: "usdt",
        status: "pending",
        createdAt: now,
        updatedAt: now,
      });
      const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo));
      if (!row || (await settleLocked(tx, row)) !== "success") throw new Error(`order ${orderNo} was not paid`);
      return { kind: "bought", row, balanceMicro: await usdtBalance(tx, userId) } as const;
    });
    // a pending order of the key: refused after its transaction committed what it changed
    if (outcome.kind === "pending") throw needTopUp(outcome.balanceMicro, outcome.row.priceMicro);
    if (outcome.kind === "failed") throw cannotBuyTwice();
    const row = (await orderByNo(db, orderNo)) ?? outcome.row;
    return {
      order: orderView(row),
      balance: microToUsdt(outcome.balanceMicro),
      replayed: outcome.kind === "replayed",
    };
  };

  /** The price per day in CNY (2 decimals) by the rate in force, or null without one; USDT is taken at 1 USD. */
  const dailyCostIn = async (): Promise<(priceMicro: number, days: number) => string | null> => {
    const perUsd = (await deps.fx.rateNow("CNY").catch(() => undefined))?.perUsd;
    return (priceMicro, days) => (perUsd ? ((priceMicro / MICRO_PER_USDT / days) * perUsd).toFixed(2) : null);
  };

  const pointsProductList = (options: PaymentOptions): PointsProductData[] =>
    catalogue.pointsProducts.map((item) => ({
      chargeId: item.chargeId,
      productId: item.productId,
      points: item.points,
      extraPoints: item.extraPoints,
      price: microToUsdt(item.priceMicro),
      priceStars: options.starsPrice("POINTS", item.productId),
    }));

  return {
    /** the USDT account: deposits credit it, purchases debit it */
    account,
    /** pending orders a deposit pays for */
    settlement,
    /** what a paid order gives, and takes back on a refund */
    grants,

    /** GET pay/products (public): the catalogue with the CNY daily cost, the top-up chains and Stars. */
    async products(): Promise<ProductsData> {
      const options = deps.options();
      const cost = await dailyCostIn();
      return {
        packages: catalogue.packages.map((item) => ({
          productId: item.productId,
          name: item.name,
          card: item.card,
          days: item.days,
          price: microToUsdt(item.priceMicro),
          dailyCost: cost(item.priceMicro, item.days),
          oncePerAccount: item.oncePerAccount,
          priceStars: options.starsPrice("CARDS", item.productId),
        })),
        pointsProducts: pointsProductList(options),
        usdtChains: options.usdtChains,
        stars: options.stars,
      };
    },

    /** The points products on sale (the points info's chargePointsLists). */
    chargePointsLists(): PointsProductData[] {
      return pointsProductList(deps.options());
    },

    /** GET pay/account */
    async accountInfo(userId: number): Promise<AccountData> {
      const totals = await account.totals(userId);
      return {
        balance: microToUsdt(totals.balanceMicro),
        totalDeposited: microToUsdt(totals.depositedMicro),
        totalSpent: microToUsdt(totals.spentMicro),
      };
    },

    /** POST pay/preCharge: 200 when the balance covers the product; 9001, 9003, 9004 or 9002 (with the shortfall). */
    async preCharge(
      userId: number,
      body: {
        productType: ProductType;
        productId?: number | undefined;
        chargeId?: number | undefined;
        coinCode: string;
      },
    ): Promise<PreChargeData> {
      if (body.coinCode.toUpperCase() !== PAY_COIN) throw unsupportedCoin();
      const product = findProduct(body);
      if (!product) throw unknownProduct();
      if (product.oncePerAccount && (await boughtBefore(db, userId, product))) throw cannotBuyTwice();
      const balance = await account.balance(userId);
      if (balance < product.priceMicro) throw needTopUp(balance, product.priceMicro);
      return {
        productType: product.productType,
        productId: product.productId,
        price: microToUsdt(product.priceMicro),
        balance: microToUsdt(balance),
      };
    },

    /** POST pay/confirmPayScenario: scenario BUY_POINT_PRODUCT (else 9001), coin USDT (else 9003). */
    confirmPayScenario(
      userId: number,
      body: { scenario: string; productId: number; productType?: ProductType | undefined; coinCode: string },
      requestKey?: string,
    ): Promise<PurchaseData> {
      if (body.scenario !== PAY_SCENARIO) throw unknownProduct();
      if (body.coinCode.toUpperCase() !== PAY_COIN) throw unsupportedCoin();
      const product = findProduct(body);
      if (!product) throw unknownProduct();
      return purchase(userId, { product, requestKey });
    },

    /** POST points/pointsCharge: a points product by its charge id. */
    pointsCharge(userId: number, chargeId: number, requestKey?: string): Promise<PurchaseData> {
      const product = findProduct({ productType: "POINTS", chargeId });
      if (!product) throw unknownProduct();
      return purchase(userId, { product, requestKey });
    },

    purchase,

    /**
     * A pending order of a product for a deposit to pay (pay/openOrder; pay/getDepositQrCode opens its order here):
     * its number, price and what the balance lacks (0 when it covers the price already). 9001 for no such product,
     * 9004 for a trial bought already.
     */
    async openOrder(
      userId: number,
      productType: ProductType,
      productId: number,
      more: { chargeId?: number | undefined; requestKey?: string | undefined } = {},
    ): Promise<{
      orderNo: string;
      priceMicro: number;
      shortfallMicro: number;
      balanceMicro: number;
      order: OrderData;
    }> {
      const product = findProduct({ productType, productId, chargeId: more.chargeId });
      if (!product) throw unknownProduct();
      const { row, balanceMicro } = await openPending(userId, product, more.requestKey);
      return {
        orderNo: row.orderNo,
        priceMicro: row.priceMicro,
        shortfallMicro: Math.max(0, row.priceMicro - balanceMicro),
        balanceMicro,
        order: orderView(row),
      };
    },

    /** pay/openOrder's answer. */
    async openOrderData(
      userId: number,
      body: {
        productType: ProductType;
        productId?: number | undefined;
        chargeId?: number | undefined;
      },
      requestKey?: string,
    ): Promise<OpenOrderData> {
      const product = findProduct(body);
      if (!product) throw unknownProduct();
      const { row, balanceMicro } = await openPending(userId, product, requestKey);
      return {
        order: orderView(row),
        balance: microToUsdt(balanceMicro),
        shortfall: microToUsdt(Math.max(0, row.priceMicro - balanceMicro)),
      };
    },

    /**
     * A pending order to be paid otherwise than from the balance (Telegram Stars: payMethod "stars" with its price
     * in Stars). 9001 for no such product, 9004 for a trial bought already.
     */
    async createOrder(input: {
      userId: number;
      productType: ProductType;
      productId: number;
      payMethod: "stars";
      priceStars: number;
    }): Promise<OrderRow> {
      const product = findProduct(input);
      if (!product) throw unknownProduct();
      if (product.oncePerAccount && (await boughtBefore(db, input.userId, product))) throw cannotBuyTwice();
      const now = clock.now();
      const [row] = await db
        .insert(orders)
        .values({
          orderNo: newOrderNo("PO", now),
          userId: input.userId,
          productType: product.productType,
          productId: product.productId,
          priceMicro: product.priceMicro,
          priceStars: input.priceStars,
          payMethod: input.payMethod,
          status: "pending",
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("the order was not written");
      return row;
    },

    /** POST pay/getPaidInfo: one of the user's orders; another account's is not found. */
    async paidInfo(userId: number, orderNo: string): Promise<OrderData> {
      const row = await orderByNo(db, orderNo);
      if (!row || row.userId !== userId) throw orderNotFound();
      return orderView(row);
    },

    /** GET pay/getBoughtList: the user's orders, newest first. */
    async boughtList(userId: number, page: number, pageNum: number): Promise<BoughtListData> {
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(pageNum)
          .offset((page - 1) * pageNum),
        db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
      ]);
      return { lists: rows.map(orderView), total: totals[0]?.total ?? 0 };
    },

    /** The user's paid packages, newest first (the points info's buyProductLists). */
    async boughtPackages(userId: number): Promise<OrderData[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.productType, "CARDS"), eq(orders.status, "success")))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(100);
      return rows.map(orderView);
    },

    /**
     * GET getPopups: the outcomes (success, failure with its reason, refund) of the user's orders not handed out
     * before, oldest first. Marking and reading are one statement, so two polls at once never both get one.
     */
    async popups(userId: number): Promise<PopupsData> {
      const rows = await db
        .update(orders)
        .set({ notifiedAt: clock.now() })
        .where(and(eq(orders.userId, userId), ne(orders.status, "pending"), isNull(orders.notifiedAt)))
        .returning();
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id).map(orderView);
    },
  };
}

export type PayService = ReturnType<typeof createPayService>;
