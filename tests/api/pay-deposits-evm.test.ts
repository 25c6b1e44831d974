import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ErrorCode } from "../../src/contract/errors.ts";
import { usdtLedger } from "../../src/server/db/schema.ts";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { manualTimers } from "../../src/server/providers/timers.ts";
import { type JsonRpcProxy, startJsonRpcProxy } from "../support/json-rpc-proxy.ts";
import { ANVIL_KEYS, startUsdtChain, type UsdtChain } from "../support/test-usdt-chain.ts";
import {
  call,
  createTestDatabase,
  ONE_NODE_PER_PGLITE,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from "./harness.ts";

/**
 * USDT deposits verified on a real local chain: anvil runs the test USDT (6 decimals, "ETH", behind a JSON-RPC
 * proxy that can go down or lie) and a second chain ("BSC", USDT with 18 decimals). Users buy a package, pay the
 * deposit address from an anvil account and report the hash; the server reads the chain and credits once.
 */

const ETH_ID = 31_337;
const BSC_ID = 31_338;
const DEPOSIT = getAddress(privateKeyToAccount(`0x${"d1".repeat(32)}`).address);
const ELSEWHERE = getAddress(privateKeyToAccount(`0x${"e2".repeat(32)}`).address);
const payer = privateKeyToAccount(ANVIL_KEYS[1]);
/** monthly (spec §3 product id 3): 19.99 USDT */
const MONTHLY = { productType: "CARDS", productId: 3 } as const;

let eth: UsdtChain;
let bsc: UsdtChain;
let otherToken: Address;
let proxy: JsonRpcProxy;
let db: TestDatabase;
let srv: TestServer;
const clock = manualClock(new Date());

const usdt = (amount: string) => parseUnits(amount, 6);

beforeAll(async () => {
  [eth, bsc] = await Promise.all([startUsdtChain(ETH_ID), startUsdtChain(BSC_ID, 18)]);
  otherToken = await eth.deployToken("FAKE", 6);
  await eth.mint(eth.usdt, payer.address, usdt("10000"));
  await eth.mint(otherToken, payer.address, usdt("10000"));
  await bsc.mint(bsc.usdt, payer.address, parseUnits("1000", 18));
  proxy = await startJsonRpcProxy(eth.anvil.url);
  db = await createTestDatabase();
  srv = await startTestServer(
    {
      ...db.env,
      PAY_CHAINS: "ETH,BSC",
      PAY_ETH_RPC_URL: proxy.url,
      PAY_ETH_CHAIN_ID: String(ETH_ID),
      PAY_ETH_USDT: eth.usdt,
      PAY_ETH_DEPOSIT_ADDRESS: DEPOSIT,
      PAY_ETH_CONFIRMATIONS: "3",
      PAY_BSC_RPC_URL: bsc.anvil.url,
      PAY_BSC_CHAIN_ID: String(BSC_ID),
      PAY_BSC_USDT: bsc.usdt,
      PAY_BSC_DEPOSIT_ADDRESS: DEPOSIT,
      PAY_BSC_CONFIRMATIONS: "1",
    },
    { clock, timers: manualTimers() },
  );
}, 120_000);
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  await proxy?.close();
  await Promise.all([eth?.stop(), bsc?.stop()]);
});

let userCounter = 0;
async function signedIn() {
  userCounter += 1;
  const database = srv.server.database.db;
  const user = await createUsersRepository(database, clock).create({
    email: `payer${userCounter}@example.com`,
    username: `payer${userCounter}`,
  });
  if (!user) throw new Error("user not created");
  const login = await createSessionsService(database, clock).signIn(user, "email");
  return { userId: user.id, headers: { authorization: `Bearer ${login.user_token}` } };
}
type User = Awaited<ReturnType<typeof signedIn>>;

const post = (user: User, path: string, body: unknown) => call(srv.url, path, { headers: user.headers, body });
const get = (user: User, path: string) => call(srv.url, path, { headers: user.headers });

