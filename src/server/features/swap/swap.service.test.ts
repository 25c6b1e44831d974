import pino from "pino";
import { createPublicClient, custom, decodeFunctionData, erc20Abi, getAddress } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ChainEntry, NATIVE_TOKEN_ADDRESS, type SwapToken } from "../../../contract/swap.ts";
import { ApiError } from "../../api-error.ts";
import { parseSwapSettings, type SwapSettings, swapEnvSchema } from "../../config-swap.ts";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { swapOrders, swapQuotes } from "../../db/schema.ts";
import { manualClock } from "../../providers/clock.ts";
import { QuoteError, type QuoteSource, type SourceQuote } from "../../providers/swap/quote-source.ts";
import type { ChainTable, TokenLists, WalletBalances } from "./ports.ts";
import { createSwapService } from "./swap.service.ts";
import { createSwapOrdersRepository } from "./swap-orders.repository.ts";
import { createSwapTracker } from "./swap-tracker.ts";

/**
 * The swap service over fakes of its ports (chain table without nodes, token lists, balances, quote sources) and a
 * real database (PGlite in memory): choosing among sources, the failures' answers, validation, the order's
 * approval, funds and daily-limit checks, idempotent retries, expiry, cancelling and the timeout of an order never
 * sent. The whole path on a real chain is tests/api/swap*.test.ts.
 */

const CHAIN = 1;
const USDC = getAddress("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48");
const PEPE = getAddress("0x6982508145454ce325ddbe47a25d4ec3d2311933");
const ROUTER = getAddress("0x1111111254eeb25477b68fb85ed929f73a960582");
const WALLET = getAddress("0x00000000000000000000000000000000000a11ce");
const OTHER_WALLET = getAddress("0x0000000000000000000000000000000000000b0b");

const chainEntry: ChainEntry = {
  netWork: "ETH",
  chainId: CHAIN,
  name: "Ethereum",
  symbol: "ETH",
  decimals: 18,
  gasLimit: 500_000,
  rpcUrl: "http://127.0.0.1:1",
  blockExplorerUrls: ["https://etherscan.io"],
  isEvm: true,
  walletConnect: true,
  swappable: true,
  multicall: true,
};
const chains: ChainTable = {
  all: () => [chainEntry],
  byId: (id) => (id === CHAIN ? chainEntry : undefined),
  client: () => undefined,
  txUrl: (_id, hash) => `https://etherscan.io/tx/${hash}`,
};
const token = (address: string, symbol: string, decimals: number): SwapToken => ({
  symbol,
  name: symbol,
  address,
  decimals,
  logoURI: null,
  isCrossEnable: false,
  isEnable: true,
  chain: "ETH",
  chainId: CHAIN,
});
const listed = [token(NATIVE_TOKEN_ADDRESS, "ETH", 18), token(USDC, "USDC", 6), token(PEPE, "PEPE", 18)];
const tokens: TokenLists = {
  list: async () => ({ tokens: listed, source: "test" }),
  find: async (_chainId, address) => listed.find((t) => t.address.toLowerCase() === address.toLowerCase()),
};

const held = { native: 10n ** 18n, token: 10n ** 12n, allowance: 0n };
const balances: WalletBalances = {
  assets: async () => {
    throw new Error("not used");
  },
  balanceOf: async (_owner, _chainId, address) => (address === NATIVE_TOKEN_ADDRESS ? held.native : held.token),
  allowance: async () => held.allowance,
  forget: () => undefined,
};

function answer(toAmount: bigint, more: Partial<SourceQuote> = {}): SourceQuote {
  return {
    source: "Fake",
    toAmount: toAmount.toString(),
    toAmountMin: ((toAmount * 99n) / 100n).toString(),
    gasNative: "1000000000000000",
    gasUsd: "3.10",
    route: [{ tool: "fake-dex", type: "swap", fromChainId: CHAIN, toChainId: CHAIN }],
    estimatedSeconds: 30,
    approvalSpender: ROUTER,
    feeAmount: "0",
    tx: null,
    build: { marker: 1 },
    ...more,
  };
}

