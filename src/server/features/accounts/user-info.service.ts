import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { Limits } from "../../../contract/constants.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import type { editionBodySchema, modifyProfileBodySchema, UserInfoData } from "../../../contract/user.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import { users as usersTable } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";
import { userAllowance, visitorAllowance } from "./card.ts";
import { parseAvatarDataUrl } from "./profile-image.ts";
import { createQuotaService, QuotaKind, type QuotaService, userSubject, visitorSubject } from "./quota.service.ts";
import type { UsersRepository } from "./users.repository.ts";

export interface UserInfoDeps {
  db: Database;
  clock: Clock;
  users: UsersRepository;
  /** the quota counters; one is made on `db` and `clock` when absent */
  quota?: QuotaService;
}

const DAY_MS = 86_400_000;
const USERNAME_CHANGE_MS = Limits.usernameChangeDays * DAY_MS;

/** The public path of a user's avatar; `v` changes with the image so caches never serve an old one. */
export function avatarPath(userId: number, version: string): string {
  return `/v2/api/user/avatar/${userId}?v=${version}`;
}

/** The UID shown on the profile: the user id, zero-padded to 8 digits. */
export function uidOf(userId: number): string {
  return String(userId).padStart(8, "0");
}

function noSuchUser(): ApiError {
  return new ApiError(ErrorCode.LoginInvalid, "loginInvalid", 401, [], "login invalid");
}

function imageRefused(reason: "imgTypeTip" | "payloadTooLarge"): ApiError {
  return reason === "payloadTooLarge"
    ? new ApiError(
        ErrorCode.RequestFailed,
        "payloadTooLarge",
        413,
        [{ field: "image", key: "payloadTooLarge" }],
        "image: the avatar is over 1 MB",
      )
    : new ApiError(
        ErrorCode.RequestFailed,
        "imgTypeTip",
        400,
        [{ field: "image", key: "imgTypeTip" }],
        "image: the avatar is not a png or jpeg image",
      );
}

/** Everything user info reads of a user row; the avatar only as a short hash of its bytes. */
const profileColumns = {
  id: usersTable.id,
  email: usersTable.email,
  telegramId: usersTable.telegramId,
  walletAddress: usersTable.walletAddress,
  username: usersTable.username,
  usernameChangedAt: usersTable.usernameChangedAt,
  invitationCode: usersTable.invitationCode,
  card: usersTable.card,
  cardExpiresAt: usersTable.cardExpiresAt,
  edition: usersTable.edition,
  createdAt: usersTable.createdAt,
  avatarVersion: sql<string | null>`substr(md5(${usersTable.avatar}), 1, 12)`,
};

/** User info (card, daily quotas, expiry, profile), the profile's changes and the edition (spec §3, §5, §6). */
export function createUserInfoService(deps: UserInfoDeps) {
  const { db, clock } = deps;
  const quota = deps.quota ?? createQuotaService(db, clock);

  const usedToday = async (subject: string) => {
    const [chat, analysis, exchange] = await Promise.all([
      quota.used(subject, QuotaKind.chat),
      quota.used(subject, QuotaKind.analysis),
      quota.used(subject, QuotaKind.exchange),
    ]);
    return { chat, analysis, exchange };
  };

  return {
    async forUser(userId: number): Promise<UserInfoData> {
      const [[row], used] = await Promise.all([
        db.select(profileColumns).from(usersTable).where(eq(usersTable.id, userId)).limit(1),
        usedToday(userSubject(userId)),
      ]);
      if (!row) throw noSuchUser();
      const now = clock.now();
      const changeableAt = row.usernameChangedAt
        ? new Date(row.usernameChangedAt.getTime() + USERNAME_CHANGE_MS)
        : undefined;
      return {
        ...userAllowance(row, used, now),
        profile: {
          user_id: String(row.id),
          uid: uidOf(row.id),
          username: row.username,
          email: row.email,
          wallet_address: row.walletAddress,
          telegram_id: row.telegramId,
          avatar_url: row.avatarVersion ? avatarPath(row.id, row.avatarVersion) : null,
          invitation_code: row.invitationCode,
          created_at: row.createdAt.toISOString(),
          username_changeable_at:
            changeableAt && changeableAt.getTime() > now.getTime() ? changeableAt.toISOString() : null,
        },
      };
    },

    async forVisitor(visitorId: string): Promise<UserInfoData> {
      return visitorAllowance(await usedToday(visitorSubject(visitorId)));
    },

    /**
     * A new username (once a week: 2014 aweekOncename) and/or a new png/jpeg avatar. Nothing is written
     * when any part is refused. Sending the current username again is not a change and does not start
     * the week.
     */
    async modifyProfile(userId: number, body: z.output<typeof modifyProfileBodySchema>): Promise<void> {
      const avatar = body.image === undefined ? undefined : parseAvatarDataUrl(body.image);
      if (avatar && !avatar.ok) throw imageRefused(avatar.reason);
      const [current] = await db
        .select({ username: usersTable.username })
        .from(usersTable)
        .where(eq(usersTable.id, userId))
        .limit(1);
      if (!current) throw noSuchUser();

      const now = clock.now();
      const values: Partial<typeof usersTable.$inferInsert> = {};
      if (avatar?.ok) {
        values.avatar = avatar.bytes;
        values.avatarMime = avatar.mime;
      }
      const rename = body.userName !== undefined && body.userName !== current.username;
      if (rename) {
        values.username = body.userName;
        values.usernameChangedAt = now;
      }
      if (Object.keys(values).length === 0) return;

      // The week is checked in the same statement that renames, so two renames at once cannot both pass.
      const weekAgo = new Date(now.getTime() - USERNAME_CHANGE_MS);
      const where = rename
        ? and(
            eq(usersTable.id, userId),
            or(isNull(usersTable.usernameChangedAt), lte(usersTable.usernameChangedAt, weekAgo)),
          )
        : eq(usersTable.id, userId);
      const updated = await db.update(usersTable).set(values).where(where).returning({ id: usersTable.id });
      if (updated.length > 0) return;
      if (!rename) throw noSuchUser();
      throw new ApiError(
        ErrorCode.UsernameOncePerWeek,
        "aweekOncename",
        400,
        [{ field: "userName", key: "aweekOncename" }],
        "userName: the username can be changed once a week",
      );
    },

    async setEdition(userId: number, body: z.output<typeof editionBodySchema>): Promise<void> {
      const updated = await db
        .update(usersTable)
        .set({ edition: body.edition })
        .where(eq(usersTable.id, userId))
        .returning({ id: usersTable.id });
      if (updated.length === 0) throw noSuchUser();
    },

    async avatar(userId: number): Promise<{ bytes: Buffer; mime: string } | undefined> {
      const [row] = await db
        .select({ bytes: usersTable.avatar, mime: usersTable.avatarMime })
        .from(usersTable)
        .where(eq(usersTable.id, userId))
        .limit(1);
      if (!row?.bytes || !row.mime) return undefined;
      return { bytes: row.bytes, mime: row.mime };
    },
  };
}

export type UserInfoService = ReturnType<typeof createUserInfoService>;
