import { type Address, parseUnits } from "viem";
import { expect } from "vitest";
import type { AiSwapFaults } from "../../src/server/features/ai-wallet/ai-swap-sender.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import {
  binanceFixtures,
  coingeckoFixtures,
  fearGreedFixtures,
} from "../../src/server/providers/market/fixtures/stand-ins.ts";
import { manualTimers } from "../../src/server/providers/timers.ts";
import { type StandIn, startStandIn } from "../../src/server/providers/upstream/stand-in.ts";
import { startJsonRpcProxy } from "../support/json-rpc-proxy.ts";
import { startUniswapV2Chain } from "../support/uniswap-v2-chain.ts";
import { call, createTestDatabase, startedForTests, startTestServer } from "./harness.ts";
import { newAccountHeaders } from "./new-account.ts";
import type { SwapWorld } from "./swap-harness.ts";

/**
 * Trading from the AI wallet on a real local chain: anvil with the Uniswap v2 pools of the swap tests
 * (tests/support/uniswap-v2-chain.ts: 1 ETH = 3,000 TUSD), the server quoting its router through a JSON-RPC proxy,
 * an AI wallet master key, and the live market provider over loopback stand-ins of Binance, CoinGecko and the
 * fear-and-greed index whose ETH price the test sets: a market tick is the server's market refresh, driven by hand
 * (MARKET_REFRESH_SECONDS is far beyond a test), and the limit order watcher's sweep is awaited after it. The fault
 * hook interrupts a run between storing a signed transaction and broadcasting it, as a node dying there would.
 */

export const CHAIN_ID = 31_337;
export const NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
/** the exchange daily limit of the test server (USD): TUSD counts 1 USD, ETH at the market's price */
export const DAILY_LIMIT_USD = 20_000;
const MASTER_KEY = "5a".repeat(32);

export interface TradeWorld extends SwapWorld {
  /** set a hook to interrupt the next run; cleared by the test */
  faults: AiSwapFaults;
  /** the market's USDT price of a coin (its Binance pair's last price) from the next refresh on */
  setPrice(symbol: string, price: number): void;
  /** a market refresh (its tick goes out), then the limit order watcher's sweeps are awaited */
  tick(): Promise<void>;
  /** stops the server and starts another on the same database, chain and stand-ins; awaits its start sweep */
  restart(): Promise<void>;
  /**
   * runs `run` with the AI wallet's runs interrupted between storing a signed transaction of `kind` and
   * broadcasting it, as a node dying there would; the interruption ends with `run`
   */
  dyingAfterStoring<T>(kind: "approve" | "swap", run: () => Promise<T>): Promise<T>;
  /**
   * runs `run` with someone selling `ethIn` into the pool of ETH and TUSD just before the server signs a swap: the
   * pool moves past the quote's minimum between the quote and signing
   */
  poolMovingBeforeSigning<T>(ethIn: bigint, run: () => Promise<T>): Promise<T>;
}

export interface TradeWorldOptions {
  /** false: no master key (the AI wallet is unavailable) */
  masterKey?: boolean;
}

/** Binance's fixtures with the last price of some pairs replaced by the test's. */
function binanceWithPrices(prices: Map<string, number>) {
  const base = binanceFixtures();
  return (request: Parameters<ReturnType<typeof binanceFixtures>>[0]) => {
    const reply = base(request);
    if (!reply?.body || (request.path !== "/api/v3/ticker/24hr" && request.path !== "/api/v3/ticker/price")) {
      return reply;
    }
    const list = JSON.parse(reply.body) as { symbol: string; lastPrice?: string; price?: string }[];
    for (const ticker of list) {
      const price = prices.get(ticker.symbol);
      if (price === undefined) continue;
      if (ticker.lastPrice !== undefined) ticker.lastPrice = String(price);
      if (ticker.price !== undefined) ticker.price = String(price);
    }
    return { ...reply, body: JSON.stringify(list) };
  };
}

