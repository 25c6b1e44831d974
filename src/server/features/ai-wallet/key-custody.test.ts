import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createEmbeddedKeyCustody, KeyMismatchError, keyIdOf, openBytes, sealBytes } from "./key-custody.ts";

const master = Buffer.alloc(32, 7);

describe("embedded key custody", () => {
  it("names the master key by a fingerprint that is stable and not the key", () => {
    const custody = createEmbeddedKeyCustody(master);
    expect(custody.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(custody.keyId).toBe(keyIdOf(Buffer.alloc(32, 7)));
    expect(custody.keyId).not.toBe(keyIdOf(Buffer.alloc(32, 8)));
    expect(master.toString("hex")).not.toContain(custody.keyId);
  });

  it("unwraps what it wrapped for the same account, and nothing else", async () => {
    const custody = createEmbeddedKeyCustody(master);
    const dataKey = randomBytes(32);
    const wrapped = await custody.wrapKey(dataKey, "user:1");
    expect(Buffer.from(wrapped).includes(dataKey)).toBe(false);
    expect(Buffer.from(await custody.unwrapKey(wrapped, custody.keyId, "user:1")).equals(dataKey)).toBe(true);
    // another account's context
    await expect(custody.unwrapKey(wrapped, custody.keyId, "user:2")).rejects.toThrow();
    // changed bytes
    const tampered = Buffer.from(wrapped);
    tampered[20] = (tampered[20] ?? 0) ^ 1;
    await expect(custody.unwrapKey(tampered, custody.keyId, "user:1")).rejects.toThrow();
    // wrapped under another master key
    await expect(custody.unwrapKey(wrapped, "0000000000000000", "user:1")).rejects.toBeInstanceOf(KeyMismatchError);
    const other = createEmbeddedKeyCustody(Buffer.alloc(32, 9));
    await expect(other.unwrapKey(wrapped, other.keyId, "user:1")).rejects.toThrow();
  });

  it("seals with a fresh iv each time: iv | ciphertext | tag", () => {
    const key = randomBytes(32);
    const plain = Buffer.from("the same bytes");
    const a = sealBytes(key, plain, "aad");
    const b = sealBytes(key, plain, "aad");
    expect(a.length).toBe(12 + plain.length + 16);
    expect(a.equals(b)).toBe(false);
    expect(openBytes(key, a, "aad").equals(plain)).toBe(true);
    expect(() => openBytes(key, a, "other")).toThrow();
  });

  it("refuses a master key that is not 32 bytes", () => {
    expect(() => createEmbeddedKeyCustody(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});
