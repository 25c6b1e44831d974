import { randomBytes } from "node:crypto";
import { getAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { KeyCustody } from "./ai-wallet-ports.ts";
import { AES_KEY_BYTES, openBytes, sealBytes } from "./key-custody.ts";

/**
 * Envelope encryption of an AI wallet's private key: a fresh random data key seals the key (AES-256-GCM, the user and
 * the address bound as additional data), and the custody wraps the data key (the account bound). Only the sealed and
 * wrapped bytes are stored.
 */

export interface SealedWallet {
  address: `0x${string}`;
  keyId: string;
  wrappedKey: Buffer;
  sealedKey: Buffer;
}

const custodyContext = (userId: number) => `user:${userId}`;
const sealContext = (userId: number, address: string) => `ai-wallet key|user:${userId}|${address.toLowerCase()}`;

const hexOf = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString("hex")}`;

/**
 * A new key for the user, sealed; the key's buffer is zeroed before this returns (the hex string given to viem to
 * derive the address cannot be: see withPrivateKey).
 */
export async function generateSealedWallet(custody: KeyCustody, userId: number): Promise<SealedWallet> {
  const privateKey = randomBytes(32);
  const dataKey = randomBytes(AES_KEY_BYTES);
  try {
    // a 32-byte value outside the curve's order is refused by viem (a chance of about 2^-128); a retry makes another
    const address = getAddress(privateKeyToAccount(hexOf(privateKey)).address);
    const sealedKey = sealBytes(dataKey, privateKey, sealContext(userId, address));
    const wrappedKey = Buffer.from(await custody.wrapKey(dataKey, custodyContext(userId)));
    return { address, keyId: custody.keyId, wrappedKey, sealedKey };
  } finally {
    privateKey.fill(0);
    dataKey.fill(0);
  }
}

/**
 * Opens a stored wallet's key for the length of `use` and zeroes the bytes this function holds (the data key and the
 * opened key's buffer) afterwards; the address derived from the key must be the stored one. The key reaches `use` as
 * a hex string, because viem signs with a hex string: JavaScript strings are immutable, so that copy (and the ones
 * viem derives from it) cannot be zeroed and stays in memory until the garbage collector reclaims it. Zeroing bounds
 * the buffers' lifetime; it does not erase every copy of the key from the process.
 */
export async function withPrivateKey<T>(
  custody: KeyCustody,
  row: { userId: number; address: string; keyId: string; wrappedKey: Uint8Array; sealedKey: Uint8Array },
  use: (privateKey: Hex) => Promise<T>,
): Promise<T> {
  const dataKey = Buffer.from(await custody.unwrapKey(row.wrappedKey, row.keyId, custodyContext(row.userId)));
  let plain: Buffer | undefined;
  try {
    plain = openBytes(dataKey, row.sealedKey, sealContext(row.userId, row.address));
    const privateKey = hexOf(plain);
    if (privateKeyToAccount(privateKey).address.toLowerCase() !== row.address.toLowerCase()) {
      throw new Error("the unsealed key does not belong to the stored address");
    }
    return await use(privateKey);
  } finally {
    dataKey.fill(0);
    plain?.fill(0);
  }
}
