import { sql } from "drizzle-orm";
import { parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AiWalletWorld,
  aiUser,
  api,
  auditOf,
  CHAIN_ID,
  codeOf,
  fundedUser,
  NATIVE,
  ok,
  startAiWalletWorld,
  type WithdrawalAnswer,
} from "./ai-wallet-harness.ts";

/**
 * The AI wallet's keys at rest and across restarts (issue 17): the database never holds a plain key, another master
 * key stops the start with a clear error (never a silent new wallet), no master key leaves the wallet unavailable,
 * and a withdrawal stored signed but not broadcast is sent after a restart with the same bytes (never signed again).
 */

let world: AiWalletWorld;
// a chain deployed and a server started: slow on a loaded machine
beforeAll(async () => {
  world = await startAiWalletWorld();
}, 600_000);
afterAll(async () => {
  await world?.stop();
}, 600_000);

const OTHER_KEY = Buffer.alloc(32, 42).toString("base64");

/** every column of every row of a table, as text (bytea as hex) */
async function tableText(table: "ai_wallets" | "ai_wallet_audit" | "ai_withdrawals"): Promise<string> {
  const result = await world.srv.server.database.db.execute(sql.raw(`select to_jsonb(t)::text as row from ${table} t`));
  const rows = (result as unknown as { rows: { row: string }[] }).rows;
  return rows
    .map((entry) => entry.row)
    .join("\n")
    .toLowerCase();
}

describe("AI wallet keys at rest", () => {
  it("never stores the plain key: every column of the wallets and the audit log scanned", async () => {
    const user = await fundedUser(world);
    await ok(api(world, user, "/aiAccount/preExport", {}));
    const exported = await ok<{ privateKey: `0x${string}` }>(
      api(world, user, "/aiAccount/export", { code: await codeOf(world, user) }),
    );
    const hex = exported.privateKey.slice(2).toLowerCase();
    expect(privateKeyToAccount(exported.privateKey).address).toBe(user.address);
    const wallets = await tableText("ai_wallets");
    expect(wallets).toContain(user.address.toLowerCase());
    for (const table of ["ai_wallets", "ai_wallet_audit", "ai_withdrawals"] as const) {
      const text = await tableText(table);
      expect(text).not.toContain(hex);
      // bytea columns come out as \\x<hex>; base64 of the key bytes too
      expect(text).not.toContain(Buffer.from(hex, "hex").toString("base64").toLowerCase());
    }
    // the key's bytes are in no stored byte string either
    const rows = await world.srv.server.database.db.execute(sql.raw("select wrapped_key, sealed_key from ai_wallets"));
    const plain = Buffer.from(hex, "hex");
    for (const row of (rows as unknown as { rows: { wrapped_key: Uint8Array; sealed_key: Uint8Array }[] }).rows) {
      expect(Buffer.from(row.wrapped_key).includes(plain)).toBe(false);
      expect(Buffer.from(row.sealed_key).includes(plain)).toBe(false);
    }
  });

  it("another master key stops the start with a clear error; none leaves the wallet unavailable", async () => {
    const user = await fundedUser(world);
    await world.srv.stop();
    await expect(world.start({ AI_WALLET_MASTER_KEY: OTHER_KEY })).rejects.toThrow(
      /AI_WALLET_MASTER_KEY does not match the key the stored AI wallets were sealed with/,
    );

    const srv = await world.start({ AI_WALLET_MASTER_KEY: undefined });
    expect(srv.logs.some((line) => String(line.msg).includes("AI wallet unavailable"))).toBe(true);
    expect(await ok(api(world, user, "/getAIAccountInfo"))).toEqual({
      available: false,
      reason: "noMasterKey",
      account: null,
    });
    const other = await aiUser(world);
    const refused = await api(world, other, "/createAIAccount", {});
    expect(refused.json).toMatchObject({ code: 1001, data: { key: "aiWalletUnavailable" } });
    const withdraw = await api(world, user, "/aiAccountPreWithdraw", {
      chainId: CHAIN_ID,
      tokenAddress: NATIVE,
      amount: "0.1",
      toAddress: privateKeyToAccount(generatePrivateKey()).address,
    });
    expect(withdraw.json).toMatchObject({ code: 1001, data: { key: "aiWalletUnavailable" } });
    await srv.stop();

    // the right key again: the same wallet, usable
    await world.start();
    const info = await ok<{ account: { address: string } }>(api(world, user, "/getAIAccountInfo"));
    expect(info.account.address).toBe(user.address);
  });
});

describe("AI wallet withdrawals across a restart", () => {
  it("a withdrawal stored signed but not broadcast is sent after the restart with the same hash, once", async () => {
    const user = await fundedUser(world, { eth: parseEther("1") });
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const pre = await ok<{ withdrawal: WithdrawalAnswer }>(
      api(world, user, "/aiAccountPreWithdraw", {
        chainId: CHAIN_ID,
        tokenAddress: NATIVE,
        amount: "0.25",
        toAddress: to,
      }),
    );
    // the node cannot be reached exactly when the signed withdrawal goes out
    world.relay.refuseBroadcasts = true;
    const sending = await ok<WithdrawalAnswer>(
      api(world, user, "/aiAccountWithdraw", {
        withdrawId: pre.withdrawal.withdrawId,
        code: await codeOf(world, user),
      }),
    );
    expect(sending.status).toBe("sending");
    expect(sending.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const hash = sending.txHash as `0x${string}`;
    await expect(world.chain.reader.getTransaction({ hash })).rejects.toThrow();
    expect(await world.chain.reader.getBalance({ address: to })).toBe(0n);

    // stop; the node answers again; start: the stored bytes go out, nothing is signed again
    await world.srv.stop();
    world.relay.refuseBroadcasts = false;
    const broadcastsBefore = world.relay.broadcasts;
    await world.start();
    await world.srv.server.aiWallets.sweep();
    const receipt = await world.chain.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    expect(receipt.status).toBe("success");
    expect(await world.chain.reader.getBalance({ address: to })).toBe(parseEther("0.25"));
    expect(world.relay.broadcasts).toBe(broadcastsBefore + 1);

    await world.srv.server.aiWallets.sweep();
    const list = await ok<{ lists: WithdrawalAnswer[] }>(api(world, user, "/aiAccount/withdrawals"));
    expect(list.lists).toEqual([
      expect.objectContaining({ withdrawId: pre.withdrawal.withdrawId, status: "completed", txHash: hash }),
    ]);
    const signed = (await auditOf(world, user.userId)).filter((row) => row.action === "sign_withdraw");
    expect(signed).toEqual([expect.objectContaining({ txHash: hash })]);
    // asking again sends nothing more
    const again = await ok<WithdrawalAnswer>(
      api(world, user, "/aiAccountWithdraw", { withdrawId: pre.withdrawal.withdrawId, code: "000000" }),
    );
    expect(again).toMatchObject({ status: "completed", txHash: hash });
    expect(world.relay.broadcasts).toBe(broadcastsBefore + 1);
  });
});
