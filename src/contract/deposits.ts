import { z } from "zod";

/**
 * USDT deposits checked on chain (spec §3 upload-hash payload, deposit QR response, supported coin; §4 top-up; §7
 * pay/getSupportedCoinList, pay/getDepositQrCode, pay/getUserDepositQrCode, pay/uploadHash, bscHashCheck).
 *
 * A deposit is a USDT transfer to this server's deposit address on one of the configured chains. The user uploads
 * its hash; the server reads the transaction from the chain itself and credits the USDT account (micro-USDT) once
 * the transfer is confirmed. A deposit made for an order then pays the order from the account.
 */

/** The coin deposits are taken in (spec §9: payments in USDT). */
export const DEPOSIT_COIN = "USDT";

/** USDT amounts travel as decimal strings with at most 6 decimals ("19.99", "0.5", "0"), never as floats. */
export const usdtDecimalSchema = z.string().regex(/^\d+(\.\d{1,6})?$/);

/** A chain's code as configured on the server: ETH, BSC, POLYGON, TRON, ... */
export const chainCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_]{2,16}$/, "wrongChain"));

/**
 * A transaction hash: 0x and 64 hex digits on EVM chains, 64 hex digits on TRON (an 0x prefix is accepted there
 * too). The spec's hash field takes 5-150 characters; anything that is not a hash is malformedHash.
 */
export const txHashSchema = z
  .string()
  .trim()
  .min(5, "malformedHash")
  .max(150, "malformedHash")
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, "malformedHash");

/** One chain deposits can be made on (spec §3 supported coin: relatedCoins with coinCode, mainNetwork, contact). */
export const relatedCoinSchema = z.object({
  coinCode: z.literal(DEPOSIT_COIN),
  /** the chain's code (ETH, BSC, POLYGON, TRON, ...) */
  mainNetwork: z.string(),
  /** the USDT token contract on that chain (spec's field name) */
  contact: z.string(),
  /** the EVM chain id; null on TRON */
  chainId: z.number().int().nullable(),
  /** the token's decimals on that chain (6 on ETH and TRON, 18 on BSC) */
  decimals: z.number().int(),
  depositAddress: z.string(),
  /** blocks on top of the transfer's block (its own included) before a deposit is credited */
  confirmations: z.number().int(),
  /** "evm" or "tron": how a wallet pays on it */
  kind: z.enum(["evm", "tron"]),
});
export type RelatedCoin = z.infer<typeof relatedCoinSchema>;

export const supportedCoinListDataSchema = z.object({
  /** false when no chain is configured on this server: payments by USDT are not set up (relatedCoins is empty) */
  configured: z.boolean(),
  relatedCoins: z.array(relatedCoinSchema),
  /** the smallest deposit credited, in USDT (spec §9: under 0.1 USDT ignored) */
  minUsdt: z.string(),
});
export type SupportedCoinListData = z.infer<typeof supportedCoinListDataSchema>;

/** spec §3 product types: a package (membership card) or a points product */
export const depositProductTypeSchema = z.enum(["CARDS", "POINTS"]);

/** POST pay/getDepositQrCode: opens a pending order for the product and answers where and how much to pay. */
export const depositQrCodeBodySchema = z.object({
  productType: depositProductTypeSchema,
  productId: z.coerce.number().int().min(1).max(1_000_000),
  coinCode: z.literal(DEPOSIT_COIN, "coinNoRecharge").default(DEPOSIT_COIN),
  /** the chain to pay on; the first configured chain when absent */
  chain: chainCodeSchema.optional(),
});
export type DepositQrCodeBody = z.infer<typeof depositQrCodeBodySchema>;

/** POST pay/getUserDepositQrCode: a top-up of the USDT account without a product. */
export const userDepositQrCodeBodySchema = z.object({
  coinCode: z.literal(DEPOSIT_COIN, "coinNoRecharge").default(DEPOSIT_COIN),
  chain: chainCodeSchema.optional(),
  /** the amount the QR code asks for, in USDT (at least 0.1); absent: the QR carries the address alone */
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, "invalidValue")
    .optional(),
});
export type UserDepositQrCodeBody = z.infer<typeof userDepositQrCodeBodySchema>;

/** How a wallet pays: the token contract and, on EVM chains, the ERC-20 transfer(to, amount) call's data. */
export const transferDataSchema = z.object({
  tokenAddress: z.string(),
  /** 0x-hex of transfer(depositAddress, amount in the token's units); null on TRON and when no amount is asked */
  callData: z.string().nullable(),
  tokenDecimals: z.number().int(),
  /** the amount in the token's smallest units (a decimal integer string); null when no amount is asked */
  amountUnits: z.string().nullable(),
});

/** spec §3 deposit QR response: qrCode, depositAddress, transferData; plus what the dialog shows. */
export const depositQrCodeDataSchema = z.object({
  /** a PNG data URL of `uri` */
  qrCode: z.string(),
  /** what the QR code encodes: an EIP-681 URI on EVM chains, the deposit address on TRON */
  uri: z.string(),
  depositAddress: z.string(),
  /** the USDT to send ("19.99"): the order's price less the balance; null for a top-up without an amount */
  amount: usdtDecimalSchema.nullable(),
  chain: z.string(),
  chainId: z.number().int().nullable(),
  /** the order the deposit pays for; null for a top-up */
  orderNo: z.string().nullable(),
  /** the order's price in USDT ("19.99"); null for a top-up */
  price: usdtDecimalSchema.nullable(),
  transferData: transferDataSchema,
  /** confirmations the server waits for on this chain */
  confirmations: z.number().int(),
});
export type DepositQrCodeData = z.infer<typeof depositQrCodeDataSchema>;

