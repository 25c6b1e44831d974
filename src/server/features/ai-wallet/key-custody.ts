import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { KeyCustody } from "./ai-wallet-ports.ts";

/**
 * The embedded key custody: the master key from configuration (AI_WALLET_MASTER_KEY) wraps each AI wallet's data key
 * with AES-256-GCM, the account bound as additional data. A KMS adapter implementing KeyCustody can replace it.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const AES_KEY_BYTES = 32;

/** The master key's name: a fingerprint (HMAC of a fixed label), so it can be stored and compared, never the key. */
export function keyIdOf(masterKey: Uint8Array): string {
  return createHmac("sha256", masterKey).update("ai-wallet key id").digest("hex").slice(0, 16);
}

/** AES-256-GCM of `plain` under `key`, `aad` bound: iv | ciphertext | tag. */
export function sealBytes(key: Uint8Array, plain: Uint8Array, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** Opens what sealBytes made; a wrong key, other additional data or changed bytes throw. */
export function openBytes(key: Uint8Array, sealed: Uint8Array, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error("sealed bytes too short");
  const bytes = Buffer.from(sealed);
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/** A data key wrapped under another master key than this custody's: the configuration changed keys. */
export class KeyMismatchError extends Error {
  override name = "KeyMismatchError";
}

/** The embedded custody over a 32-byte master key (a copy is kept; the caller may zero its own). */
export function createEmbeddedKeyCustody(masterKey: Uint8Array): KeyCustody {
  if (masterKey.length !== AES_KEY_BYTES) throw new Error(`the master key must be ${AES_KEY_BYTES} bytes`);
  const master = Buffer.from(masterKey);
  const keyId = keyIdOf(master);
  const aad = (context: string) => `ai-wallet data key|${context}`;
  return {
    keyId,
    async wrapKey(dataKey, context) {
      return sealBytes(master, dataKey, aad(context));
    },
    async unwrapKey(wrapped, wrappedUnder, context) {
      if (wrappedUnder !== keyId) {
        throw new KeyMismatchError(`the data key was wrapped under key ${wrappedUnder}, not ${keyId}`);
      }
      return openBytes(master, wrapped, aad(context));
    },
  };
}
