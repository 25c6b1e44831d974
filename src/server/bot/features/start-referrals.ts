import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { telegramReferrals, users } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";

/**
 * Invitations that arrive through the bot (`/start ref_<code>`): one per Telegram user, the first that names an
 * existing account's invitation code other than the user's own; the points issue rewards them.
 */
export interface Referrals {
  /** true when this invitation was recorded now */
  record(telegramUserId: number, invitationCode: string): Promise<boolean>;
}

export function createReferrals(db: Database, clock: Clock): Referrals {
  return {
    async record(telegramUserId, invitationCode) {
      const [inviter] = await db
        .select({ telegramId: users.telegramId })
        .from(users)
        .where(eq(users.invitationCode, invitationCode))
        .limit(1);
      if (!inviter || inviter.telegramId === String(telegramUserId)) return false;
      const rows = await db
        .insert(telegramReferrals)
        .values({ telegramUserId, invitationCode, createdAt: clock.now() })
        .onConflictDoNothing({ target: telegramReferrals.telegramUserId })
        .returning({ telegramUserId: telegramReferrals.telegramUserId });
      return rows.length === 1;
    },
  };
}