/** spec §3 upload-hash payload, plus the order the deposit pays for. */
export const uploadHashBodySchema = z.object({
  chargeHash: txHashSchema,
  chargeChain: chainCodeSchema,
  /** with productId: the product the deposit pays for (its latest pending order when orderNo is absent) */
  productType: depositProductTypeSchema.optional(),
  productId: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** the wallet that sent it ("MetaMask", ...), or absent when paid by QR code */
  usedPlugin: z.string().trim().max(40).optional(),
  orderNo: z.string().trim().min(1).max(64).optional(),
});
export type UploadHashBody = z.infer<typeof uploadHashBodySchema>;

/**
 * Why a deposit is pending or failed (message keys). Pending: awaitingConfirmations, txNotFound (not mined yet, or
 * never: it fails once the deadline passes), rpcUnavailable and rpcInconsistent (the chain's node failed or
 * contradicted itself; a later check can succeed). Failed: the rest. amountTooSmall on an order: the transfer was
 * credited to the USDT account but does not cover the order, which stays pending.
 */
export const depositReasons = [
  "awaitingConfirmations",
  "txNotFound",
  "rpcUnavailable",
  "rpcInconsistent",
  "txReverted",
  "wrongChain",
  "wrongToken",
  "wrongRecipient",
  "amountTooSmall",
  "txBeforeOrder",
  "orderNotPayable",
  /** sent from an address on the OFAC sanctions list: refused, not credited */
  "sanctionedAddress",
] as const;
export type DepositReason = (typeof depositReasons)[number];

/** The errors the deposit routes answer besides field validation (message keys). */
export const depositErrorKeys = ["paymentsNotConfigured", "hashUsed", "orderNotFound", "depositNotFound"] as const;

export const depositStatusDataSchema = z.object({
  /** pending: being checked; success: credited (and the order paid when there is one); failed: see reason */
  status: z.enum(["pending", "success", "failed"]),
  reason: z.enum(depositReasons).nullable(),
  chain: z.string(),
  txHash: z.string(),
  orderNo: z.string().nullable(),
  /** the order's status after the deposit: pending, success, failed; null without an order */
  orderStatus: z.string().nullable(),
  /** the USDT the transfer carried to the deposit address, once read from the chain */
  amount: usdtDecimalSchema.nullable(),
  /** the USDT credited to the USDT account by this deposit ("0" until it is) */
  credited: usdtDecimalSchema,
  /** confirmations seen at the last check, and how many are needed */
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int(),
  /** the USDT account's balance after the check */
  balance: usdtDecimalSchema,
});
export type DepositStatusData = z.infer<typeof depositStatusDataSchema>;

/** GET bscHashCheck: the caller's deposit by hash; a pending one is checked again first. */
export const hashCheckQuerySchema = z.object({
  hash: txHashSchema,
  chain: chainCodeSchema.optional(),
});

/** The deposit routes; routes.ts takes them in (and checks them against its RouteContract). */
export const depositRoutes = {
  getSupportedCoinList: {
    method: "get",
    path: "/pay/getSupportedCoinList",
    summary:
      "The chains USDT deposits are taken on (token contract, chain id, decimals, deposit address, confirmations); configured false when payments are not set up on this server",
    tag: "pay",
    data: supportedCoinListDataSchema,
  },
  getDepositQrCode: {
    method: "post",
    path: "/pay/getDepositQrCode",
    summary:
      "Open a pending order for a package (CARDS) or points product (POINTS) and answer the deposit address, amount, QR code (EIP-681 URI on EVM chains, the address on TRON) and the ERC-20 transfer call",
    tag: "pay",
    body: depositQrCodeBodySchema,
    maxBodyBytes: 4 * 1024,
    data: depositQrCodeDataSchema,
    errors: [4001, 5001, 9001, 9004],
  },
  getUserDepositQrCode: {
    method: "post",
    path: "/pay/getUserDepositQrCode",
    summary: "The deposit address and QR code for a top-up of the USDT account (no product)",
    tag: "pay",
    body: userDepositQrCodeBodySchema,
    maxBodyBytes: 4 * 1024,
    data: depositQrCodeDataSchema,
    errors: [4001, 5001],
  },
  uploadHash: {
    method: "post",
    path: "/pay/uploadHash",
    summary:
      "Report a deposit's transaction hash: the server reads it from the chain (status, USDT Transfer to the deposit address, amount, confirmations, time) and credits it once; answers pending, success or failed with the reason",
    tag: "pay",
    body: uploadHashBodySchema,
    maxBodyBytes: 4 * 1024,
    data: depositStatusDataSchema,
    errors: [4001, 5001, 8002, 9001],
  },
  bscHashCheck: {
    method: "get",
    path: "/bscHashCheck",
    summary: "The caller's deposit by hash (a pending one is checked on chain again first)",
    tag: "pay",
    query: hashCheckQuerySchema,
    data: depositStatusDataSchema,
    errors: [4001, 5001],
  },
} as const;