export async function startTradeWorld(options: TradeWorldOptions = {}): Promise<TradeWorld> {
  const prices = new Map<string, number>();
  const [chain, db, binance, coingecko, fng] = await Promise.all([
    startUniswapV2Chain(CHAIN_ID),
    createTestDatabase(),
    startStandIn(binanceWithPrices(prices)),
    startStandIn(coingeckoFixtures()),
    startStandIn(fearGreedFixtures()),
  ]);
  const standIns: StandIn[] = [binance, coingecko, fng];
  const proxy = await startJsonRpcProxy(chain.anvil.url);
  const clock = manualClock(new Date());
  const timers = manualTimers();
  const faults: AiSwapFaults = {};
  const env = {
    ...db.env,
    MARKET_PROVIDER: "live",
    BINANCE_BASE_URL: binance.url,
    COINGECKO_BASE_URL: coingecko.url,
    FEAR_GREED_URL: `${fng.url}/fng/`,
    MARKET_REFRESH_SECONDS: "86400",
    SWAP_SOURCES: "uniswapv2",
    SWAP_V2_CHAIN_ID: String(CHAIN_ID),
    SWAP_V2_ROUTER: chain.router,
    SWAP_V2_TOKENS: `${chain.tusd},${chain.ttk}`,
    SWAP_V2_RPC_URL: proxy.url,
    SWAP_V2_NAME: "Test chain",
    SWAP_DAILY_LIMIT_USD: String(DAILY_LIMIT_USD),
    ...(options.masterKey === false ? {} : { AI_WALLET_MASTER_KEY: MASTER_KEY }),
  };
  const world: TradeWorld = {
    chain,
    proxy,
    db,
    srv: await startTestServer(env, { clock, timers, aiSwapFaults: faults }),
    clock,
    timers,
    faults,
    setPrice(symbol, price) {
      prices.set(`${symbol}USDT`, price);
    },
    async tick() {
      await world.srv.server.sources.check();
      await world.srv.server.aiTrade.idle();
    },
    async restart() {
      await world.srv.stop();
      world.srv = await startTestServer(world.srv.env, { clock, timers, aiSwapFaults: faults });
      await world.srv.server.aiTrade.idle();
    },
    async dyingAfterStoring(kind, run) {
      faults.afterStored = (stored) => {
        if (stored === kind) throw new Error(`the node died after storing the ${kind}`);
      };
      try {
        return await run();
      } finally {
        faults.afterStored = undefined;
      }
    },
    async poolMovingBeforeSigning(ethIn, run) {
      faults.beforeSign = async (kind) => {
        if (kind === "swap") await chain.movePrice({ from: chain.weth, to: chain.tusd, amountIn: ethIn });
      };
      try {
        return await run();
      } finally {
        faults.beforeSign = undefined;
      }
    },
    async stop() {
      await world.srv.stop();
      await db.drop();
      await proxy.close();
      await Promise.all(standIns.map((standIn) => standIn.close()));
      await chain.anvil.stop();
    },
  };
  return world;
}

/**
 * A file's trade world: started before its tests with ETH at 3,000 on the market (one tick has gone out), stopped
 * after them; usable once the tests run.
 */
export function tradeWorldForTests(options: TradeWorldOptions = {}): TradeWorld {
  return startedForTests(
    async () => {
      const world = await startTradeWorld(options);
      world.setPrice("ETH", 3000);
      await world.tick();
      return world;
    },
    (world) => world.stop(),
    180_000,
  );
}

export interface Trader {
  headers: { authorization: string };
  /** the account's AI wallet */
  address: Address;
}

/** A signed-in email account with an AI wallet funded on the chain (ETH and the tokens asked for). */
export async function trader(world: TradeWorld, funds: { eth?: bigint; tusd?: bigint; ttk?: bigint }): Promise<Trader> {
  const headers = await newAccountHeaders(world.srv, world.clock);
  const created = ok<{ account: { address: Address } }>(
    await call(world.srv.url, "/createAIAccount", { method: "POST", headers }),
  );
  const address = created.account.address;
  await world.chain.fund(address, funds);
  return { headers, address };
}

