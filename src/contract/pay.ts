import { z } from "zod";
import { Limits } from "./constants.ts";

/**
 * Plans and payments (spec §3 package product, points product, order; §4 purchase, top-up, popups; §7 pay/*).
 * The user has a USDT account; packages (productType CARDS) and points products (POINTS) are paid from it. When the
 * balance does not cover the price the answer is 9002 needTopUp with the shortfall, and the client opens the top-up
 * (a deposit for an open order). Amounts travel as decimal USDT strings ("19.99", "0.5", "0"), never as floats.
 */

export const productTypes = ["CARDS", "POINTS"] as const;
export type ProductTypeName = (typeof productTypes)[number];

/** spec §3 Order activityType: a package is BUY_POINT_PRODUCT, a points product POINTS_CHARGE. */
export const activityTypes = ["BUY_POINT_PRODUCT", "POINTS_CHARGE"] as const;
/** spec §3 Order status: success, pending, otherwise failed (a refunded order is failed with reason "refunded"). */
export const orderStatuses = ["success", "pending", "failed"] as const;
export const payMethods = ["usdt", "stars"] as const;

/** The only scenario of pay/confirmPayScenario (spec §7); another answers 9001. */
export const PAY_SCENARIO = "BUY_POINT_PRODUCT";
/** The only coin payments take (spec §9 "payments in USDT"); another answers 9003. */
export const PAY_COIN = "USDT";

/** A decimal USDT amount, at most 6 decimals. */
export const usdtAmountSchema = z.string().regex(/^\d+(\.\d{1,6})?$/);

/** The header a purchase's own key may travel in (else the body's `requestId`). */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

/**
 * A client-made key naming one purchase: a retry under the same key (body `requestId` or the `Idempotency-Key`
 * header; the header wins) answers the first attempt's order instead of buying again.
 */
export const requestIdSchema = z
  .string({ error: "invalidValue" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "invalidValue" });

const productTypeSchema = z.enum(productTypes, {
  error: (issue) => (issue.input === undefined ? "required" : "invalidValue"),
});
const idSchema = z.coerce.number({ error: "invalidValue" }).int({ error: "invalidValue" }).min(0).max(1_000_000);

/** spec §3 package product, with what it gives. */
export const packageProductSchema = z.object({
  productId: z.number().int(),
  /** trial1, trial3, monthly, quarterly, annual */
  name: z.string(),
  /** the membership card it gives (spec §3 user info card) */
  card: z.string(),
  days: z.number().int(),
  /** USDT */
  price: usdtAmountSchema,
  /** the price per day in CNY (2 decimals); null when no CNY rate is known */
  dailyCost: z.string().nullable(),
  /** trials: once per account (9004 after) */
  oncePerAccount: z.boolean(),
  /** the price in Telegram Stars; null when Stars are not offered for it */
  priceStars: z.number().int().nullable(),
});
export type PackageProductData = z.infer<typeof packageProductSchema>;

/** spec §3 points product. */
export const pointsProductSchema = z.object({
  chargeId: z.number().int(),
  productId: z.number().int(),
  points: z.number().int(),
  extraPoints: z.number().int(),
  /** USDT */
  price: usdtAmountSchema,
  priceStars: z.number().int().nullable(),
});
export type PointsProductData = z.infer<typeof pointsProductSchema>;

/** A chain a top-up can be sent on (configured by the server). */
export const usdtChainSchema = z.object({
  /** ETH, BSC, POLYGON, TRON, ... */
  chain: z.string(),
  /** the EVM chain id; null for TRON */
  chainId: z.number().int().nullable(),
  /** the USDT token's decimals on that chain */
  tokenDecimals: z.number().int(),
});
export type UsdtChainData = z.infer<typeof usdtChainSchema>;

