import {
  type DepositQrCodeData,
  type DepositStatusData,
  depositQrCodeDataSchema,
  depositStatusDataSchema,
  type SupportedCoinListData,
  supportedCoinListDataSchema,
} from "../../../../contract/deposits.ts";
import {
  type OrderData,
  orderSchema,
  type ProductsData,
  type PurchaseData,
  productsDataSchema,
  purchaseDataSchema,
} from "../../../../contract/pay.ts";
import { type UserInfoData, userInfoDataSchema } from "../../../../contract/user.ts";
import type { RecordedCall, StubReply } from "../../../shared/testing/stub-api.ts";

/** The pay answers, checked against the contract so a fixture cannot drift from the server. */

export const DEPOSIT_ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const USDT_CONTRACT = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
export const TX_HASH = `0x${"ab".repeat(32)}`;

export function fakeProducts(overrides: Partial<ProductsData> = {}): ProductsData {
  return productsDataSchema.parse({
    packages: [
      {
        productId: 1,
        name: "trial1",
        card: "1",
        days: 1,
        price: "0.99",
        dailyCost: "7.13",
        oncePerAccount: true,
        priceStars: null,
      },
      {
        productId: 3,
        name: "monthly",
        card: "3",
        days: 30,
        price: "19.99",
        dailyCost: "4.80",
        oncePerAccount: false,
        priceStars: null,
      },
      {
        productId: 5,
        name: "annual",
        card: "5",
        days: 365,
        price: "159.99",
        dailyCost: null,
        oncePerAccount: false,
        priceStars: null,
      },
    ],
    pointsProducts: [
      { chargeId: 1, productId: 101, points: 1000, extraPoints: 0, price: "1", priceStars: null },
      { chargeId: 2, productId: 102, points: 5000, extraPoints: 250, price: "5", priceStars: null },
    ],
    usdtChains: [{ chain: "ETH", chainId: 1, tokenDecimals: 6 }],
    stars: { available: false },
    ...overrides,
  });
}

export function fakeCoinList(configured = true): SupportedCoinListData {
  return supportedCoinListDataSchema.parse({
    configured,
    relatedCoins: configured
      ? [
          {
            coinCode: "USDT",
            mainNetwork: "ETH",
            contact: USDT_CONTRACT,
            chainId: 1,
            decimals: 6,
            depositAddress: DEPOSIT_ADDRESS,
            confirmations: 3,
            kind: "evm",
          },
          {
            coinCode: "USDT",
            mainNetwork: "TRON",
            contact: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
            chainId: null,
            decimals: 6,
            depositAddress: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf",
            confirmations: 19,
            kind: "tron",
          },
        ]
      : [],
    minUsdt: "0.1",
  });
}

/** transfer(DEPOSIT_ADDRESS, 19.99 USDT) as the server encodes it. */
const TRANSFER_CALL = `0xa9059cbb${DEPOSIT_ADDRESS.slice(2).toLowerCase().padStart(64, "0")}${(19_990_000).toString(16).padStart(64, "0")}`;

export function fakeDepositQr(chain = "ETH"): DepositQrCodeData {
  const evm = chain !== "TRON";
  return depositQrCodeDataSchema.parse({
    qrCode: "data:image/png;base64,iVBORw0KGgo=",
    uri: evm ? `ethereum:${USDT_CONTRACT}@1/transfer?address=${DEPOSIT_ADDRESS}&uint256=19990000` : DEPOSIT_ADDRESS,
    depositAddress: evm ? DEPOSIT_ADDRESS : "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf",
    amount: "19.99",
    chain,
    chainId: evm ? 1 : null,
    orderNo: "ORD-1",
    price: "19.99",
    transferData: {
      tokenAddress: evm ? USDT_CONTRACT : "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      callData: evm ? TRANSFER_CALL : null,
      tokenDecimals: 6,
      amountUnits: "19990000",
    },
    confirmations: evm ? 3 : 19,
  });
}

export function fakeDepositStatus(status: Partial<DepositStatusData> = {}): DepositStatusData {
  return depositStatusDataSchema.parse({
    status: "pending",
    reason: "awaitingConfirmations",
    chain: "ETH",
    txHash: TX_HASH,
    orderNo: "ORD-1",
    orderStatus: "pending",
    amount: "19.99",
    credited: "0",
    confirmations: 1,
    requiredConfirmations: 3,
    balance: "0",
    ...status,
  });
}

export function fakeOrder(order: Partial<OrderData> = {}): OrderData {
  return orderSchema.parse({
    orderNo: "ORD-1",
    activityType: "BUY_POINT_PRODUCT",
    productType: "CARDS",
    productId: 3,
    price: "19.99",
    priceStars: null,
    payMethod: "usdt",
    status: "success",
    reason: null,
    card: "3",
    days: 30,
    points: null,
    createTime: "2026-03-27T08:30:00.000Z",
    paidTime: "2026-03-27T08:31:00.000Z",
    ...order,
  });
}

export function fakePurchase(order: Partial<OrderData> = {}, balance = "0.01"): PurchaseData {
  return purchaseDataSchema.parse({ order: fakeOrder(order), balance, replayed: false });
}

/** user/info of a signed-in user on a given card. */
export function fakeMemberInfo(info: Partial<UserInfoData> = {}): UserInfoData {
  const unlimited = info.card !== undefined && info.card !== "0";
  return userInfoDataSchema.parse({
    card: "0",
    queryTimes: {
      today: unlimited ? { remain: 0, total: 0 } : { remain: 1, total: 2 },
      exchange: { remain: 0, total: 0 },
      isUnlimited: unlimited,
    },
    dataAnalysisTimes: { remain: 0, total: 0, isUnlimited: unlimited },
    allowance_num: 0,
    expiredTime: null,
    expiredDays: 0,
    timeAlert: false,
    edition: "PLUSEdition",
    ...info,
  });
}

/** An answer for each pay read a dialog makes on its own; `extra` answers (or overrides) the rest. */
export function payServer(extra: (call: RecordedCall) => StubReply | undefined = () => undefined) {
  return (call: RecordedCall): StubReply => {
    const answer = extra(call);
    if (answer) return answer;
    switch (call.path) {
      case "getPopups":
        return { data: [] };
      case "pay/products":
        return { data: fakeProducts() };
      case "pay/account":
        return { data: { balance: "0", totalDeposited: "0", totalSpent: "0" } };
      case "pay/getSupportedCoinList":
        return { data: fakeCoinList() };
      case "user/info":
        return { data: fakeMemberInfo() };
      default:
        return { status: 404, code: 1001, data: { key: "notFound" } };
    }
  };
}