export const post = (
  world: TradeWorld,
  who: { headers: Record<string, string> } | undefined,
  path: string,
  body: unknown,
) => call(world.srv.url, path, { headers: who?.headers ?? {}, body });

/** one route, posted to as a trader (or a visitor) with a body */
export const route =
  (world: TradeWorld, path: string) =>
  (who: { headers: Record<string, string> } | undefined, body: Record<string, unknown>) =>
    post(world, who, path, body);

export const get = (world: TradeWorld, who: { headers: Record<string, string> } | undefined, path: string) =>
  call(world.srv.url, path, { headers: who?.headers ?? {} });

/** the data of an answer that must succeed */
export function ok<T>(res: { json?: { code: number; data: unknown } | undefined; text: string }): T {
  expect(res.json, res.text).toMatchObject({ code: 200 });
  return res.json?.data as T;
}

/** a call of anvil's own JSON-RPC (evm_setAutomine, evm_mine, evm_increaseTime): the AI wallet harness's */
export { anvilRpc } from "./ai-wallet-harness.ts";

/** how many transactions the address sent that the chain mined (its nonce) */
export const sentCount = (world: TradeWorld, address: Address) =>
  world.chain.reader.getTransactionCount({ address, blockTag: "latest" });

export interface LimitOrderAnswer {
  orderId: string;
  side: string;
  baseSymbol: string;
  status: string;
  statusReason: string | null;
  triggerPrice: number | null;
  swapOrderId: string | null;
  receivedAmount: string | null;
  fromAmount: string;
  limitPrice: number;
  expiresAt: string;
  executedAt: string | null;
}

export interface SwapOrderAnswer {
  orderId: string;
  type: string;
  status: string;
  statusReason: string | null;
  fromAddress: string;
  fromAmount: string;
  toAmountMin: string;
  receivedAmount: string | null;
  approveHash: string | null;
  transferOutHash: string | null;
}

export async function limitOrders(world: TradeWorld, who: Trader): Promise<LimitOrderAnswer[]> {
  return ok<{ lists: LimitOrderAnswer[] }>(await get(world, who, "/aiAccount/limitOrders")).lists;
}

export async function swapOrders(world: TradeWorld, who: Trader): Promise<{ total: number; lists: SwapOrderAnswer[] }> {
  return ok(await post(world, who, "/getSwapOrders", { page: 1, pageNum: 50 }));
}

/** an amount of TUSD (6 decimals) in its smallest unit */
export const tusd = (amount: string) => parseUnits(amount, 6);

/** the refusal's code, key and field */
export function refusal(res: { json?: { code: number; data: unknown } | undefined }) {
  const data = (res.json?.data ?? {}) as { key?: string; field?: string };
  return { code: res.json?.code, key: data.key, field: data.field };
}

/** a body sent, and the code, message key and field (none if not named) of its refusal */
export interface RefusalCase {
  body: Record<string, unknown>;
  code: number;
  key: string;
  field?: string;
}

/**
 * The refusals every AI trade route gives alike for a valid body changed in one place: a chain the AI wallet does
 * not work on (no node configured), an address that is no token on the chain, a pair of one coin.
 */
export const chainAndCoinRefusals = (valid: Record<string, unknown>): RefusalCase[] => [
  { body: { ...valid, chainId: 1 }, code: 1001, key: "chainNotSupported", field: "chainId" },
  {
    body: { ...valid, toToken: "0x000000000000000000000000000000000000dEaD" },
    code: 218,
    key: "coinNotSwappable",
    field: "toToken",
  },
  { body: { ...valid, toToken: NATIVE }, code: 1001, key: "unsupportedSwapPair", field: "toToken" },
];

/** sends each case's body: each answer is its refusal */
export async function expectRefusals(
  send: (body: Record<string, unknown>) => Promise<{ json?: { code: number; data: unknown } | undefined }>,
  cases: RefusalCase[],
): Promise<void> {
  for (const { body, ...expected } of cases) {
    expect(refusal(await send(body)), JSON.stringify(body)).toEqual({ field: undefined, ...expected });
  }
}