interface QrData {
  orderNo: string;
  amount: string;
  uri: string;
  depositAddress: string;
  transferData: { tokenAddress: Address; callData: Hex; tokenDecimals: number; amountUnits: string };
}

async function openOrder(user: User, chain = "ETH") {
  const res = await post(user, "/pay/getDepositQrCode", { ...MONTHLY, coinCode: "USDT", chain });
  expect(res.json?.code).toBe(200);
  return res.json?.data as unknown as QrData;
}

const upload = (user: User, hash: string, more: Record<string, unknown> = {}) =>
  post(user, "/pay/uploadHash", { chargeHash: hash, chargeChain: "ETH", usedPlugin: "MetaMask", ...more });

const balance = async (user: User) => (await get(user, "/pay/account")).json?.data.balance;
const card = async (user: User) => (await get(user, "/user/info")).json?.data.card;
const creditsOf = async (hash: string) =>
  srv.server.database.db.select().from(usdtLedger).where(eq(usdtLedger.reference, hash));

describe("USDT deposits on an EVM chain", () => {
  it("lists the configured chains with their token, chain id, decimals and deposit address", async () => {
    const res = await call(srv.url, "/pay/getSupportedCoinList");
    expect(res.json).toMatchObject({
      code: 200,
      data: {
        configured: true,
        minUsdt: "0.1",
        relatedCoins: [
          {
            coinCode: "USDT",
            mainNetwork: "ETH",
            contact: getAddress(eth.usdt),
            chainId: ETH_ID,
            decimals: 6,
            depositAddress: DEPOSIT,
            confirmations: 3,
            kind: "evm",
          },
          { coinCode: "USDT", mainNetwork: "BSC", chainId: BSC_ID, decimals: 18, confirmations: 1 },
        ],
      },
    });
  });

  it("buys a package: QR with the EIP-681 transfer, the wallet sends it, pending until 3 confirmations, then paid once", async () => {
    const user = await signedIn();
    const qr = await openOrder(user);
    expect(qr).toMatchObject({
      amount: "19.99",
      depositAddress: DEPOSIT,
      chain: "ETH",
      chainId: ETH_ID,
      price: "19.99",
    });
    expect(qr.uri).toBe(`ethereum:${getAddress(eth.usdt)}@${ETH_ID}/transfer?address=${DEPOSIT}&uint256=19990000`);
    expect(qr.transferData).toEqual({
      tokenAddress: getAddress(eth.usdt),
      tokenDecimals: 6,
      amountUnits: "19990000",
      callData: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [DEPOSIT, usdt("19.99")] }),
    });
    expect((await post(user, "/pay/getDepositQrCode", { ...MONTHLY, chain: "ETH" })).json?.data.qrCode).toMatch(
      /^data:image\/png;base64,/,
    );

    const hash = await eth.send(payer, qr.transferData.tokenAddress, qr.transferData.callData);
    const first = await upload(user, hash, { ...MONTHLY, orderNo: qr.orderNo });
    expect(first.json).toMatchObject({
      code: 200,
      data: {
        status: "pending",
        reason: "awaitingConfirmations",
        txHash: hash,
        orderNo: qr.orderNo,
        orderStatus: "pending",
        amount: "19.99",
        credited: "0",
        confirmations: 1,
        requiredConfirmations: 3,
      },
    });
    expect(await creditsOf(hash)).toHaveLength(0);

    await eth.mine(2);
    const checked = await call(srv.url, `/bscHashCheck?hash=${hash}&chain=ETH`, { headers: user.headers });
    expect(checked.json).toMatchObject({
      code: 200,
      data: { status: "success", reason: null, orderStatus: "success", credited: "19.99", balance: "0" },
    });
    expect(await card(user)).toBe("3");

    // the same report again: the same answer, nothing credited twice
    const again = await upload(user, hash, { ...MONTHLY, orderNo: qr.orderNo });
    expect(again.json).toMatchObject({ code: 200, data: { status: "success", credited: "19.99", balance: "0" } });
    expect(await creditsOf(hash)).toHaveLength(1);

    // another account reporting it: hashUsed (8002)
    const other = await signedIn();
    const stolen = await upload(other, hash);
    expect(stolen.json).toMatchObject({
      code: ErrorCode.CannotRedeemTwice,
      data: { key: "hashUsed", field: "chargeHash" },
    });
    expect(await balance(other)).toBe("0");
  });

  it("pays a product by its type and id (the legacy payload) without an order number", async () => {
    const user = await signedIn();
    const qr = await openOrder(user);
    const hash = await eth.transfer(payer, eth.usdt, DEPOSIT, usdt("19.99"));
    await eth.mine(2);
    const res = await upload(user, hash, { ...MONTHLY });
    expect(res.json).toMatchObject({
      code: 200,
      data: { status: "success", orderNo: qr.orderNo, orderStatus: "success" },
    });
  });

  it("fails another token (wrongToken), another recipient (wrongRecipient) and a reverted transfer (txReverted)", async () => {
    const user = await signedIn();
    const fake = await eth.transfer(payer, otherToken, DEPOSIT, usdt("50"));
    const elsewhere = await eth.transfer(payer, eth.usdt, ELSEWHERE, usdt("50"));
    // more than the payer holds: mined, reverted
    const reverted = await eth.transfer(payer, eth.usdt, DEPOSIT, usdt("100000000"));
    expect((await eth.reader.getTransactionReceipt({ hash: reverted })).status).toBe("reverted");
    await eth.mine(3);
    for (const [hash, reason] of [
      [fake, "wrongToken"],
      [elsewhere, "wrongRecipient"],
      [reverted, "txReverted"],
    ] as const) {
      const res = await upload(user, hash);
      expect(res.json, reason).toMatchObject({ code: 200, data: { status: "failed", reason, credited: "0" } });
    }
    expect(await balance(user)).toBe("0");
  });

  it("ignores a top-up under 0.1 USDT; credits part of a price to the balance and leaves the order pending", async () => {
    const user = await signedIn();
    const dust = await eth.transfer(payer, eth.usdt, DEPOSIT, usdt("0.05"));
    await eth.mine(2);
    expect((await upload(user, dust)).json).toMatchObject({
      data: { status: "failed", reason: "amountTooSmall", amount: "0.05", credited: "0" },
    });

    const qr = await openOrder(user);
    const part = await eth.transfer(payer, eth.usdt, DEPOSIT, usdt("5"));
    await eth.mine(2);
    expect((await upload(user, part, { orderNo: qr.orderNo })).json).toMatchObject({
      data: { status: "failed", reason: "amountTooSmall", orderStatus: "pending", credited: "5", balance: "5" },
    });
    expect(await card(user)).not.toBe("3");
    // the next QR asks for what is still missing; paying it (in two Transfer events of one transaction) buys it
    const rest = await openOrder(user);
    expect(rest.amount).toBe("14.99");
    const hash = await eth.send(
      payer,
      eth.usdt,
      encodeFunctionData({
        abi: [
          {
            type: "function",
            name: "transferTwice",
            stateMutability: "nonpayable",
            inputs: [
              { name: "to", type: "address" },
              { name: "first", type: "uint256" },
              { name: "second", type: "uint256" },
            ],
            outputs: [{ type: "bool" }],
          },
        ],
        functionName: "transferTwice",
        args: [DEPOSIT, usdt("10"), usdt("4.99")],
      }),
    );
    await eth.mine(2);
    expect((await upload(user, hash, { orderNo: rest.orderNo })).json).toMatchObject({
      data: { status: "success", amount: "14.99", orderStatus: "success", balance: "0" },
    });
    expect(await card(user)).toBe("3");
  });

  it("refuses a malformed hash, an unknown chain, another account's order and a hash checked by someone else", async () => {
    const owner = await signedIn();
    const user = await signedIn();
    for (const chargeHash of ["0x1234", "hello", `0x${"zz".repeat(32)}`]) {
      const res = await upload(user, chargeHash);
      expect(res.json, chargeHash).toMatchObject({
        code: ErrorCode.RequestFailed,
        data: { key: "malformedHash", field: "chargeHash" },
      });
    }
    const unknownChain = await upload(user, `0x${"ab".repeat(32)}`, { chargeChain: "SOL" });
    expect(unknownChain.json).toMatchObject({
      code: ErrorCode.CoinNoRecharge,
      data: { key: "wrongChain", field: "chargeChain" },
    });
    const theirs = await openOrder(owner);
    const hash = await eth.transfer(payer, eth.usdt, DEPOSIT, usdt("19.99"));
    const res = await upload(user, hash, { orderNo: theirs.orderNo });
    expect(res.json).toMatchObject({
      code: ErrorCode.PaymentScenarioMissing,
      data: { key: "orderNotFound", field: "orderNo" },
    });
    const check = await call(srv.url, `/bscHashCheck?hash=${hash}`, { headers: user.headers });
    expect(check.json).toMatchObject({ code: ErrorCode.RequestFailed, data: { key: "depositNotFound" } });
    // the owner's own report of it is taken
    await eth.mine(2);
    expect((await upload(owner, hash, { orderNo: theirs.orderNo })).json).toMatchObject({
      data: { status: "success", orderStatus: "success" },
    });
  });

  it("names the chain a transfer was made on (wrongChain), and takes the report again on the right one", async () => {
    const user = await signedIn();
    const hash = await bsc.transfer(payer, bsc.usdt, DEPOSIT, parseUnits("5", 18));
    const wrong = await upload(user, hash, { chargeChain: "ETH" });
    expect(wrong.json).toMatchObject({ code: 200, data: { status: "failed", reason: "wrongChain", credited: "0" } });
    const right = await upload(user, hash, { chargeChain: "BSC" });
    // 18 decimals on BSC: 5e18 units are 5 USDT
    expect(right.json).toMatchObject({
      code: 200,
      data: { status: "success", chain: "BSC", amount: "5", credited: "5", balance: "5" },
    });
  });

  it("keeps a deposit pending while the node is down or lies, and credits it once it answers truly", async () => {
    const user = await signedIn();
    await proxy.down();
    const hash = await eth.transfer(payer, eth.usdt, DEPOSIT, usdt("3"));
    const second = await eth.transfer(payer, eth.usdt, DEPOSIT, usdt("2"));
    for (const reported of [hash, second]) {
      const down = await upload(user, reported);
      expect(down.json).toMatchObject({ code: 200, data: { status: "pending", reason: "rpcUnavailable" } });
    }
    // a sweep asks a node that is down once, not once per deposit
    expect(await srv.server.deposits.sweep()).toBe(1);
    await proxy.up();
    // a node whose head is below the receipt's block contradicts itself
    proxy.tamper("eth_blockNumber", () => "0x1");
    const lying = await call(srv.url, `/bscHashCheck?hash=${hash}`, { headers: user.headers });
    expect(lying.json).toMatchObject({ code: 200, data: { status: "pending", reason: "rpcInconsistent" } });
    proxy.tamper("eth_blockNumber", undefined);
    // and one that cannot give the receipt's block
    proxy.tamper("eth_getBlockByNumber", () => null);
    expect((await upload(user, hash)).json).toMatchObject({ data: { status: "pending", reason: "rpcInconsistent" } });
    proxy.tamper("eth_getBlockByNumber", undefined);
    await eth.mine(2);
    // the background sweep finds it confirmed
    expect(await srv.server.deposits.sweep()).toBeGreaterThanOrEqual(1);
    const after = await call(srv.url, `/bscHashCheck?hash=${hash}`, { headers: user.headers });
    expect(after.json).toMatchObject({ code: 200, data: { status: "success", credited: "3", balance: "5" } });
    expect(await creditsOf(hash)).toHaveLength(1);
  });

  it("credits one hash once when it is reported many times at once", async () => {
    const user = await signedIn();
    const hash = await eth.transfer(payer, eth.usdt, DEPOSIT, usdt("7"));
    await eth.mine(2);
    const answers = await Promise.all(Array.from({ length: 12 }, () => upload(user, hash)));
    for (const res of answers) expect(res.json).toMatchObject({ code: 200, data: { status: "success" } });
    expect(await creditsOf(hash)).toHaveLength(1);
    expect(await balance(user)).toBe("7");
  });

  it("credits once across two API nodes, and to one account only, when the same hash reaches both", async (ctx) => {
    ctx.skip(inject("database") === "pglite", ONE_NODE_PER_PGLITE);
    const other = await startTestServer(srv.env, { clock, timers: manualTimers() });
    try {
      const user = await signedIn();
      const rival = await signedIn();
      const hash = await eth.transfer(payer, eth.usdt, DEPOSIT, usdt("11"));
      await eth.mine(2);
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => {
          const who = i % 4 === 3 ? rival : user;
          return call((i % 2 ? other : srv).url, "/pay/uploadHash", {
            headers: who.headers,
            body: { chargeHash: hash, chargeChain: "ETH" },
          });
        }),
      );
      const owners = new Set(answers.filter((res) => res.json?.code === 200).map((res) => res.json?.data.balance));
      expect(owners).toEqual(new Set(["11"]));
      expect(await creditsOf(hash)).toHaveLength(1);
      expect(Number(await balance(user)) + Number(await balance(rival))).toBe(11);
    } finally {
      await other.stop();
    }
  });

  it("fails a transfer mined before its order was opened (txBeforeOrder)", async () => {
    const user = await signedIn();
    const hash = await eth.transfer(payer, eth.usdt, DEPOSIT, usdt("19.99"));
    await eth.mine(2);
    // the order is opened 30 minutes after the transfer; the chains' clocks move on with the server's
    clock.advance(30 * 60_000);
    await Promise.all([eth.increaseTime(30 * 60), bsc.increaseTime(30 * 60)]);
    const qr = await openOrder(user);
    expect((await upload(user, hash, { orderNo: qr.orderNo })).json).toMatchObject({
      data: { status: "failed", reason: "txBeforeOrder", orderStatus: "pending", credited: "0" },
    });
  });

  it("keeps an unknown hash pending (not mined yet) and fails it as txNotFound after the deadline", async () => {
    const user = await signedIn();
    const hash = `0x${randomBytes(32).toString("hex")}`;
    expect((await upload(user, hash)).json).toMatchObject({
      code: 200,
      data: { status: "pending", reason: "txNotFound" },
    });
    clock.advance(61 * 60_000);
    await Promise.all([eth.increaseTime(61 * 60), bsc.increaseTime(61 * 60)]);
    await srv.server.deposits.sweep();
    const check = await call(srv.url, `/bscHashCheck?hash=${hash}`, { headers: user.headers });
    expect(check.json).toMatchObject({ code: 200, data: { status: "failed", reason: "txNotFound" } });
  });
});

