import type { SwapOrder } from "../../../../../contract/swap.ts";

const token = (symbol: string, address: string, chainId = 1) => ({
  address,
  symbol,
  decimals: 18,
  chainId,
  logoURI: null,
});

/** A swap order as getOrderStatus answers it: 1.5 ETH for USDC on Ethereum, awaiting its deposit. */
export function fakeSwapOrder(overrides: Partial<SwapOrder> = {}): SwapOrder {
  return {
    orderId: "SW1001",
    type: "market",
    createdAt: "2026-03-04T05:06:07.000Z",
    updatedAt: "2026-03-04T05:06:07.000Z",
    source: "LI.FI",
    fromChainId: 1,
    toChainId: 1,
    fromToken: token("ETH", "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"),
    toToken: token("USDC", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"),
    fromAmount: "1.5",
    toAmount: "4500.123456789",
    toAmountMin: "4477.6",
    receivedAmount: null,
    fromAddress: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    toAddress: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    approveHash: null,
    transferOutHash: null,
    transferInHash: null,
    transferOutUrl: null,
    transferInUrl: null,
    status: "awaiting_deposit",
    statusReason: null,
    ...overrides,
  };
}

export const OUT_HASH = `0xabcd${"1".repeat(56)}ef01`;
export const IN_HASH = `0x9876${"2".repeat(56)}5432`;
