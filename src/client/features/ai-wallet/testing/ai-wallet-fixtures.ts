import {
  type AiAccountInfoData,
  type AiWalletFrozen,
  aiAccountInfoDataSchema,
  aiWalletFrozenSchema,
  type LimitOrder,
  limitOrderSchema,
  type Withdrawal,
  withdrawalSchema,
} from "../../../../contract/ai-wallet.ts";
import { NATIVE_TOKEN_ADDRESS, type SwapOrder, swapOrderSchema } from "../../../../contract/swap.ts";
import type { RecordedCall, StubReply } from "../../../shared/testing/stub-api.ts";

/** AI wallet answers checked against the contract, so a fixture cannot drift from the server. */

export const AI_ADDRESS = "0x1234567890AbcdEF1234567890aBcdef12345678";
export const USDT = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
export const OWN_WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const WITHDRAW_HASH = `0x${"c3".repeat(32)}`;
export const SWAP_HASH = `0x${"d4".repeat(32)}`;
export const AS_OF = "2026-03-04T05:06:07.000Z";
/** an address of the sanctions list that sent coins to the AI wallet */
export const LISTED_SENDER = "0x8589427373D6D84E98730D7795D8f6f8731FDA16";
export const FROZEN_HASH = `0x${"e5".repeat(32)}`;

const token = (symbol: string, address: string, decimals: number, chainId = 1) => ({
  address,
  symbol,
  decimals,
  chainId,
  logoURI: null,
});
export const ETH_TOKEN = token("ETH", NATIVE_TOKEN_ADDRESS, 18);
export const USDT_TOKEN = token("USDT", USDT, 6);

export function fakeAccountInfo(overrides: Partial<NonNullable<AiAccountInfoData["account"]>> = {}) {
  return aiAccountInfoDataSchema.parse({
    available: true,
    reason: null,
    account: {
      address: AI_ADDRESS,
      createdAt: AS_OF,
      totalUsdAmount: 3500.5,
      coins: [
        {
          chainId: 1,
          address: NATIVE_TOKEN_ADDRESS,
          symbol: "ETH",
          name: "Ether",
          decimals: 18,
          logoURI: null,
          balance: "1.5",
          usdPrice: 2000.33,
          usdValue: 3000.5,
        },
        {
          chainId: 1,
          address: USDT,
          symbol: "USDT",
          name: "Tether USD",
          decimals: 6,
          logoURI: null,
          balance: "500",
          usdPrice: 1,
          usdValue: 500,
        },
        {
          chainId: 1,
          address: "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
          symbol: "TTK",
          name: "Test Token",
          decimals: 18,
          logoURI: null,
          balance: "12",
          usdPrice: null,
          usdValue: null,
        },
      ],
      chains: [
        {
          chainId: 1,
          netWork: "ETH",
          symbol: "ETH",
          readable: true,
          reason: null,
          explorerUrl: "https://etherscan.io",
        },
        {
          chainId: 56,
          netWork: "BSC",
          symbol: "BNB",
          readable: false,
          reason: "balancesUnavailable",
          explorerUrl: "https://bscscan.com",
        },
      ],
      priceSource: "Binance (replay)",
      asOf: AS_OF,
      dailyLimitUsd: 10000,
      dailyUsedUsd: 250,
      frozen: [],
      ...overrides,
    },
  });
}

/** coins the server froze because a sanctioned address sent them (0.25 ETH by default) */
export function fakeFrozen(overrides: Partial<AiWalletFrozen> = {}): AiWalletFrozen {
  const chainId = overrides.chainId ?? 1;
  const txHash = overrides.txHash ?? FROZEN_HASH;
  // the server links the transaction on its chain's explorer (the chains of fakeAccountInfo)
  const explorer = chainId === 56 ? "https://bscscan.com" : "https://etherscan.io";
  return aiWalletFrozenSchema.parse({
    chainId,
    address: NATIVE_TOKEN_ADDRESS,
    symbol: "ETH",
    decimals: 18,
    amount: "0.25",
    fromAddress: LISTED_SENDER,
    txHash,
    txUrl: `${explorer}/tx/${txHash}`,
    foundAt: AS_OF,
    ...overrides,
  });
}

