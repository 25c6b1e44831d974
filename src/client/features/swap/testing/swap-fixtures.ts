import { vi } from "vitest";
import {
  type ChainEntry,
  NATIVE_TOKEN_ADDRESS,
  quoteSchema,
  type SwapOrder,
  type SwapQuote,
  type SwapToken,
  supportChainListDataSchema,
  swapOrderSchema,
  tokenListDataSchema,
  walletAssetsDataSchema,
} from "../../../../contract/swap.ts";
import type { RecordedCall, StubReply } from "../../../shared/testing/stub-api.ts";

/** Swap answers checked against the contract, so a fixture cannot drift from the server. */

export const WALLET = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
export const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
export const WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
export const ROUTER = "0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D";
export const APPROVE_HASH = `0x${"a1".repeat(32)}`;
export const SWAP_HASH = `0x${"b2".repeat(32)}`;

function chain(chainId: number, netWork: string, name: string, symbol: string, walletConnect: boolean): ChainEntry {
  return {
    netWork,
    chainId,
    name,
    symbol,
    decimals: 18,
    gasLimit: 500_000,
    rpcUrl: `https://rpc.${netWork.toLowerCase()}.test`,
    blockExplorerUrls: [`https://explorer.${netWork.toLowerCase()}.test`],
    isEvm: true,
    walletConnect,
    swappable: true,
    multicall: true,
  };
}

export function fakeChains() {
  return supportChainListDataSchema.parse({
    chains: [
      chain(1, "ETH", "Ethereum", "ETH", true),
      chain(137, "POLYGON", "Polygon", "POL", true),
      chain(8453, "BASE", "Base", "ETH", false),
      { ...chain(0, "BTC", "Bitcoin", "BTC", false), isEvm: false, swappable: false },
    ],
  });
}

export function token(symbol: string, address: string, decimals: number, chainId = 1): SwapToken {
  return {
    symbol,
    name: symbol === "ETH" ? "Ether" : symbol === "USDC" ? "USD Coin" : "Wrapped Ether",
    address,
    decimals,
    logoURI: null,
    isCrossEnable: true,
    isEnable: true,
    chain: chainId === 1 ? "ETH" : chainId === 8453 ? "BASE" : "POLYGON",
    chainId,
  };
}

export function fakeTokenList(chainId: number) {
  return tokenListDataSchema.parse({
    chainId,
    tokens: [
      token("ETH", NATIVE_TOKEN_ADDRESS, 18, chainId),
      token("USDC", USDC, 6, chainId),
      token("WETH", WETH, 18, chainId),
    ],
    source: "@uniswap/default-token-list 13.0.0",
  });
}

export function fakeAssets(chainId: number, balances: { eth?: string; usdc?: string } = {}) {
  const eth = balances.eth ?? "2";
  const usdc = balances.usdc ?? "1000";
  return walletAssetsDataSchema.parse({
    address: WALLET,
    chainId,
    assets: [
      {
        address: NATIVE_TOKEN_ADDRESS,
        symbol: "ETH",
        decimals: 18,
        balance: eth,
        raw: (BigInt(Math.round(Number(eth) * 1e6)) * 10n ** 12n).toString(),
      },
      {
        address: USDC,
        symbol: "USDC",
        decimals: 6,
        balance: usdc,
        raw: BigInt(Math.round(Number(usdc) * 1e6)).toString(),
      },
    ],
    tokensRead: 3,
    batches: 1,
    method: "multicall",
    truncated: false,
    blockNumber: "19000000",
    asOf: "2026-03-04T05:06:07.000Z",
    source: "ETH",
  });
}

const quoteToken = (symbol: string, address: string, decimals: number) => ({
  address,
  symbol,
  decimals,
  chainId: 1,
  logoURI: null,
});

/** 100 USDC for ETH on Ethereum through Uniswap v2, needing an approval, with a 0.3% fee. */
export function fakeQuote(overrides: Partial<SwapQuote> = {}): SwapQuote {
  return quoteSchema.parse({
    quoteId: "Q-1",
    source: "LI.FI",
    fromToken: quoteToken("USDC", USDC, 6),
    toToken: quoteToken("ETH", NATIVE_TOKEN_ADDRESS, 18),
    fromAmount: "100",
    toAmount: "0.0321",
    toAmountMin: "0.03194",
    rate: "0.000321",
    slippage: "0.5",
    gasNative: "0.0012",
    gasUsd: "3.87",
    route: [{ tool: "uniswap", type: "swap", fromChainId: 1, toChainId: 1 }],
    estimatedSeconds: 30,
    fee: { bps: 30, amount: "0.3" },
    approval: { spender: ROUTER, amount: "100000000" },
    warnings: [],
    compared: [
      { source: "Velora", toAmount: "0.0319", reason: null },
      { source: "0x", toAmount: null, reason: "noQuotation" },
    ],
    quotedAt: "2026-03-04T05:06:07.000Z",
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    ...overrides,
  });
}

