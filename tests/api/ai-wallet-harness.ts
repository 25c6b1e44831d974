import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { type Address, getAddress, type Hex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect } from "vitest";
import { aiWalletAudit } from "../../src/server/db/schema.ts";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { BALANCES_CACHE_MS } from "../../src/server/features/swap/balances/wallet-balances.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { type ManualTimers, manualTimers } from "../../src/server/providers/timers.ts";
import { startUniswapV2Chain, type UniswapV2Chain } from "../support/uniswap-v2-chain.ts";
import { outboxCode } from "./account-proofs.ts";
import type { Anvil } from "./anvil.ts";
import type { TestDatabase, TestServer } from "./harness.ts";
import { call, createTestDatabase, startedForTests, startTestServer } from "./harness.ts";

/**
 * The AI wallet through the API on a real local chain: anvil with the Uniswap v2 deployment of the swap tests (ETH,
 * TUSD with 6 decimals, TTK), the server reading it through a loopback JSON-RPC relay that can refuse broadcasts (a
 * node that cannot be reached exactly when a signed withdrawal goes out), codes read from the mail outbox.
 */

export const CHAIN_ID = 31_337;
export const NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
export const MASTER_KEY = "6f1c1b0e5d4a39281706f5e4d3c2b1a0ffeeddccbbaa99887766554433221100";
/** our USDT deposit address (the pay feature's): never a withdrawal's destination */
export const PAY_DEPOSIT = getAddress("0x00000000000000000000000000000000000d0051");

/** the first address of the shipped OFAC list of ETH addresses */
export function sanctionedEthAddress(): string {
  const text = readFileSync(new URL("../../data/compliance/sanctioned_addresses_ETH.txt", import.meta.url), "utf8");
  const first = text.split("\n").find((line) => /^0x[0-9a-fA-F]{40}$/.test(line.trim()));
  if (!first) throw new Error("no ETH address in the shipped sanctions list");
  return first.trim();
}

/** A JSON-RPC relay to the chain that, while `refuseBroadcasts` is set, drops every connection carrying a broadcast. */
export interface RpcRelay {
  url: string;
  refuseBroadcasts: boolean;
  /** the node cannot be reached at all */
  down: boolean;
  /** broadcasts that reached the chain through the relay */
  broadcasts: number;
  close(): Promise<void>;
}

export async function startRpcRelay(target: string): Promise<RpcRelay> {
  const relay: RpcRelay = {
    url: "",
    refuseBroadcasts: false,
    down: false,
    broadcasts: 0,
    close: async () => undefined,
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const broadcasting = body.includes('"eth_sendRawTransaction"');
      if (relay.down || (broadcasting && relay.refuseBroadcasts)) {
        request.socket.destroy();
        return;
      }
      if (broadcasting) relay.broadcasts += 1;
      fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body })
        .then(async (answer) => {
          response.writeHead(answer.status, { "content-type": "application/json" });
          response.end(await answer.text());
        })
        .catch(() => request.socket.destroy());
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relay.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return relay;
}

export interface AiWalletWorld {
  chain: UniswapV2Chain & { anvil: Anvil };
  relay: RpcRelay;
  db: TestDatabase;
  clock: ReturnType<typeof manualClock>;
  timers: ManualTimers;
  /** the settings servers of this world start with (the database's included) */
  env: Record<string, string>;
  srv: TestServer;
  /** starts a server on the same data with other settings (the running one must be stopped first) */
  start(env?: Record<string, string | undefined>): Promise<TestServer>;
  stop(): Promise<void>;
}

