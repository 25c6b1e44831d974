import { and, eq, gt, isNull } from "drizzle-orm";
import type { LoginData } from "../../../contract/auth.ts";
import type { Database } from "../../db/client.ts";
import { sessions } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";
import { userSubject, visitorSubject } from "./quota.service.ts";
import { currentSignInDevice } from "./sign-in-device.ts";
import { hashToken, newToken } from "./tokens.ts";
import { accountName, type UserRow } from "./users.repository.ts";

export const SESSION_DAYS = 30;

export type SignInMethod = "email" | "telegram" | "wallet" | "ton" | "google";

export interface SessionUser {
  userId: number;
  sessionId: number;
}

/** Moves what a visitor (`v:<device number>`) owns to an account (`u:<user id>`), inside the given transaction. */
export type VisitorHandOver = (tx: Database, fromVisitor: string, toUser: string) => Promise<unknown>;

/**
 * Sessions: random opaque tokens, stored as hashes, expiring after 30 days, revocable. Every sign-in ends here;
 * with `handOver`, the signing-in device's visitor chats and uploads go to the account in the same transaction.
 */
export function createSessionsService(db: Database, clock: Clock, handOver?: VisitorHandOver) {
  return {
    /** Starts a session and answers what every sign-in answers (spec §3 login response). */
    async signIn(user: UserRow, method: SignInMethod): Promise<LoginData> {
      const token = newToken();
      const now = clock.now();
      const deviceNo = currentSignInDevice();
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values({
          tokenHash: hashToken(token),
          userId: user.id,
          method,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
        });
        if (handOver && deviceNo) await handOver(tx, visitorSubject(deviceNo), userSubject(user.id));
      });
      return { user_token: token, user_id: String(user.id), account: accountName(user) };
    },

    /** The live session of a token, or undefined for an unknown, expired or revoked one. */
    async resolve(token: string): Promise<SessionUser | undefined> {
      const [row] = await db
        .select({ id: sessions.id, userId: sessions.userId })
        .from(sessions)
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      return row ? { userId: row.userId, sessionId: row.id } : undefined;
    },

    async revoke(sessionId: number): Promise<void> {
      await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
