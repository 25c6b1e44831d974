import { z } from "zod";

/**
 * The points center (spec §1 points system, §3 user points info, §7 points/getUserPointsInfo, points/sign,
 * getUserSignInfo, getUserActList). Points live in an append-only ledger; the balance is the sum of its entries.
 */

/** Why a ledger entry was made. Later steps of the points system (invites, shares, redemption, purchases) add to it. */
export const ledgerReasons = ["checkIn", "redeem", "invite", "share", "purchase", "refund"] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

/** spec §3 "User points info". The charge and product lists stay empty until points purchases exist. */
export const userPointsInfoDataSchema = z.object({
  userName: z.string(),
  userId: z.string(),
  /** the avatar's path, or null without one */
  imageUrl: z.string().nullable(),
  points: z.number().int(),
  invitationCode: z.string(),
  chargePointsLists: z.array(z.unknown()),
  buyProductLists: z.array(z.unknown()),
});
export type UserPointsInfoData = z.infer<typeof userPointsInfoDataSchema>;

/** The daily check-in's state: has the user checked in on this UTC day, the streak and what the next one earns. */
export const signInfoDataSchema = z.object({
  checkedInToday: z.boolean(),
  /** consecutive UTC days checked in, up to today (or up to yesterday while today is still open); 0 when broken */
  streak: z.number().int(),
  /** the points today's check-in earned; 0 before it */
  todayPoints: z.number().int(),
  /** what the next check-in earns: today's when still open, else tomorrow's if the streak is kept */
  nextPoints: z.number().int(),
  /** the UTC day (YYYY-MM-DD) the next check-in is possible */
  nextDay: z.string(),
  /** the balance */
  points: z.number().int(),
});
export type SignInfoData = z.infer<typeof signInfoDataSchema>;

export const signDataSchema = z.object({
  /** the points this check-in earned */
  awarded: z.number().int(),
  streak: z.number().int(),
  /** the balance after it */
  points: z.number().int(),
});
export type SignData = z.infer<typeof signDataSchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  /** positive a credit, negative a debit */
  amount: z.number().int(),
  reason: z.string(),
  reference: z.string(),
  /** ISO time */
  createTime: z.string(),
});
export type LedgerEntryData = z.infer<typeof ledgerEntrySchema>;

export const actListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const actListDataSchema = z.object({ list: z.array(ledgerEntrySchema), total: z.number().int() });
export type ActListData = z.infer<typeof actListDataSchema>;

/** The points center's routes; routes.ts takes them in (and checks them against its RouteContract). */
export const pointsRoutes = {
  getUserPointsInfo: {
    method: "get",
    path: "/points/getUserPointsInfo",
    summary: "The signed-in user's points balance with the profile the points center shows",
    tag: "points",
    data: userPointsInfoDataSchema,
    errors: [4001],
  },
  getUserSignInfo: {
    method: "get",
    path: "/getUserSignInfo",
    summary: "The daily check-in: done today or not, the streak, today's and the next check-in's points",
    tag: "points",
    data: signInfoDataSchema,
    errors: [4001],
  },
  pointsSign: {
    method: "post",
    path: "/points/sign",
    summary: "Check in for today (UTC): points by streak, once a day (alreadyCheckedIn after)",
    tag: "points",
    maxBodyBytes: 1024,
    data: signDataSchema,
    errors: [4001],
  },
  getUserActList: {
    method: "get",
    path: "/getUserActList",
    summary: "The user's points history (ledger entries), newest first, paged",
    tag: "points",
    query: actListQuerySchema,
    data: actListDataSchema,
    errors: [4001],
  },
} as const;
