import { sql } from "drizzle-orm";
import { parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { lastMail, startSmtpCatcher } from "./account-proofs.ts";
import {
  aiUser,
  aiWalletWorldForTests,
  anvilRpc,
  api,
  auditOf,
  codeOf,
  freshAddress,
  fundedUser,
  ok,
  preWithdraw,
  type WithdrawalAnswer,
} from "./ai-wallet-harness.ts";

/**
 * The AI wallet's keys at rest and across restarts (issue 17): the database never holds a plain key, another master
 * key stops the start with a clear error (never a silent new wallet), no master key leaves the wallet unavailable,
 * and a withdrawal stored signed but not broadcast is sent after a restart with the same bytes (never signed again).
 */

const world = aiWalletWorldForTests();

const OTHER_KEY = Buffer.alloc(32, 42).toString("base64");

/** every column of every row of a table, as text (bytea as hex) */
async function tableText(
  table: "ai_wallets" | "ai_wallet_audit" | "ai_withdrawals" | "mail_outbox" | "email_verifications",
): Promise<string> {
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
    const base64 = Buffer.from(hex, "hex").toString("base64").toLowerCase();
    for (const table of ["ai_wallets", "ai_wallet_audit", "ai_withdrawals", "mail_outbox"] as const) {
      const text = await tableText(table);
      expect(text, table).not.toContain(hex);
      // bytea columns come out as \\x<hex>; base64 of the key bytes too
      expect(text, table).not.toContain(base64);
    }
    // nor does the server's log
    const logs = JSON.stringify(world.srv.logs).toLowerCase();
    expect(logs).not.toContain(hex);
    expect(logs).not.toContain(base64);
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
    const withdraw = await preWithdraw(world, user, { amount: "0.1", toAddress: freshAddress() });
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
    const to = freshAddress();
    const pre = await ok<{ withdrawal: WithdrawalAnswer }>(preWithdraw(world, user, { amount: "0.25", toAddress: to }));
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

describe("AI wallet withdrawals whose nonce another transaction took", () => {
  it("a sent withdrawal never mined fails (txNotFound) after two sweeps and stops counting toward the day", async () => {
    const user = await fundedUser(world, { eth: parseEther("1") });
    const pre = await ok<{ withdrawal: WithdrawalAnswer }>(
      preWithdraw(world, user, { amount: "0.1", toAddress: freshAddress() }),
    );
    // the node takes the transaction but mines nothing; then drops it, and the wallet's nonce moves past it
    await anvilRpc(world, "evm_setAutomine", [false]);
    let sent: WithdrawalAnswer;
    try {
      sent = await ok<WithdrawalAnswer>(
        api(world, user, "/aiAccountWithdraw", {
          withdrawId: pre.withdrawal.withdrawId,
          code: await codeOf(world, user),
        }),
      );
      expect(sent.status).toBe("sent");
      await anvilRpc(world, "anvil_dropTransaction", [sent.txHash]);
    } finally {
      await anvilRpc(world, "evm_setAutomine", [true]);
    }
    await anvilRpc(world, "anvil_setNonce", [user.address, "0x1"]);
    await anvilRpc(world, "evm_mine", []);
    const used = await ok<{ account: { dailyUsedUsd: number } }>(api(world, user, "/getAIAccountInfo"));
    expect(used.account.dailyUsedUsd).toBeGreaterThan(0);

    const listed = async () =>
      (await ok<{ lists: WithdrawalAnswer[] }>(api(world, user, "/aiAccount/withdrawals"))).lists[0];
    // one sweep that sees no receipt is not enough: the receipt may be on its way
    await world.srv.server.aiWallets.sweep();
    expect(await listed()).toMatchObject({ status: "sent" });
    await world.srv.server.aiWallets.sweep();
    expect(await listed()).toMatchObject({ status: "fail", statusReason: "txNotFound", txHash: sent.txHash });
    const after = await ok<{ account: { dailyUsedUsd: number } }>(api(world, user, "/getAIAccountInfo"));
    expect(after.account.dailyUsedUsd).toBe(0);
    expect(await world.chain.reader.getBalance({ address: user.address })).toBe(parseEther("1"));
    const failed = (await auditOf(world, user.userId)).filter((row) => row.action === "withdraw_failed");
    expect(failed).toEqual([
      expect.objectContaining({ txHash: sent.txHash, detail: expect.objectContaining({ reason: "txNotFound" }) }),
    ]);
  });
});

describe("AI wallet code mails delivered by SMTP", () => {
  it("keeps no live code in the outbox, and the exported key is in no log, mail or table", async () => {
    const smtp = await startSmtpCatcher();
    await world.srv.stop();
    try {
      const srv = await world.start({ SMTP_URL: smtp.url });
      const user = await fundedUser(world);
      await ok(api(world, user, "/aiAccount/preExport", {}));
      const code = smtp.codeFor(user.email);
      const stored = await lastMail(srv, user.email);
      expect(stored).toMatchObject({ transport: "smtp", error: null, deliveredAt: expect.any(Date) });
      expect(stored?.text).toContain("[code sent by mail, not stored]");
      expect(stored?.text).not.toContain(code);
      expect(stored?.html).not.toContain(code);

      const exported = await ok<{ privateKey: `0x${string}` }>(api(world, user, "/aiAccount/export", { code }));
      const hex = exported.privateKey.slice(2).toLowerCase();
      for (const table of ["ai_wallets", "ai_wallet_audit", "ai_withdrawals", "mail_outbox"] as const) {
        expect(await tableText(table), table).not.toContain(hex);
      }
      expect(JSON.stringify(srv.logs).toLowerCase()).not.toContain(hex);
      expect(JSON.stringify(srv.logs)).not.toContain(code);
    } finally {
      await world.srv.stop();
      await smtp.close();
      await world.start();
    }
  });
});
