import { type Hex, keccak256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Clock } from "../../providers/clock.ts";
import { aiWalletMissing, aiWalletUnavailable } from "./ai-wallet-errors.ts";
import type { AiWalletSigner, KeyCustody, SigningRecord } from "./ai-wallet-ports.ts";
import type { AiWalletsRepository } from "./ai-wallets.repository.ts";
import { withPrivateKey } from "./sealed-keys.ts";

/**
 * The AI wallets' keys in use (AiWalletSigner): each call unseals the account's key in memory, signs (or exports)
 * once, writes the use to the audit log, and zeroes the bytes it held. Without custody (no master key) every call is
 * refused with aiWalletUnavailable; an account without a wallet with aiWalletMissing. A use whose audit row cannot be
 * written fails: nothing signed leaves unaudited.
 */

export interface AiWalletSignerDeps {
  wallets: AiWalletsRepository;
  /** undefined: no master key configured */
  custody: KeyCustody | undefined;
  clock: Clock;
}

export function createAiWalletSigner(deps: AiWalletSignerDeps): AiWalletSigner {
  const { wallets, custody, clock } = deps;

  async function walletOf(userId: number) {
    if (!custody) throw aiWalletUnavailable();
    const row = await wallets.find(userId);
    if (!row) throw aiWalletMissing();
    return { row, custody };
  }

  const audit = (userId: number, address: string, record: SigningRecord, txHash: Hex | null) =>
    wallets.audit({
      userId,
      address,
      action: record.action,
      chainId: record.chainId ?? null,
      txHash,
      detail: record.detail,
      at: clock.now(),
    });

  return {
    async addressOf(userId) {
      const row = await wallets.find(userId);
      return row ? (row.address as Hex) : undefined;
    },

    async signTransaction(userId, tx, record) {
      const { row, custody: keys } = await walletOf(userId);
      const raw = await withPrivateKey(keys, row, (privateKey) => privateKeyToAccount(privateKey).signTransaction(tx));
      const hash = keccak256(raw);
      await audit(userId, row.address, { ...record, chainId: record.chainId ?? tx.chainId }, hash);
      return { raw, hash };
    },

    async exportKey(userId, record) {
      const { row, custody: keys } = await walletOf(userId);
      const privateKey = await withPrivateKey(keys, row, async (key) => key);
      await audit(userId, row.address, record, null);
      return privateKey;
    },
  };
}