export function fakeOrder(overrides: Partial<SwapOrder> = {}): SwapOrder {
  return swapOrderSchema.parse({
    orderId: "SW-7",
    type: "market",
    createdAt: "2026-03-04T05:06:07.000Z",
    updatedAt: "2026-03-04T05:06:07.000Z",
    source: "LI.FI",
    fromChainId: 1,
    toChainId: 1,
    fromToken: quoteToken("USDC", USDC, 6),
    toToken: quoteToken("ETH", NATIVE_TOKEN_ADDRESS, 18),
    fromAmount: "100",
    toAmount: "0.0321",
    toAmountMin: "0.03194",
    receivedAmount: null,
    fromAddress: WALLET,
    toAddress: WALLET,
    approveHash: null,
    transferOutHash: null,
    transferInHash: null,
    transferOutUrl: null,
    transferInUrl: null,
    status: "awaiting_deposit",
    statusReason: null,
    ...overrides,
  });
}

export function fakeSwapData(withApproval = true) {
  return {
    order: fakeOrder(),
    approveTx: withApproval
      ? { chainId: 1, from: WALLET, to: USDC, data: `0x095ea7b3${"0".repeat(128)}`, value: "0", gas: "60000" }
      : null,
    swapTx: { chainId: 1, from: WALLET, to: ROUTER, data: "0x38ed1739", value: "0", gas: "250000" },
  };
}

/**
 * A fake /v2/api for the swap screen: the chain table, token lists and balances always; `extra` answers the rest
 * (quotes, orders) or leaves the default (the fixture quote).
 */
export function swapServer(extra: (call: RecordedCall) => StubReply | undefined = () => undefined) {
  return (call: RecordedCall): StubReply => {
    const answer = extra(call);
    if (answer) return answer;
    switch (call.path) {
      case "app/config":
        return {
          data: {
            googleClientId: null,
            walletConnectProjectId: null,
            turnstileSiteKey: null,
            telegramBotId: null,
            tonConnectManifestUrl: null,
            signInChainIds: [1, 10, 56, 100, 137, 324, 42161, 42220, 43114],
          },
        };
      case "getSupportChainList":
        return { data: fakeChains() };
      case "swap/getTokenList":
        return { data: fakeTokenList(Number(call.query.get("chainId"))) };
      case "getWalletAssets":
        return { data: fakeAssets(Number(call.query.get("chainId"))) };
      case "swap/getQuoteData":
        return { data: { quote: fakeQuote() } };
      default:
        return { code: 1001, data: null, msg: `no fake for ${call.path}` };
    }
  };
}

export interface WalletCall {
  method: string;
  params?: readonly unknown[];
}

/**
 * An injected EIP-1193 wallet (window.ethereum) holding WALLET, on `chainId`; it sends transactions (the approval
 * first, then the swap), mines them at once and answers an allowance of `allowance`. `connected`: the site was
 * allowed before (eth_accounts answers the account without a prompt).
 */
export function injectWallet(
  options: { chainId?: number; allowance?: bigint; connected?: boolean; knownChains?: number[] } = {},
) {
  const calls: WalletCall[] = [];
  let chainId = options.chainId ?? 1;
  const known = new Set(options.knownChains ?? [1, 137]);
  let sent = 0;
  const provider = {
    request: vi.fn(async ({ method, params }: WalletCall) => {
      calls.push(params ? { method, params } : { method });
      switch (method) {
        case "eth_accounts":
          return options.connected === false ? [] : [WALLET];
        case "eth_requestAccounts":
          return [WALLET];
        case "eth_chainId":
          return `0x${chainId.toString(16)}`;
        case "wallet_switchEthereumChain": {
          const [target] = params as [{ chainId: string }];
          const next = Number.parseInt(target.chainId, 16);
          if (!known.has(next)) throw Object.assign(new Error("Unrecognized chain"), { code: 4902 });
          chainId = next;
          return null;
        }
        case "wallet_addEthereumChain": {
          const [chainParams] = params as [{ chainId: string }];
          const next = Number.parseInt(chainParams.chainId, 16);
          known.add(next);
          chainId = next;
          return null;
        }
        case "eth_call":
          return `0x${(options.allowance ?? 0n).toString(16).padStart(64, "0")}`;
        case "eth_sendTransaction":
          sent += 1;
          return sent === 1 && (options.allowance ?? 0n) === 0n ? APPROVE_HASH : SWAP_HASH;
        case "eth_getTransactionReceipt":
          return { status: "0x1", transactionHash: (params as [string])[0] };
        default:
          throw Object.assign(new Error("unsupported"), { code: 4200 });
      }
    }),
  };
  Reflect.set(window, "ethereum", provider);
  return { calls, provider };
}
