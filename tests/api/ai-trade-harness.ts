import type { Address } from "viem";
import { expect } from "vitest";
import type { AiSwapFaults } from "../../src/server/features/ai-wallet/ai-swap-sender.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import {
  binanceFixtures,
  coingeckoFixtures,
  fearGreedFixtures,
} from "../../src/server/providers/market/fixtures/stand-ins.ts";
import { type ManualTimers, manualTimers } from "../../src/server/providers/timers.ts";
import { type StandIn, startStandIn } from "../../src/server/providers/upstream/stand-in.ts";
import { type JsonRpcProxy, startJsonRpcProxy } from "../support/json-rpc-proxy.ts";
import { startUniswapV2Chain, type UniswapV2Chain } from "../support/uniswap-v2-chain.ts";
import type { Anvil } from "./anvil.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";
import { newAccountHeaders } from "./new-account.ts";

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

export interface TradeWorld {
  chain: UniswapV2Chain & { anvil: Anvil };
  proxy: JsonRpcProxy;
  db: TestDatabase;
  srv: TestServer;
  clock: ReturnType<typeof manualClock>;
  timers: ManualTimers;
  /** set a hook to interrupt the next run; cleared by the test */
  faults: AiSwapFaults;
  /** the market's USDT price of a coin (its Binance pair's last price) from the next refresh on */
  setPrice(symbol: string, price: number): void;
  /** a market refresh (its tick goes out), then the limit order watcher's sweeps are awaited */
  tick(): Promise<void>;
  /** stops the server and starts another on the same database, chain and stand-ins; awaits its start sweep */
  restart(): Promise<void>;
  stop(): Promise<void>;
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

export const get = (world: TradeWorld, who: { headers: Record<string, string> } | undefined, path: string) =>
  call(world.srv.url, path, { headers: who?.headers ?? {} });

/** the data of an answer that must succeed */
export function ok<T>(res: { json?: { code: number; data: unknown } | undefined; text: string }): T {
  expect(res.json, res.text).toMatchObject({ code: 200 });
  return res.json?.data as T;
}

/** a call of anvil's own JSON-RPC (evm_setAutomine, evm_mine, evm_increaseTime) */
export async function anvilRpc(world: TradeWorld, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(world.chain.anvil.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const answer = (await res.json()) as { result?: unknown; error?: unknown };
  if (answer.error !== undefined) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
  return answer.result;
}

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