export const unavailable = (reason: "noMasterKey" | "emailLoginNeeded") =>
  aiAccountInfoDataSchema.parse({ available: false, reason, account: null });
export const noWalletYet = () => aiAccountInfoDataSchema.parse({ available: true, reason: null, account: null });

export function fakeWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return withdrawalSchema.parse({
    withdrawId: "WD-1",
    chainId: 1,
    token: USDT_TOKEN,
    amount: "100",
    toAddress: OWN_WALLET,
    status: "awaiting_code",
    statusReason: null,
    txHash: null,
    txUrl: null,
    createdAt: AS_OF,
    expiresAt: "2026-03-04T05:16:07.000Z",
    ...overrides,
  });
}

export function fakeLimitOrder(overrides: Partial<LimitOrder> = {}): LimitOrder {
  return limitOrderSchema.parse({
    orderId: "LO-1",
    chainId: 1,
    side: "sell",
    baseSymbol: "ETH",
    fromToken: ETH_TOKEN,
    toToken: USDT_TOKEN,
    fromAmount: "0.5",
    limitPrice: 2500,
    slippage: "0.5",
    status: "open",
    statusReason: null,
    triggerPrice: null,
    swapOrderId: null,
    receivedAmount: null,
    createdAt: AS_OF,
    expiresAt: "2026-03-11T05:06:07.000Z",
    executedAt: null,
    ...overrides,
  });
}

export function fakeSwapOrder(overrides: Partial<SwapOrder> = {}): SwapOrder {
  return swapOrderSchema.parse({
    orderId: "SW-9",
    type: "market",
    createdAt: AS_OF,
    updatedAt: AS_OF,
    source: "Uniswap v2",
    fromChainId: 1,
    toChainId: 1,
    fromToken: ETH_TOKEN,
    toToken: USDT_TOKEN,
    fromAmount: "0.1",
    toAmount: "200",
    toAmountMin: "199",
    receivedAmount: "200.1",
    fromAddress: AI_ADDRESS,
    toAddress: AI_ADDRESS,
    approveHash: null,
    transferOutHash: SWAP_HASH,
    transferInHash: null,
    transferOutUrl: `https://etherscan.io/tx/${SWAP_HASH}`,
    transferInUrl: null,
    status: "completed",
    statusReason: null,
    ...overrides,
  });
}

/**
 * A fake /v2/api for the AI wallet: the wallet, its deposit and withdraw facts, empty lists, ETH's market price;
 * `extra` answers a call first (or leaves it to the defaults).
 */
export function aiWalletServer(
  extra: (call: RecordedCall) => StubReply | undefined = () => undefined,
  info: AiAccountInfoData = fakeAccountInfo(),
) {
  return (call: RecordedCall): StubReply => {
    const answer = extra(call);
    if (answer) return answer;
    switch (call.path) {
      case "getAIAccountInfo":
        return { data: info };
      case "aiAccount/deposit":
        return {
          data: { chainId: 1, netWork: "ETH", address: AI_ADDRESS, qrCode: "data:image/png;base64,iVBORw0KGgo=" },
        };
      case "getWithdrawInfo":
        return {
          data: {
            chainId: 1,
            token: USDT_TOKEN,
            balance: "500",
            maxAmount: "500",
            frozenAmount: "0",
            gasNative: "0.00042",
            email: "in***@example.com",
            dailyLimitUsd: 10000,
            dailyUsedUsd: 250,
          },
        };
      case "aiAccount/withdrawals":
        return { data: { lists: [] } };
      case "aiAccount/limitOrders":
        return { data: { lists: [] } };
      case "getRealTimePrice":
        return {
          data: {
            list: [{ coinAbbr: "ETH", lastPrice: 2000.33, change: 1.2 }],
            source: { mode: "replay", provider: "Binance (replay)", at: AS_OF },
          },
        };
      default:
        return { code: 1001, data: null, msg: `no fake for ${call.path}` };
    }
  };
}
