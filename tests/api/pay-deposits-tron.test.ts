import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { hex20ToTronAddress, isTronAddress } from "../../src/server/providers/chains/tron-address.ts";
import { createTronGridVerifier } from "../../src/server/providers/chains/trongrid-verifier.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { manualTimers } from "../../src/server/providers/timers.ts";
import { startTronGridStandIn, type TronGridStandIn } from "../support/tron-grid-stand-in.ts";
import { call, createTestDatabase, startTestServer } from "./harness.ts";

/**
 * TRON deposits are read through TronGrid's HTTP API: the adapter against a loopback stand-in answering in the
 * documented shapes (transaction info with its TRC-20 Transfer log, blocks, the head, a token's decimals()).
 */

/** TRON's USDT contract on mainnet (a real T-address, so the Base58Check is real) */
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const DEPOSIT = hex20ToTronAddress("11".repeat(20));
const PAYER = hex20ToTronAddress("22".repeat(20));
const OTHER_TOKEN = hex20ToTronAddress("33".repeat(20));
const START = Date.parse("2030-05-01T00:00:00Z");

let grid: TronGridStandIn;
beforeAll(async () => {
  grid = await startTronGridStandIn({ startMs: START });
});
afterAll(async () => {
  await grid?.close();
});

const verifier = (more: { apiKey?: string; decimals?: number } = {}) =>
  createTronGridVerifier({
    code: "TRON",
    baseUrl: grid.url,
    apiKey: more.apiKey,
    usdt: USDT,
    decimals: more.decimals ?? 6,
    timeoutMs: 2_000,
  });

describe("TRON addresses", () => {
  it("reads and writes Base58Check T-addresses", () => {
    expect(isTronAddress(USDT)).toBe(true);
    expect(isTronAddress(`${USDT.slice(0, -1)}u`)).toBe(false);
    expect(hex20ToTronAddress("41a614f803b6fd780986a42c78ec9c7f77e6ded13c")).toBe(USDT);
  });
});

describe("the TronGrid adapter", () => {
  it("reads a TRC-20 transfer: its block, time, confirmations and Transfer event, with the API key", async () => {
    const txId = grid.mineTransfer({ token: USDT, from: PAYER, to: DEPOSIT, amount: 19_990_000n });
    grid.mineBlocks(4);
    const lookup = await verifier({ apiKey: "grid-key" }).lookup(txId);
    expect(lookup).toEqual({
      state: "mined",
      success: true,
      blockNumber: grid.head() - 4,
      blockTime: new Date(START + (grid.head() - 4) * 3_000),
      confirmations: 5,
      transfers: [{ token: USDT, from: PAYER, to: DEPOSIT, value: 19_990_000n }],
    });
    const asked = grid.calls.slice(-4);
    expect(asked.map((call) => call.path)).toEqual([
      "/wallet/triggerconstantcontract",
      "/wallet/gettransactioninfobyid",
      "/wallet/getblockbynum",
      "/wallet/getnowblock",
    ]);
    expect(asked.every((call) => call.apiKey === "grid-key")).toBe(true);
  });

  it("says notFound for an id the chain does not know ({}), and mined-but-failed for a reverted transfer", async () => {
    expect(await verifier().lookup("ab".repeat(32))).toEqual({ state: "notFound" });
    const txId = grid.mineTransfer({ token: USDT, from: PAYER, to: DEPOSIT, amount: 5_000_000n, success: false });
    expect(await verifier().lookup(txId)).toMatchObject({ state: "mined", success: false, transfers: [] });
  });

  it("gives every Transfer event, of any token, for the service to judge", async () => {
    const txId = grid.mineTransfer({ token: OTHER_TOKEN, from: PAYER, to: DEPOSIT, amount: 1n });
    expect(await verifier().lookup(txId)).toMatchObject({
      state: "mined",
      success: true,
      transfers: [{ token: OTHER_TOKEN, to: DEPOSIT, value: 1n }],
    });
  });

  it("is inconsistent when the node cannot give the transaction's block, or reports a head below it", async () => {
    const dropped = grid.mineTransfer({ token: USDT, from: PAYER, to: DEPOSIT, amount: 1_000_000n });
    grid.dropBlock(grid.head());
    expect(await verifier().lookup(dropped)).toMatchObject({ state: "inconsistent" });
    const ahead = grid.mineTransfer({ token: USDT, from: PAYER, to: DEPOSIT, amount: 1_000_000n });
    grid.reportHead(grid.head() - 2);
    expect(await verifier().lookup(ahead)).toMatchObject({ state: "inconsistent" });
    grid.reportHead(undefined);
    expect(await verifier().lookup(ahead)).toMatchObject({ state: "mined", confirmations: 1 });
  });

  it("is unavailable when TronGrid fails, is unreachable, or the token has other decimals than configured", async () => {
    const txId = grid.mineTransfer({ token: USDT, from: PAYER, to: DEPOSIT, amount: 1_000_000n });
    const checked = verifier();
    grid.failNext("/wallet/gettransactioninfobyid", 503);
    expect(await checked.lookup(txId)).toMatchObject({ state: "unavailable", detail: expect.stringContaining("503") });
    expect(await checked.lookup(txId)).toMatchObject({ state: "mined" });
    const closed = createTronGridVerifier({
      code: "TRON",
      baseUrl: "http://127.0.0.1:9",
      apiKey: undefined,
      usdt: USDT,
      decimals: 6,
      timeoutMs: 2_000,
    });
    expect(await closed.lookup(txId)).toMatchObject({ state: "unavailable" });
    expect(await verifier({ decimals: 18 }).lookup(txId)).toMatchObject({
      state: "unavailable",
      detail: expect.stringContaining("6 decimals"),
    });
  });

  it("takes TRON's hash form only (64 hex digits, no 0x)", () => {
    expect(verifier().accepts("ab".repeat(32))).toBe(true);
    expect(verifier().accepts(`0x${"ab".repeat(32)}`)).toBe(false);
  });
});