export const productsDataSchema = z.object({
  packages: z.array(packageProductSchema),
  pointsProducts: z.array(pointsProductSchema),
  /** where USDT top-ups can be sent; empty when payments by deposit are not set up on this server */
  usdtChains: z.array(usdtChainSchema),
  /** Telegram Stars: offered only inside Telegram on a server with a bot */
  stars: z.object({ available: z.boolean() }),
});
export type ProductsData = z.infer<typeof productsDataSchema>;

/** spec §7 pay/account: the USDT account. */
export const accountDataSchema = z.object({
  balance: usdtAmountSchema,
  /** all deposits credited */
  totalDeposited: usdtAmountSchema,
  /** all purchases paid from the account, less what was refunded to it */
  totalSpent: usdtAmountSchema,
});
export type AccountData = z.infer<typeof accountDataSchema>;

/** spec §7 pay/preCharge: productType with productId (CARDS or POINTS) or chargeId (POINTS). */
export const preChargeBodySchema = z
  .object({
    productType: productTypeSchema,
    productId: idSchema.optional(),
    chargeId: idSchema.optional(),
    coinCode: z.string().max(16).default(PAY_COIN),
  })
  .superRefine((body, ctx) => {
    if (body.productId === undefined && body.chargeId === undefined) {
      ctx.addIssue({ code: "custom", path: ["productId"], message: "required" });
    }
  });

/** 200 of preCharge: the balance covers the price (else 9002 with the shortfall in the error data). */
export const preChargeDataSchema = z.object({
  productType: z.enum(productTypes),
  productId: z.number().int(),
  price: usdtAmountSchema,
  balance: usdtAmountSchema,
});
export type PreChargeData = z.infer<typeof preChargeDataSchema>;

/** spec §7 pay/confirmPayScenario: buys a package (or, by its productId, a points product) from the balance. */
export const confirmPayScenarioBodySchema = z.object({
  scenario: z.string({ error: "required" }).max(64),
  productId: idSchema,
  /** optional: the product ids of packages and points products do not overlap */
  productType: productTypeSchema.optional(),
  coinCode: z.string().max(16).default(PAY_COIN),
  requestId: requestIdSchema.optional(),
});

/** spec §7 points/pointsCharge: buys a points product from the balance. */
export const pointsChargeBodySchema = z.object({
  chargeId: idSchema,
  requestId: requestIdSchema.optional(),
});

/** An order as the client sees it (spec §3 Order, plus its number, how it was paid and what it gives). */
export const orderSchema = z.object({
  orderNo: z.string(),
  activityType: z.enum(activityTypes),
  productType: z.enum(productTypes),
  productId: z.number().int(),
  /** USDT */
  price: usdtAmountSchema,
  priceStars: z.number().int().nullable(),
  payMethod: z.enum(payMethods),
  status: z.enum(orderStatuses),
  /** the message key of why a failed order failed ("refunded" for a refunded one); null otherwise */
  reason: z.string().nullable(),
  /** what it gives: the card and days of a package, the points (with the extra) of a points product */
  card: z.string().nullable(),
  days: z.number().int().nullable(),
  points: z.number().int().nullable(),
  /** ISO times */
  createTime: z.string(),
  paidTime: z.string().nullable(),
});
export type OrderData = z.infer<typeof orderSchema>;

/** A purchase paid from the balance: the order and the balance after it. */
export const purchaseDataSchema = z.object({
  order: orderSchema,
  balance: usdtAmountSchema,
  /** true when this answers a retry of a purchase made before under the same key */
  replayed: z.boolean(),
});
export type PurchaseData = z.infer<typeof purchaseDataSchema>;

/** A pending order a deposit will pay for (the top-up of spec §4). */
export const openOrderBodySchema = z
  .object({
    productType: productTypeSchema,
    productId: idSchema.optional(),
    chargeId: idSchema.optional(),
    requestId: requestIdSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.productId === undefined && body.chargeId === undefined) {
      ctx.addIssue({ code: "custom", path: ["productId"], message: "required" });
    }
  });

