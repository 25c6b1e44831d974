import { createHash } from "node:crypto";

/**
 * TRON addresses: Base58Check of 0x41 and the account's 20 bytes ("T..."), the form wallets and TronGrid's
 * `visible` output use; the hex form (41 + 40 hex digits) is what transaction data and event logs carry, logs
 * without the 41.
 */

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const TRON_PREFIX = 0x41;

function sha256(bytes: Uint8Array): Uint8Array {
  return createHash("sha256").update(bytes).digest();
}

function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const char of text) {
    if (char !== "1") break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  let text = "";
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/** The 20 account bytes of a "T..." address as 40 lower-case hex digits, or undefined when it is not one. */
export function tronAddressToHex20(address: string): string | undefined {
  const decoded = base58Decode(address);
  if (decoded?.length !== 25 || decoded[0] !== TRON_PREFIX) return undefined;
  const payload = decoded.subarray(0, 21);
  const check = sha256(sha256(payload)).subarray(0, 4);
  if (!check.every((byte, i) => byte === decoded[21 + i])) return undefined;
  return Buffer.from(payload.subarray(1)).toString("hex");
}

/** The "T..." address of 20 account bytes given as 40 hex digits (an optional 41 or 0x in front is dropped). */
export function hex20ToTronAddress(hex: string): string {
  const digits = hex.replace(/^0x/i, "").replace(/^41(?=[0-9a-f]{40}$)/i, "");
  if (!/^[0-9a-fA-F]{40}$/.test(digits)) throw new Error(`not a 20-byte address: ${hex}`);
  const payload = Uint8Array.from([TRON_PREFIX, ...Buffer.from(digits, "hex")]);
  const check = sha256(sha256(payload)).subarray(0, 4);
  return base58Encode(Uint8Array.from([...payload, ...check]));
}

export function isTronAddress(address: string): boolean {
  return tronAddressToHex20(address) !== undefined;
}
