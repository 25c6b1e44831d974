import { lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { telegramUpdates } from "../db/schema.ts";
import type { Clock } from "../providers/clock.ts";

/** How long a handled update id is remembered: Telegram redelivers for at most a day. */
export const UPDATE_MEMORY_MS = 2 * 86_400_000;

/**
 * The update ids the bot has handled, shared by every API node: an update is handled by the node that records its
 * id first; a redelivery (webhook retry, a new poller reading unconfirmed updates, a replay) finds it and is dropped.
 */
export interface HandledUpdates {
  /** true when this call recorded the id (handle the update), false when it was there already (drop it) */
  claim(updateId: number): Promise<boolean>;
  /** forgets ids older than UPDATE_MEMORY_MS; answers how many */
  prune(): Promise<number>;
}

export function createHandledUpdates(db: Database, clock: Clock): HandledUpdates {
  return {
    async claim(updateId) {
      const rows = await db
        .insert(telegramUpdates)
        .values({ updateId, receivedAt: clock.now() })
        .onConflictDoNothing({ target: telegramUpdates.updateId })
        .returning({ updateId: telegramUpdates.updateId });
      return rows.length === 1;
    },
    async prune() {
      const before = new Date(clock.now().getTime() - UPDATE_MEMORY_MS);
      const rows = await db
        .delete(telegramUpdates)
        .where(lt(telegramUpdates.receivedAt, before))
        .returning({ updateId: telegramUpdates.updateId });
      return rows.length;
    },
  };
}