export const openOrderDataSchema = z.object({
  order: orderSchema,
  balance: usdtAmountSchema,
  /** what a deposit must bring at least: the price less the balance ("0" when the balance covers it already) */
  shortfall: usdtAmountSchema,
});
export type OpenOrderData = z.infer<typeof openOrderDataSchema>;

export const orderNoSchema = z.string({ error: "required" }).min(1, { error: "required" }).max(64);

export const getPaidInfoBodySchema = z.object({ orderNo: orderNoSchema });

/** spec §7 pay/getBoughtList (page=1, pageNum=20; data.lists). */
export const boughtListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageNum: z.coerce.number().int().min(1).max(100).default(Limits.orderPageSize),
});
export const boughtListDataSchema = z.object({ lists: z.array(orderSchema), total: z.number().int() });
export type BoughtListData = z.infer<typeof boughtListDataSchema>;

/** spec §7 getPopups (data list): outcomes of the user's orders not shown before, each handed out once. */
export const popupsDataSchema = z.array(orderSchema);
export type PopupsData = z.infer<typeof popupsDataSchema>;

/** The purchase routes; routes.ts takes them in. */
export const payRoutes = {
  payProducts: {
    method: "get",
    path: "/pay/products",
    summary: "The packages and points products on sale, with the chains a top-up can use and whether Stars are offered",
    tag: "pay",
    data: productsDataSchema,
  },
  payAccount: {
    method: "get",
    path: "/pay/account",
    summary: "The signed-in user's USDT account: balance, deposited and spent",
    tag: "pay",
    data: accountDataSchema,
    errors: [4001],
  },
  payPreCharge: {
    method: "post",
    path: "/pay/preCharge",
    summary: "Check a purchase before paying: 200 when the balance covers the price, 9002 with the shortfall otherwise",
    tag: "pay",
    body: preChargeBodySchema,
    maxBodyBytes: 2048,
    data: preChargeDataSchema,
    errors: [4001, 9001, 9002, 9003, 9004],
  },
  payConfirmPayScenario: {
    method: "post",
    path: "/pay/confirmPayScenario",
    summary: "Buy a package from the USDT balance (scenario BUY_POINT_PRODUCT, coin USDT) and get what it gives",
    tag: "pay",
    body: confirmPayScenarioBodySchema,
    maxBodyBytes: 2048,
    data: purchaseDataSchema,
    errors: [4001, 9001, 9002, 9003, 9004],
  },
  pointsCharge: {
    method: "post",
    path: "/points/pointsCharge",
    summary: "Buy a points product from the USDT balance: its points and extra points are credited once",
    tag: "pay",
    body: pointsChargeBodySchema,
    maxBodyBytes: 2048,
    data: purchaseDataSchema,
    errors: [4001, 9001, 9002],
  },
  payOpenOrder: {
    method: "post",
    path: "/pay/openOrder",
    summary: "Open a pending order for a product that a USDT deposit will pay for",
    tag: "pay",
    body: openOrderBodySchema,
    maxBodyBytes: 2048,
    data: openOrderDataSchema,
    errors: [4001, 9001, 9004],
  },
  payGetPaidInfo: {
    method: "post",
    path: "/pay/getPaidInfo",
    summary: "One of the user's orders and its status",
    tag: "pay",
    body: getPaidInfoBodySchema,
    maxBodyBytes: 1024,
    data: orderSchema,
    errors: [4001],
  },
  payGetBoughtList: {
    method: "get",
    path: "/pay/getBoughtList",
    summary: "The user's orders, newest first, paged",
    tag: "pay",
    query: boughtListQuerySchema,
    data: boughtListDataSchema,
    errors: [4001],
  },
  getPopups: {
    method: "get",
    path: "/getPopups",
    summary: "Outcomes of the user's orders not shown before (success, or failure with its reason), each once",
    tag: "pay",
    data: popupsDataSchema,
    errors: [4001],
  },
} as const;
