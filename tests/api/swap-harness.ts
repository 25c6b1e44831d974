import {
  type Address,
  createWalletClient,
  type Hex,
  http,
  parseEther,
  type TransactionReceipt,
  type WalletClient,
} from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { expect } from "vitest";
import { manualClock } from "../../src/server/providers/clock.ts";
import { type ManualTimers, manualTimers } from "../../src/server/providers/timers.ts";
import { type JsonRpcProxy, startJsonRpcProxy } from "../support/json-rpc-proxy.ts";
import { startUniswapV2Chain, type UniswapV2Chain } from "../support/uniswap-v2-chain.ts";
import type { Anvil } from "./anvil.ts";
import {
  call,
  createTestDatabase,
  startedForTests,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from "./harness.ts";
import { newAccountHeaders } from "./new-account.ts";

/**
 * Swaps through the API on a real local chain: anvil with Uniswap v2 from the official npm artifacts (WETH9, the
 * factory, the router, TUSD and TTK with pools; tests/support/uniswap-v2-chain.ts), the server quoting its router
 * (SWAP_SOURCES=uniswapv2) through a JSON-RPC proxy that can go down. Users are fresh keys funded on the chain,
 * signed in to the API, sending what getSwapData hands them with a viem wallet, as a browser wallet would.
 */

export const SWAP_CHAIN_ID = 31_337;
export const NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
/** the exchange daily limit of the test server (USD): TUSD counts 1 USD */
export const DAILY_LIMIT_USD = 20_000;

export interface SwapWorld {
  chain: UniswapV2Chain & { anvil: Anvil };
  proxy: JsonRpcProxy;
  db: TestDatabase;
  srv: TestServer;
  clock: ReturnType<typeof manualClock>;
  timers: ManualTimers;
  stop(): Promise<void>;
}

export async function startSwapWorld(): Promise<SwapWorld> {
  const chain = await startUniswapV2Chain(SWAP_CHAIN_ID);
  const proxy = await startJsonRpcProxy(chain.anvil.url);
  const db = await createTestDatabase();
  const clock = manualClock(new Date());
  const timers = manualTimers();
  const srv = await startTestServer(
    {
      ...db.env,
      SWAP_SOURCES: "uniswapv2",
      SWAP_V2_CHAIN_ID: String(SWAP_CHAIN_ID),
      SWAP_V2_ROUTER: chain.router,
      SWAP_V2_TOKENS: `${chain.tusd},${chain.ttk}`,
      SWAP_V2_RPC_URL: proxy.url,
      SWAP_V2_NAME: "Test chain",
      SWAP_DAILY_LIMIT_USD: String(DAILY_LIMIT_USD),
    },
    { clock, timers },
  );
  return {
    chain,
    proxy,
    db,
    srv,
    clock,
    timers,
    async stop() {
      await srv.stop();
      await db.drop();
      await proxy.close();
      await chain.anvil.stop();
    },
  };
}

export interface SwapUser {
  headers: { authorization: string };
  account: PrivateKeyAccount;
  address: Address;
  wallet: WalletClient;
}

/** A signed-in account with a fresh wallet holding 10 ETH (and the tokens asked for). */
export async function swapUser(world: SwapWorld, tokens: { tusd?: bigint; ttk?: bigint } = {}): Promise<SwapUser> {
  const account = privateKeyToAccount(generatePrivateKey());
  await world.chain.fund(account.address, { eth: parseEther("10"), ...tokens });
  const wallet = createWalletClient({ account, chain: world.chain.chain, transport: http(world.chain.anvil.url) });
  return { headers: await newAccountHeaders(world.srv, world.clock), account, address: account.address, wallet };
}

/**
 * A swap world started before the file's tests (stopped after them) and a user of it holding the tokens asked for:
 * the objects returned stand for the started ones, usable once the tests run.
 */
export function swapWorldForTests(tokens: { tusd?: bigint; ttk?: bigint } = {}): { world: SwapWorld; user: SwapUser } {
  const world = startedForTests(startSwapWorld, (started) => started.stop(), 180_000);
  // started after the world (hooks run in the order they are declared); the world's stop is all there is to undo
  const user = startedForTests(
    () => swapUser(world, tokens),
    async () => {},
    180_000,
  );
  return { world, user };
}

export interface QuoteAnswer {
  quoteId: string;
  source: string;
  fromToken: { address: string; symbol: string; decimals: number };
  toToken: { address: string; symbol: string; decimals: number };
  fromAmount: string;
  toAmount: string;
  toAmountMin: string;
  rate: string;
  approval: { spender: string; amount: string } | null;
  warnings: string[];
  compared: unknown[];
  expiresAt: string;
}

export interface TxAnswer {
  chainId: number;
  from: Address;
  to: Address;
  data: Hex;
  value: string;
  gas: string | null;
}

export interface OrderAnswer {
  orderId: string;
  status: string;
  statusReason: string | null;
  fromAmount: string;
  toAmount: string;
  toAmountMin: string;
  receivedAmount: string | null;
  approveHash: string | null;
  transferOutHash: string | null;
  transferInHash: string | null;
  fromAddress: string;
  toAddress: string;
}

/** the data of an answer (a test fails on an answer that is not JSON) */
export function dataOf<T>(res: { json?: { data: unknown } | undefined; text: string }): T {
  if (!res.json) throw new Error(`not a JSON answer: ${res.text.slice(0, 200)}`);
  return res.json.data as T;
}

export const quoteCall = (world: SwapWorld, params: Record<string, string>, user?: SwapUser) =>
  call(
    world.srv.url,
    `/swap/getQuoteData?${new URLSearchParams({ fromChainId: String(SWAP_CHAIN_ID), toChainId: String(SWAP_CHAIN_ID), ...params })}`,
    {
      headers: user?.headers ?? {},
    },
  );

/** a quote that must succeed */
export async function quote(world: SwapWorld, user: SwapUser, params: Record<string, string>): Promise<QuoteAnswer> {
  const res = await quoteCall(world, { fromAddress: user.address, ...params }, user);
  expect(res.json, res.text).toMatchObject({ code: 200 });
  return dataOf<{ quote: QuoteAnswer }>(res).quote;
}

export const post = (world: SwapWorld, user: SwapUser | undefined, path: string, body: unknown) =>
  call(world.srv.url, path, { headers: user?.headers ?? {}, body });

/** getSwapData that must succeed */
export async function openOrder(
  world: SwapWorld,
  user: SwapUser,
  quoteId: string,
  more: Record<string, string> = {},
): Promise<{ order: OrderAnswer; approveTx: TxAnswer | null; swapTx: TxAnswer }> {
  const res = await post(world, user, "/swap/getSwapData", { quoteId, fromAddress: user.address, ...more });
  expect(res.json, res.text).toMatchObject({ code: 200 });
  return dataOf<{ order: OrderAnswer; approveTx: TxAnswer | null; swapTx: TxAnswer }>(res);
}

/** sends a transaction the API handed over, as a wallet does (its gas when given, else an estimate with a margin) */
export async function send(world: SwapWorld, user: SwapUser, tx: TxAnswer, gas?: bigint): Promise<Hex> {
  expect(tx.from.toLowerCase()).toBe(user.address.toLowerCase());
  expect(tx.chainId).toBe(SWAP_CHAIN_ID);
  // half again over the estimate, as wallets add: a bare estimate can fall short on anvil (see MOVE_GAS)
  const estimated = async () =>
    ((await world.chain.reader.estimateGas({
      account: user.address,
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value),
    })) *
      3n) /
    2n;
  const limit = gas ?? (tx.gas === null ? await estimated() : BigInt(tx.gas));
  return user.wallet.sendTransaction({
    account: user.account,
    chain: world.chain.chain,
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    gas: limit,
  });
}

export const mined = (world: SwapWorld, hash: Hex): Promise<TransactionReceipt> =>
  world.chain.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });

export async function report(world: SwapWorld, user: SwapUser, orderId: string, hash: Hex, kind: "approve" | "swap") {
  const res = await post(world, user, "/swap/addTransData", { orderId, hash, kind });
  expect(res.json, res.text).toMatchObject({ code: 200 });
  return dataOf<OrderAnswer>(res);
}

export const paid = (receipt: TransactionReceipt) => receipt.gasUsed * receipt.effectiveGasPrice;