function source(id: string, quote: QuoteSource["quote"]): QuoteSource {
  return {
    id,
    label: id.toUpperCase(),
    supports: (request) => request.fromChainId === request.toChainId,
    quote,
    buildTx: async (request) => ({
      to: ROUTER,
      data: `0xdeadbeef${request.fromAddress.slice(2).toLowerCase()}`,
      value: "0",
      gas: "200000",
    }),
  };
}

let handle: DatabaseHandle;
const clock = manualClock(new Date("2026-05-01T10:00:00Z"));
const logger = pino({ level: "silent" });
let settings: SwapSettings;

/** a chain table whose node answers eth_getCode: code at the contract wallet, none elsewhere */
const CONTRACT_WALLET = getAddress("0x000000000000000000000000000000000000c0de");
const withNode: ChainTable = {
  ...chains,
  client: () =>
    createPublicClient({
      transport: custom({
        request: async ({ method, params }: { method: string; params?: unknown }) => {
          if (method !== "eth_getCode") throw new Error(`not faked: ${method}`);
          const [address] = params as [string];
          return address.toLowerCase() === CONTRACT_WALLET.toLowerCase() ? "0x6080604052" : "0x";
        },
      }),
    }),
};

function service(sources: QuoteSource[], overrides: Partial<SwapSettings> = {}, table: ChainTable = chains) {
  const all = { ...settings, ...overrides };
  const repository = createSwapOrdersRepository(handle.db);
  const tracker = createSwapTracker({ repository, chains: table, sources, clock, logger, settings: all });
  const swap = createSwapService({
    repository,
    chains: table,
    tokens,
    balances,
    sources,
    tracker,
    settings: all,
    usdPrice: (symbol) => ({ ETH: 3000, USDC: 1 })[symbol],
    clock,
    logger,
  });
  return { swap, tracker };
}

const query = (more: Record<string, string> = {}) => ({
  fromChainId: CHAIN,
  toChainId: CHAIN,
  fromToken: USDC,
  toToken: PEPE,
  amount: "100",
  slippage: "0.5",
  ...more,
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  settings = { ...parseSwapSettings(swapEnvSchema.parse({ SWAP_SOURCES: "none" }), {}), quoteTimeoutMs: 200 };
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  held.native = 10n ** 18n;
  held.token = 10n ** 12n;
  held.allowance = 0n;
  await handle.db.delete(swapOrders);
  await handle.db.delete(swapQuotes);
});

