import type { Clock } from "../../providers/clock.ts";
import { aiWalletUnavailable } from "./ai-wallet-errors.ts";
import type { KeyCustody } from "./ai-wallet-ports.ts";
import type { AiWalletsRepository } from "./ai-wallets.repository.ts";
import { generateSealedWallet } from "./sealed-keys.ts";

/**
 * Making AI wallets, and the start-up check of the stored ones against the configured master key.
 */

/** Stored wallets sealed under another master key: the server must not start (it would neither sign nor export). */
export class AiWalletKeyMismatchError extends Error {
  override name = "AiWalletKeyMismatchError";
}

/**
 * The start-up check. With a master key, every stored wallet must have been sealed under it: else it throws (never a
 * silent new wallet under the new key). Without one, stored wallets cannot be used: the answer says so and the
 * server starts with the AI wallet unavailable.
 */
export async function checkStoredWallets(
  wallets: AiWalletsRepository,
  custody: KeyCustody | undefined,
): Promise<{ stored: number }> {
  if (custody) {
    const other = await wallets.countSealedUnderOther(custody.keyId);
    if (other > 0) {
      throw new AiWalletKeyMismatchError(
        `AI_WALLET_MASTER_KEY does not match the key the stored AI wallets were sealed with (${other} wallet(s) under another key; this key is ${custody.keyId}). Configure the master key they were sealed with; a new key cannot open them.`,
      );
    }
  }
  return { stored: await wallets.count() };
}

export interface AiWalletKeysDeps {
  wallets: AiWalletsRepository;
  custody: KeyCustody | undefined;
  clock: Clock;
}

/** Creates the user's one AI wallet; a second (or concurrent) call answers the wallet already stored. */
export function createAiWalletKeys(deps: AiWalletKeysDeps) {
  const { wallets, custody, clock } = deps;
  return {
    async create(userId: number): Promise<{ address: string; createdAt: Date; created: boolean }> {
      if (!custody) throw aiWalletUnavailable();
      const existing = await wallets.find(userId);
      if (existing) return { address: existing.address, createdAt: existing.createdAt, created: false };
      const sealed = await generateSealedWallet(custody, userId);
      const createdAt = clock.now();
      const stored = await wallets.insert({ userId, ...sealed, createdAt });
      if (!stored) {
        const first = await wallets.find(userId);
        if (!first) throw new Error("the AI wallet row vanished after a conflicting insert");
        return { address: first.address, createdAt: first.createdAt, created: false };
      }
      await wallets.audit({
        userId,
        address: sealed.address,
        action: "create",
        detail: { keyId: sealed.keyId },
        at: createdAt,
      });
      return { address: sealed.address, createdAt, created: true };
    },
  };
}

export type AiWalletKeys = ReturnType<typeof createAiWalletKeys>;
