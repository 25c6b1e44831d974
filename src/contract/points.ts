import { z } from "zod";
import { Points } from "./constants.ts";

/**
 * The points center (spec §1 points system, §3 user points info, §7 points/getUserPointsInfo, points/sign,
 * getUserSignInfo, getUserActList). Points live in an append-only ledger; the balance is the sum of its entries.
 */

/** Why a ledger entry was made. Later steps of the points system (redemption, purchases) add to it. */
export const ledgerReasons = ["checkIn", "redeem", "invite", "share", "twitterTask", "purchase", "refund"] as const;
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

/**
 * points/share's types (spec §7): 2 copy link, 3 WeChat, 4 Twitter, 5 Facebook, 6 Weibo. Spec §9 also rewards
 * downloading the share image (+200) but gives it no type number: 1, the free number before the others, is ours for
 * it. A share's ledger entry names its kind as the reference.
 */
export const shareTypes = {
  1: "downloadImage",
  2: "copyLink",
  3: "wechat",
  4: "twitter",
  5: "facebook",
  6: "weibo",
} as const;
export type ShareType = keyof typeof shareTypes;
export type ShareKind = (typeof shareTypes)[ShareType];
export const shareKinds = Object.values(shareTypes);

export function isShareKind(value: string): value is ShareKind {
  return (shareKinds as readonly string[]).includes(value);
}

/** What one rewarded share of a kind earns (spec §9). */
export function sharePoints(kind: ShareKind): number {
  return Points.shareRewards[kind];
}

export const shareBodySchema = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]),
  /**
   * names this share: a retried request with the same id is rewarded once. A request without one is a share of
   * its own.
   */
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "invalidValue" })
    .optional(),
});
export type ShareBody = z.infer<typeof shareBodySchema>;

export const shareDataSchema = z.object({
  /** false once today's rewards are all taken: the share is fine, it just earns nothing more today */
  rewarded: z.boolean(),
  /** the points this share earned (0 when not rewarded) */
  awarded: z.number().int(),
  /** rewarded shares today (UTC), this one included */
  count: z.number().int(),
  /** the most shares rewarded a day (spec §9: 10) */
  limit: z.number().int(),
  /** the balance after it */
  points: z.number().int(),
});
export type ShareData = z.infer<typeof shareDataSchema>;

/** GET getUserShareCount (spec §7 data.count): rewarded shares today (UTC), with the daily limit. */
export const shareCountDataSchema = z.object({ count: z.number().int(), limit: z.number().int() });
export type ShareCountData = z.infer<typeof shareCountDataSchema>;

export const inviteeSchema = z.object({
  userName: z.string(),
  /** ISO time the invitee's account was created (and both sides were rewarded) */
  createTime: z.string(),
  /** the points the inviter earned for this invitee */
  points: z.number().int(),
});
export type InviteeData = z.infer<typeof inviteeSchema>;

/** The user's invitations: the code, the bot's link when there is a bot, and who signed up with it. */
export const inviteInfoDataSchema = z.object({
  invitationCode: z.string(),
  /** https://t.me/<bot>?start=ref_<code>, or null when this server has no Telegram bot (or it is not up yet) */
  botLink: z.string().nullable(),
  /** how many accounts signed up with the code (and were rewarded) */
  count: z.number().int(),
  /** the points the user earned by inviting */
  points: z.number().int(),
  /** the newest invitees first, at most `inviteListMax` */
  list: z.array(inviteeSchema),
});
export type InviteInfoData = z.infer<typeof inviteInfoDataSchema>;
export const inviteListMax = 50;

/** Twitter (X) tasks: bind an X account, then do a task there and have it verified for points. */
export const twitterTasks = ["follow", "repost"] as const;
export type TwitterTask = (typeof twitterTasks)[number];

export const twitterSigninDataSchema = z.object({
  /** X's authorization page; X sends the user back to the points center with `code` and `state` */
  authorizeUrl: z.string(),
});
export const twitterBindingQuerySchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, { error: "invalidValue" }),
});
export const twitterBindingDataSchema = z.object({ username: z.string() });
export const twitterUnbindingDataSchema = z.object({ unbound: z.boolean() });
export const verifyUserOperationQuerySchema = z.object({ task: z.enum(twitterTasks) });
export const verifyUserOperationDataSchema = z.object({
  task: z.enum(twitterTasks),
  /** whether X shows the task done; its points are credited once, on the first check that finds it done */
  verified: z.boolean(),
  /** the points this check credited (0 when not done, or already credited before) */
  awarded: z.number().int(),
  points: z.number().int(),
});
export const verifiedTaskSchema = z.object({
  task: z.enum(twitterTasks),
  /** what the task earns */
  points: z.number().int(),
  verified: z.boolean(),
  /** where to do it on X */
  url: z.string(),
});
export const userVerifiedTaskDataSchema = z.object({
  /** the bound X account's @name, or null before binding (spec §5: Twitter must be bound before tasks) */
  username: z.string().nullable(),
  tasks: z.array(verifiedTaskSchema),
});
export type UserVerifiedTaskData = z.infer<typeof userVerifiedTaskDataSchema>;
export type VerifyUserOperationData = z.infer<typeof verifyUserOperationDataSchema>;

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
  pointsShare: {
    method: "post",
    path: "/points/share",
    summary:
      "Reward a share (type 1 download image, 2 copy link, 3 WeChat, 4 Twitter, 5 Facebook, 6 Weibo): at most 10 rewarded a UTC day",
    tag: "points",
    body: shareBodySchema,
    maxBodyBytes: 1024,
    data: shareDataSchema,
    errors: [4001],
  },
  getUserShareCount: {
    method: "get",
    path: "/getUserShareCount",
    summary: "Rewarded shares today (UTC) and the daily limit",
    tag: "points",
    data: shareCountDataSchema,
    errors: [4001],
  },
  getInviteInfo: {
    method: "get",
    path: "/points/getInviteInfo",
    summary: "The user's invitation code, the bot's invitation link, and the accounts invited with the points earned",
    tag: "points",
    data: inviteInfoDataSchema,
    errors: [4001],
  },
  twitterSignin: {
    method: "get",
    path: "/twitterSignin",
    summary: "Start binding an X (Twitter) account: X's authorization address (notConfigured without X API keys)",
    tag: "points",
    data: twitterSigninDataSchema,
    errors: [4001, 20010],
  },
  twitterBinding: {
    method: "get",
    path: "/twitterBinding",
    summary: "Finish binding with X's code and state; 20010 when an X account is already bound",
    tag: "points",
    query: twitterBindingQuerySchema,
    data: twitterBindingDataSchema,
    errors: [4001, 20010],
  },
  twitterUnBinding: {
    method: "get",
    path: "/twitterUnBinding",
    summary: "Unbind the user's X account",
    tag: "points",
    data: twitterUnbindingDataSchema,
    errors: [4001],
  },
  verifyUserOperation: {
    method: "get",
    path: "/verifyUserOperation",
    summary: "Check on X that a task is done and credit its points once (Twitter must be bound first)",
    tag: "points",
    query: verifyUserOperationQuerySchema,
    data: verifyUserOperationDataSchema,
    errors: [4001],
  },
  getUserVerifiedTask: {
    method: "get",
    path: "/getUserVerifiedTask",
    summary: "The X account bound and the Twitter tasks with their points and whether each is verified",
    tag: "points",
    data: userVerifiedTaskDataSchema,
    errors: [4001],
  },
} as const;