describe("quotes", () => {
  it("keeps the best answer and compares the others with their reasons", async () => {
    const { swap } = service([
      source("a", async () => answer(500n * 10n ** 18n)),
      source("b", async () => answer(700n * 10n ** 18n, { source: "B" })),
      source("c", async () => {
        throw new QuoteError("insufficientLiquidity", "no pool");
      }),
    ]);
    const { quote } = await swap.quote(query({ fromAddress: WALLET }), undefined);
    expect(quote).toMatchObject({
      source: "B",
      fromAmount: "100",
      toAmount: "700",
      toAmountMin: "693",
      rate: "7",
      gasNative: "0.001",
      fee: { bps: 0, amount: "0" },
      approval: { spender: ROUTER, amount: "100000000" },
      warnings: [],
      compared: [
        { source: "Fake", toAmount: "500", reason: null },
        { source: "C", toAmount: null, reason: "insufficientLiquidity" },
      ],
      expiresAt: new Date(clock.now().getTime() + settings.quoteTtlSeconds * 1000).toISOString(),
    });
  });

  it("warns of high slippage at 15% and takes the native coin without approval", async () => {
    const { swap } = service([source("a", async () => answer(10n ** 18n, { approvalSpender: null }))]);
    const { quote } = await swap.quote(query({ fromToken: NATIVE_TOKEN_ADDRESS, amount: "0.5", slippage: "15" }), 7);
    expect(quote.warnings).toEqual(["highSlippage"]);
    expect(quote.approval).toBeNull();
  });

  it("answers the most telling failure: about the amount before a source that is down", async () => {
    const { swap } = service([
      source("a", async () => {
        throw new QuoteError("quoteServiceUnreachable", "down");
      }),
      source("b", async () => {
        throw new QuoteError("amountOutOfRange", "too small");
      }),
    ]);
    const error = await rejection(swap.quote(query(), undefined));
    expect(error).toMatchObject({ code: 1001, key: "amountOutOfRange", status: 400 });
    expect(error.issues).toEqual([{ field: "amount", key: "amountOutOfRange" }]);
  });

  it("says the quote service cannot be reached when no source answers in time (502), and never makes a quote up", async () => {
    const { swap } = service([source("slow", () => new Promise<SourceQuote>(() => undefined))]);
    const error = await rejection(swap.quote(query(), undefined));
    expect(error).toMatchObject({ code: 1001, key: "quoteServiceUnreachable", status: 502 });
  });

  it("leaves a source that quotes only for a wallet out of an indicative quote, and says to connect one when none is left", async () => {
    const walletOnly = { ...source("lifi", async () => answer(5n)), needsWallet: true };
    const other = source("b", async () => answer(3n));
    const both = service([walletOnly, other]).swap;
    const indicative = (await both.quote(query(), undefined)).quote;
    const withWallet = (await both.quote(query({ fromAddress: WALLET }), undefined)).quote;
    expect(indicative.compared).toEqual([]);
    expect(withWallet.compared).toHaveLength(1);
    expect(Number(withWallet.toAmount)).toBeGreaterThan(Number(indicative.toAmount));
    const error = await rejection(service([walletOnly]).swap.quote(query(), undefined));
    expect(error).toMatchObject({ code: 1001, key: "connectWalletForQuote", status: 400 });
    expect(error.issues).toEqual([{ field: "fromAddress", key: "connectWalletForQuote" }]);
  });

  it("with no source configured: quoteServiceUnreachable (503)", async () => {
    const { swap } = service([]);
    expect(await rejection(swap.quote(query(), undefined))).toMatchObject({
      key: "quoteServiceUnreachable",
      status: 503,
    });
  });

  it("validates the request: chain, token, amount, pair and receive address", async () => {
    const { swap } = service([source("a", async () => answer(1n))]);
    const cases: [Record<string, string | number>, number, string, string][] = [
      [{ fromChainId: 56 }, 1001, "fromChainId", "chainNotSupported"],
      [{ toToken: "0x000000000000000000000000000000000000dEaD" }, 218, "toToken", "coinNotSwappable"],
      [{ amount: "0" }, 1001, "amount", "invalidValue"],
      [{ amount: "1.1234567" }, 1001, "amount", "invalidValue"],
      [{ toToken: USDC }, 1001, "toToken", "unsupportedSwapPair"],
      [{ toAddress: PEPE }, 3001, "toAddress", "exchangeAddress"],
    ];
    for (const [more, code, field, key] of cases) {
      const error = await rejection(swap.quote({ ...query(), ...more } as ReturnType<typeof query>, undefined));
      expect({ code: error.code, issues: error.issues }).toEqual({ code, issues: [{ field, key }] });
    }
  });

  it("refuses a receive address that is the quote's spender", async () => {
    const { swap } = service([source("a", async () => answer(1n))]);
    expect(await rejection(swap.quote(query({ toAddress: ROUTER }), undefined))).toMatchObject({
      code: 3001,
      key: "exchangeAddress",
    });
  });

  it("quotes for a contract wallet receiving into itself, and refuses a contract as a separate receiver", async () => {
    const { swap } = service([source("a", async () => answer(10n ** 18n))], {}, withNode);
    const own = await swap.quote(query({ fromAddress: CONTRACT_WALLET }), undefined);
    expect(own.quote.toAmount).toBe("1");
    const same = await swap.quote(query({ fromAddress: CONTRACT_WALLET, toAddress: CONTRACT_WALLET }), undefined);
    expect(same.quote.toAmount).toBe("1");
    expect(
      await rejection(swap.quote(query({ fromAddress: WALLET, toAddress: CONTRACT_WALLET }), undefined)),
    ).toMatchObject({ code: 3001, key: "exchangeAddress" });
  });
});