describe("a TRON deposit through the API", () => {
  it("buys a package with a TRC-20 transfer: the address and amount to send, pending until 19 confirmations, then paid", async () => {
    const db = await createTestDatabase();
    const clock = manualClock(new Date(START));
    const callsBefore = grid.calls.length;
    const srv = await startTestServer(
      {
        ...db.env,
        PAY_CHAINS: "TRON",
        PAY_TRON_RPC_URL: grid.url,
        PAY_TRON_API_KEY: "grid-key",
        PAY_TRON_USDT: USDT,
        PAY_TRON_DEPOSIT_ADDRESS: DEPOSIT,
      },
      { clock, timers: manualTimers() },
    );
    try {
      const database = srv.server.database.db;
      const user = await createUsersRepository(database, clock).create({ email: "tron@example.com", username: "tron" });
      if (!user) throw new Error("user not created");
      const login = await createSessionsService(database, clock).signIn(user, "email");
      const headers = { authorization: `Bearer ${login.user_token}` };

      const coins = await call(srv.url, "/pay/getSupportedCoinList");
      expect(coins.json?.data).toMatchObject({
        configured: true,
        relatedCoins: [
          { coinCode: "USDT", mainNetwork: "TRON", contact: USDT, chainId: null, decimals: 6, confirmations: 19 },
        ],
      });
      const qr = await call(srv.url, "/pay/getDepositQrCode", {
        headers,
        body: { productType: "CARDS", productId: 3, coinCode: "USDT", chain: "TRON" },
      });
      expect(qr.json).toMatchObject({
        code: 200,
        data: {
          uri: DEPOSIT,
          depositAddress: DEPOSIT,
          amount: "19.99",
          chain: "TRON",
          chainId: null,
          transferData: { tokenAddress: USDT, callData: null, tokenDecimals: 6, amountUnits: "19990000" },
        },
      });
      const orderNo = qr.json?.data.orderNo;

      const txId = grid.mineTransfer({ token: USDT, from: PAYER, to: DEPOSIT, amount: 19_990_000n });
      const upload = (chargeHash: string) =>
        call(srv.url, "/pay/uploadHash", { headers, body: { chargeHash, chargeChain: "TRON", orderNo } });
      expect((await upload(txId)).json).toMatchObject({
        code: 200,
        data: { status: "pending", reason: "awaitingConfirmations", confirmations: 1, requiredConfirmations: 19 },
      });
      grid.mineBlocks(18);
      // the same id with an 0x in front is the same deposit
      expect((await upload(`0x${txId}`)).json).toMatchObject({
        code: 200,
        data: { status: "success", txHash: txId, orderStatus: "success", credited: "19.99", balance: "0" },
      });
      expect((await call(srv.url, "/user/info", { headers })).json?.data.card).toBe("3");
      const asked = grid.calls.slice(callsBefore);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((c) => c.apiKey === "grid-key")).toBe(true);

      const reverted = grid.mineTransfer({ token: USDT, from: PAYER, to: DEPOSIT, amount: 1n, success: false });
      expect((await upload(reverted)).json).toMatchObject({
        code: 200,
        data: { status: "failed", reason: "txReverted" },
      });
    } finally {
      await srv.stop();
      await db.drop();
    }
  });
});