export async function startAiWalletWorld(extra: Record<string, string> = {}): Promise<AiWalletWorld> {
  const chain = await startUniswapV2Chain(CHAIN_ID);
  const relay = await startRpcRelay(chain.anvil.url);
  const db = await createTestDatabase();
  const clock = manualClock(new Date());
  const timers = manualTimers();
  const env: Record<string, string> = {
    ...db.env,
    SWAP_SOURCES: "uniswapv2",
    SWAP_V2_CHAIN_ID: String(CHAIN_ID),
    SWAP_V2_ROUTER: chain.router,
    SWAP_V2_TOKENS: `${chain.tusd},${chain.ttk}`,
    SWAP_V2_RPC_URL: relay.url,
    SWAP_V2_NAME: "Test chain",
    AI_WALLET_MASTER_KEY: MASTER_KEY,
    AI_WALLET_DAILY_LIMIT_USD: "1000",
    PAY_CHAINS: "ETH",
    PAY_ETH_RPC_URL: relay.url,
    PAY_ETH_CHAIN_ID: String(CHAIN_ID),
    PAY_ETH_USDT: chain.tusd,
    PAY_ETH_DEPOSIT_ADDRESS: PAY_DEPOSIT,
    ...extra,
  };
  const world: AiWalletWorld = {
    chain,
    relay,
    db,
    clock,
    timers,
    env,
    srv: await startTestServer(env, { clock, timers }),
    async start(changes = {}) {
      const next: Record<string, string> = { ...env };
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) delete next[name];
        else next[name] = value;
      }
      world.srv = await startTestServer(next, { clock, timers });
      return world.srv;
    },
    async stop() {
      await world.srv.stop();
      await db.drop();
      await relay.close();
      await chain.anvil.stop();
    },
  };
  return world;
}

/**
 * A file's AI wallet world: started before its tests, stopped after them (a chain deployed and a server started:
 * slow on a loaded machine); usable once the tests run.
 */
export function aiWalletWorldForTests(extra: Record<string, string> = {}): AiWalletWorld {
  return startedForTests(
    () => startAiWalletWorld(extra),
    (world) => world.stop(),
    600_000,
  );
}

export interface AiUser {
  userId: number;
  email: string;
  headers: { authorization: string };
}

/** A signed-in account: with an email, or Telegram only (no email). */
export async function aiUser(world: AiWalletWorld, kind: "email" | "telegram" = "email"): Promise<AiUser> {
  const db = world.srv.server.database.db;
  const name = `ai${randomUUID().slice(0, 8)}`;
  const email = `${name}@example.com`;
  const user = await createUsersRepository(db, world.clock).create(
    kind === "email" ? { email, username: name } : { telegramId: String(Date.now()), username: name },
  );
  if (!user) throw new Error("account not created");
  const login = await createSessionsService(db, world.clock).signIn(user, kind === "email" ? "email" : "telegram");
  return { userId: user.id, email, headers: { authorization: `Bearer ${login.user_token}` } };
}

export const api = (world: AiWalletWorld, user: AiUser | undefined, path: string, body?: unknown) =>
  call(world.srv.url, path, { headers: user?.headers ?? {}, ...(body === undefined ? {} : { body }) });

/** an answer that must succeed: its data */
export async function ok<T>(answer: Promise<Awaited<ReturnType<typeof call>>>): Promise<T> {
  const res = await answer;
  expect(res.json, res.text).toMatchObject({ code: 200 });
  return res.json?.data as T;
}

/** a user with an AI wallet, funded on the chain */
export async function fundedUser(
  world: AiWalletWorld,
  amounts: { eth?: bigint; tusd?: bigint } = { eth: parseEther("1") },
): Promise<AiUser & { address: Address }> {
  const user = await aiUser(world);
  const info = await ok<{ account: { address: Address } }>(api(world, user, "/createAIAccount", {}));
  await world.chain.fund(info.account.address, amounts);
  // the balances read when the wallet was made are kept briefly; the screen reads anew after that
  world.clock.advance(BALANCES_CACHE_MS + 1);
  return { ...user, address: info.account.address };
}

export const codeOf = (world: AiWalletWorld, user: AiUser) => outboxCode(world.srv, user.email);

/** the audit rows of a user, oldest first */
export const auditOf = (world: AiWalletWorld, userId: number) =>
  world.srv.server.database.db
    .select()
    .from(aiWalletAudit)
    .where(eq(aiWalletAudit.userId, userId))
    .orderBy(aiWalletAudit.id);

export interface WithdrawalAnswer {
  withdrawId: string;
  status: string;
  statusReason: string | null;
  txHash: Hex | null;
  amount: string;
  toAddress: string;
}

/** an address no one has used: a withdrawal's destination */
export const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

/** asks for a withdrawal of ETH on the test chain (another token, chain or anything else as the body says) */
export const preWithdraw = (world: AiWalletWorld, user: AiUser | undefined, body: Record<string, unknown>) =>
  api(world, user, "/aiAccountPreWithdraw", { chainId: CHAIN_ID, tokenAddress: NATIVE, ...body });

/** anvil's own JSON-RPC (it lives in anvil.ts) */
export { anvilRpc } from "./anvil.ts";