describe("orders", () => {
  it("builds the approval of exactly the amount and the swap; a retry with the request id answers the same order", async () => {
    const { swap } = service([source("a", async () => answer(700n * 10n ** 18n))]);
    const { quote } = await swap.quote(query({ fromAddress: WALLET }), 5);
    const first = await swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET, requestId: "req-00000001" });
    expect(first.order).toMatchObject({
      status: "awaiting_deposit",
      fromAmount: "100",
      toAmount: "700",
      toAmountMin: "693",
      fromAddress: WALLET,
      toAddress: WALLET,
      source: "Fake",
    });
    expect(first.order.orderId).toMatch(/^SW\d{14}[0-9A-F]{8}$/);
    expect(first.approveTx).toMatchObject({ to: USDC, from: WALLET, value: "0", chainId: CHAIN });
    const approve = decodeFunctionData({ abi: erc20Abi, data: first.approveTx?.data as `0x${string}` });
    expect(approve).toEqual({ functionName: "approve", args: [ROUTER, 100_000_000n] });
    expect(first.swapTx).toMatchObject({ to: ROUTER, from: WALLET, gas: "200000" });

    const again = await swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET, requestId: "req-00000001" });
    expect(again.order.orderId).toBe(first.order.orderId);
    expect((await swap.orders(5, { page: 1, pageNum: 20 })).total).toBe(1);
  });

  it("leaves the approval out when the allowance covers the amount", async () => {
    held.allowance = 100_000_000n;
    const { swap } = service([source("a", async () => answer(1n))]);
    const { quote } = await swap.quote(query({ fromAddress: WALLET }), 5);
    expect((await swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET })).approveTx).toBeNull();
  });

  it("checks the wallet's funds: the amount (Insufficientbalance) and the gas (gasNotEnough)", async () => {
    const { swap } = service([source("a", async () => answer(1n))]);
    const { quote } = await swap.quote(query({ fromAddress: WALLET }), 5);
    held.token = 99_999_999n;
    expect(await rejection(swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET }))).toMatchObject({
      key: "Insufficientbalance",
    });
    held.token = 10n ** 12n;
    held.native = 10n ** 14n;
    expect(await rejection(swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET }))).toMatchObject({
      key: "gasNotEnough",
    });
  });

  it("refuses an expired quote, another wallet than the quote's, and another account's quote", async () => {
    const { swap } = service([source("a", async () => answer(1n))]);
    const { quote } = await swap.quote(query({ fromAddress: WALLET }), 5);
    expect(await rejection(swap.swapData(5, { quoteId: quote.quoteId, fromAddress: OTHER_WALLET }))).toMatchObject({
      key: "addressMismatch",
    });
    expect(await rejection(swap.swapData(6, { quoteId: quote.quoteId, fromAddress: WALLET }))).toMatchObject({
      key: "quoteExpired",
    });
    clock.advance(settings.quoteTtlSeconds * 1000);
    expect(await rejection(swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET }))).toMatchObject({
      key: "quoteExpired",
    });
  });

  it("answers 331 (kycNeeded) once the day's swaps would pass the daily limit", async () => {
    const { swap } = service([source("a", async () => answer(1n))], { dailyLimitUsd: 250 });
    const open = async () => {
      const { quote } = await swap.quote(query({ fromAddress: WALLET }), 9);
      return swap.swapData(9, { quoteId: quote.quoteId, fromAddress: WALLET });
    };
    await open();
    await open();
    expect(await rejection(open())).toMatchObject({ code: 331, key: "kycNeeded" });
    // cancelled orders swapped nothing
    const { lists } = await swap.orders(9, { page: 1, pageNum: 20 });
    for (const order of lists) await swap.cancel(9, order.orderId);
    await open();
  });

  it("cancels before the swap is sent, not after; another account's order is not found", async () => {
    const { swap } = service([source("a", async () => answer(1n))]);
    const { quote } = await swap.quote(query({ fromAddress: WALLET }), 5);
    const { order } = await swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET });
    expect(await rejection(swap.orderStatus(6, order.orderId))).toMatchObject({ key: "orderNotFound", status: 404 });
    const hash = `0x${"ab".repeat(32)}`;
    const sent = await swap.addTransData(5, { orderId: order.orderId, hash, kind: "swap" });
    expect(sent).toMatchObject({
      status: "pending",
      transferOutHash: hash,
      transferOutUrl: `https://etherscan.io/tx/${hash}`,
    });
    expect(await rejection(swap.cancel(5, order.orderId))).toMatchObject({ key: "orderNotCancellable", status: 409 });

    const second = await swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET });
    expect((await swap.cancel(5, second.order.orderId)).status).toBe("cancelled");
    // the first order's hash cannot be another order's
    expect(await rejection(swap.addTransData(5, { orderId: second.order.orderId, hash, kind: "swap" }))).toMatchObject({
      key: "orderNotPayable",
    });
  });

  it("times out an order whose swap was never reported", async () => {
    const { swap, tracker } = service([source("a", async () => answer(1n))]);
    const { quote } = await swap.quote(query({ fromAddress: WALLET }), 5);
    const { order } = await swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET });
    await tracker.sweep();
    expect((await swap.orderStatus(5, order.orderId)).status).toBe("awaiting_deposit");
    clock.advance(settings.orderTimeoutMinutes * 60_000);
    await tracker.sweep();
    expect(await swap.orderStatus(5, order.orderId)).toMatchObject({ status: "timeout", statusReason: "txNotFound" });
  });

  it("drops quotes expired a day ago at most every few minutes, not on every sweep", async () => {
    const repository = createSwapOrdersRepository(handle.db);
    let drops = 0;
    const counted = {
      ...repository,
      dropQuotes: (before: Date) => {
        drops += 1;
        return repository.dropQuotes(before);
      },
    };
    const tracker = createSwapTracker({ repository: counted, chains, sources: [], clock, logger, settings });
    const { swap } = service([source("a", async () => answer(1n))]);
    await swap.quote(query({ fromAddress: WALLET }), 5);
    await tracker.sweep();
    clock.advance(60_000);
    await tracker.sweep();
    expect(drops).toBe(1);
    expect(await handle.db.select().from(swapQuotes)).toHaveLength(1);
    clock.advance(25 * 3_600_000);
    await tracker.sweep();
    expect(drops).toBe(2);
    expect(await handle.db.select().from(swapQuotes)).toHaveLength(0);
  });

  it("records a swap whose order the tracker timed out while the report was being written", async () => {
    const repository = createSwapOrdersRepository(handle.db);
    let raced = false;
    const racing = {
      ...repository,
      update: async (...[id, from, patch]: Parameters<typeof repository.update>) => {
        if (patch.transferOutHash && !raced) {
          raced = true;
          await repository.update(id, from, { status: "timeout", statusReason: "txNotFound" });
        }
        return repository.update(id, from, patch);
      },
    };
    const sources = [source("a", async () => answer(1n))];
    const tracker = createSwapTracker({ repository: racing, chains, sources, clock, logger, settings });
    const swap = createSwapService({
      repository: racing,
      chains,
      tokens,
      balances,
      sources,
      tracker,
      settings,
      usdPrice: () => 1,
      clock,
      logger,
    });
    const { quote } = await swap.quote(query({ fromAddress: WALLET }), 5);
    const { order } = await swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET });
    const hash = `0x${"ef".repeat(32)}`;
    expect(await swap.addTransData(5, { orderId: order.orderId, hash, kind: "swap" })).toMatchObject({
      status: "pending",
      transferOutHash: hash,
    });
    expect(raced).toBe(true);
  });

  it("records a swap reported after its order timed out; a timed-out order without one can be cancelled", async () => {
    const { swap, tracker } = service([source("a", async () => answer(1n))]);
    const { quote } = await swap.quote(query({ fromAddress: WALLET }), 5);
    const late = await swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET });
    const idle = await swap.swapData(5, { quoteId: quote.quoteId, fromAddress: WALLET });
    clock.advance(settings.orderTimeoutMinutes * 60_000);
    await tracker.sweep();
    const hash = `0x${"cd".repeat(32)}`;
    expect(await swap.addTransData(5, { orderId: late.order.orderId, hash, kind: "swap" })).toMatchObject({
      status: "pending",
      transferOutHash: hash,
      statusReason: null,
    });
    expect(await swap.cancel(5, idle.order.orderId)).toMatchObject({ status: "cancelled" });
  });
});
