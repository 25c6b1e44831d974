import { eq } from "drizzle-orm";
import { Quotas } from "../../../contract/constants.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { Clock } from "../../providers/clock.ts";
import { newInvitationCode } from "./tokens.ts";

export type UserRow = typeof users.$inferSelect;

export interface NewUserIdentity {
  email?: string;
  passwordHash?: string;
  telegramId?: string;
  walletAddress?: string;
  /** raw TON address, "0:<64 hex>" lower case */
  tonAddress?: string;
  googleSub?: string;
  username: string;
  inviterCode?: string;
}

const DAY_MS = 86_400_000;

export function createUsersRepository(db: Database, clock: Clock) {
  const findBy = async (
    column:
      | typeof users.email
      | typeof users.telegramId
      | typeof users.walletAddress
      | typeof users.tonAddress
      | typeof users.googleSub,
    value: string,
  ) => {
    const [row] = await db.select().from(users).where(eq(column, value)).limit(1);
    return row;
  };
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    findByEmail: (email: string) => findBy(users.email, email),
    findByTelegramId: (telegramId: string) => findBy(users.telegramId, telegramId),
    findByWallet: (address: string) => findBy(users.walletAddress, address.toLowerCase()),
    findByGoogleSub: (sub: string) => findBy(users.googleSub, sub),
    findByTonAddress: (rawAddress: string) => findBy(users.tonAddress, rawAddress.toLowerCase()),

    /**
     * Creates a user with a fresh invitation code and the new user's 7 days of VIP trial (spec §6).
     * Returns undefined when an identity (email, Telegram id, wallet, Google id) is already taken.
     */
    async create(identity: NewUserIdentity): Promise<UserRow | undefined> {
      const now = clock.now();
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          const [row] = await db
            .insert(users)
            .values({
              email: identity.email ?? null,
              passwordHash: identity.passwordHash ?? null,
              telegramId: identity.telegramId ?? null,
              walletAddress: identity.walletAddress?.toLowerCase() ?? null,
              tonAddress: identity.tonAddress?.toLowerCase() ?? null,
              googleSub: identity.googleSub ?? null,
              username: identity.username,
              inviterCode: identity.inviterCode ?? null,
              invitationCode: newInvitationCode(),
              card: "1",
              cardExpiresAt: new Date(now.getTime() + Quotas.newUserVipDays * DAY_MS),
              createdAt: now,
            })
            .returning();
          return row;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // An identity taken by a concurrent sign-up, or (rarely) an invitation code drawn twice: check which.
          const taken =
            (identity.email && (await findBy(users.email, identity.email))) ||
            (identity.telegramId && (await findBy(users.telegramId, identity.telegramId))) ||
            (identity.walletAddress && (await findBy(users.walletAddress, identity.walletAddress.toLowerCase()))) ||
            (identity.googleSub && (await findBy(users.googleSub, identity.googleSub))) ||
            (identity.tonAddress && (await findBy(users.tonAddress, identity.tonAddress.toLowerCase())));
          if (taken) return undefined;
        }
      }
      throw new Error("could not draw a free invitation code");
    },

    async update(id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** What a sign-in answers as `account`: the email, else the wallet, else the Telegram or Google name. */
export function accountName(user: UserRow): string {
  return user.email ?? user.walletAddress ?? user.username;
}