describe("a server without chains configured", () => {
  it("says payments are not set up", async () => {
    const bare = await createTestDatabase();
    const server = await startTestServer(bare.env);
    try {
      const list = await call(server.url, "/pay/getSupportedCoinList");
      expect(list.json).toMatchObject({ code: 200, data: { configured: false, relatedCoins: [] } });
      const database = server.server.database.db;
      const user = await createUsersRepository(database, clock).create({ email: "bare@example.com", username: "bare" });
      if (!user) throw new Error("user not created");
      const login = await createSessionsService(database, clock).signIn(user, "email");
      const headers = { authorization: `Bearer ${login.user_token}` };
      const qr = await call(server.url, "/pay/getDepositQrCode", { headers, body: { ...MONTHLY, coinCode: "USDT" } });
      expect(qr.json).toMatchObject({ code: ErrorCode.CoinNoRecharge, data: { key: "paymentsNotConfigured" } });
      const up = await call(server.url, "/pay/uploadHash", {
        headers,
        body: { chargeHash: `0x${"ab".repeat(32)}`, chargeChain: "ETH" },
      });
      expect(up.json).toMatchObject({ code: ErrorCode.CoinNoRecharge, data: { key: "paymentsNotConfigured" } });
    } finally {
      await server.stop();
      await bare.drop();
    }
  });
});
