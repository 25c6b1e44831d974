import { eq } from "drizzle-orm";
import { type Hex, keccak256, parseEther, parseTransaction, recoverTransactionAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { aiWalletAudit, aiWallets } from "../../db/schema.ts";
import { manualClock } from "../../providers/clock.ts";
import { checkStoredWallets, createAiWalletKeys } from "./ai-wallet-keys.ts";
import { createAiWalletSigner } from "./ai-wallet-signer.ts";
import { createAiWalletsRepository } from "./ai-wallets.repository.ts";
import { createEmbeddedKeyCustody } from "./key-custody.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
});
afterAll(async () => {
  await handle?.close();
});

function parts(masterFill = 1) {
  const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
  const wallets = createAiWalletsRepository(handle.db);
  const custody = createEmbeddedKeyCustody(Buffer.alloc(32, masterFill));
  return {
    wallets,
    custody,
    keys: createAiWalletKeys({ wallets, custody, clock }),
    signer: createAiWalletSigner({ wallets, custody, clock }),
  };
}

const auditOf = (userId: number) =>
  handle.db.select().from(aiWalletAudit).where(eq(aiWalletAudit.userId, userId)).orderBy(aiWalletAudit.id);

describe("AI wallet signer", () => {
  it("creates one wallet a user, also when asked twice at once", async () => {
    const { keys, signer } = parts();
    const [a, b] = await Promise.all([keys.create(101), keys.create(101)]);
    expect(a.address).toBe(b.address);
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
    expect(await signer.addressOf(101)).toBe(a.address);
    expect(await signer.addressOf(102)).toBeUndefined();
    expect((await auditOf(101)).map((row) => row.action)).toEqual(["create"]);
  });

  it("signs a transaction with the wallet's key, returns its hash and audits it", async () => {
    const { keys, signer } = parts();
    const { address } = await keys.create(103);
    const tx = {
      chainId: 31337,
      type: "eip1559" as const,
      to: "0x000000000000000000000000000000000000dEaD" as Hex,
      value: parseEther("0.5"),
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    };
    const { raw, hash } = await signer.signTransaction(103, tx, {
      action: "sign_withdraw",
      detail: { to: tx.to, value: "0.5" },
    });
    expect(hash).toBe(keccak256(raw));
    expect(parseTransaction(raw).value).toBe(parseEther("0.5"));
    expect(await recoverTransactionAddress({ serializedTransaction: raw as `0x02${string}` })).toBe(address);
    const audit = await auditOf(103);
    expect(audit.at(-1)).toMatchObject({ action: "sign_withdraw", chainId: 31337, txHash: hash, address });
  });

  it("exports the key that signs for the address, audited; the stored rows never hold it", async () => {
    const { keys, signer } = parts();
    const { address } = await keys.create(104);
    const key = await signer.exportKey(104, { action: "export", detail: {} });
    expect(privateKeyToAccount(key).address).toBe(address);
    const [row] = await handle.db.select().from(aiWallets).where(eq(aiWallets.userId, 104));
    const plain = Buffer.from(key.slice(2), "hex");
    for (const value of Object.values(row ?? {})) {
      const text = value instanceof Date ? value.toISOString() : Buffer.isBuffer(value) ? "" : String(value);
      expect(text.toLowerCase()).not.toContain(key.slice(2).toLowerCase());
      if (Buffer.isBuffer(value)) expect(value.includes(plain)).toBe(false);
    }
    expect(JSON.stringify(await auditOf(104)).toLowerCase()).not.toContain(key.slice(2).toLowerCase());
    expect((await auditOf(104)).at(-1)?.action).toBe("export");
  });

  it("refuses without a master key, and for an account without a wallet", async () => {
    const { wallets } = parts();
    const clock = manualClock();
    const none = createAiWalletSigner({ wallets, custody: undefined, clock });
    await expect(none.exportKey(104, { action: "export", detail: {} })).rejects.toMatchObject({
      key: "aiWalletUnavailable",
    });
    await expect(createAiWalletKeys({ wallets, custody: undefined, clock }).create(105)).rejects.toMatchObject({
      key: "aiWalletUnavailable",
    });
    await expect(parts().signer.exportKey(999, { action: "export", detail: {} })).rejects.toMatchObject({
      key: "aiWalletMissing",
    });
  });

  it("a different master key cannot open the stored wallets, and the start-up check says so", async () => {
    const other = parts(2);
    await expect(checkStoredWallets(other.wallets, other.custody)).rejects.toThrow(
      /AI_WALLET_MASTER_KEY does not match the key the stored AI wallets were sealed with/,
    );
    await expect(other.signer.exportKey(104, { action: "export", detail: {} })).rejects.toThrow();
    const same = parts(1);
    expect((await checkStoredWallets(same.wallets, same.custody)).stored).toBeGreaterThan(0);
    expect((await checkStoredWallets(same.wallets, undefined)).stored).toBeGreaterThan(0);
  });
});
