import type { Hex, TransactionSerializable } from "viem";

/**
 * Key custody (ARCHITECTURE: ports and their embedded defaults): wraps and unwraps the data keys that seal the AI
 * wallets' private keys. The embedded one holds a master key from configuration (AES-256-GCM); a KMS adapter can
 * replace it. Without a master key there is no custody, and the AI wallet is unavailable.
 */
export interface KeyCustody {
  /** names the master key (a fingerprint, never the key): stored beside each wrapped key */
  readonly keyId: string;
  /** wraps a data key; `context` (the account) is bound to the result (AES-GCM additional data) */
  wrapKey(dataKey: Uint8Array, context: string): Promise<Uint8Array>;
  /** unwraps a data key wrapped under `keyId`; a wrong key, context or tampered bytes throw */
  unwrapKey(wrapped: Uint8Array, keyId: string, context: string): Promise<Uint8Array>;
}

/** What a use of an AI wallet's key is written to the audit log as. */
export interface SigningRecord {
  /** sign_approve, sign_swap, sign_withdraw, export, ... */
  action: string;
  chainId?: number;
  /** what was signed: to, value, token, amount, order id; never a secret */
  detail: Record<string, string | number | boolean | null>;
}

/**
 * The AI wallets' keys in use: each call unseals the account's key in memory, uses it once, drops it, and writes
 * the use to the audit log (with the transaction's hash).
 */
export interface AiWalletSigner {
  /** the account's AI wallet address, or undefined when it has none */
  addressOf(userId: number): Promise<Hex | undefined>;
  /** signs one transaction; returns the serialized transaction and its hash (the caller broadcasts it) */
  signTransaction(userId: number, tx: TransactionSerializable, record: SigningRecord): Promise<{ raw: Hex; hash: Hex }>;
  /** the private key itself, for the user's export (after their confirmation) */
  exportKey(userId: number, record: SigningRecord): Promise<Hex>;
}
