import { z } from "zod";
import { CHAT_UPLOAD_PATH_PREFIX, type ChatAttachment, msggroupSchema } from "./chat.ts";
import { Points } from "./constants.ts";

/**
 * Unlocks and redemption with points (spec §4 strategy-diagram unlock and the 24-hour unlocks, §7 unlock calls,
 * points/pointsExchange, points/confirmExchange, points/insight/analysis/check, §8 8002, 20004, 20006).
 *
 * - STRATEGY_DIAGRAM: an image sent to the AI invest assistant (a chart screenshot to analyse). It is unlocked for
 *   one message, named by `msggroup` (the chat) and `msgid` (the first image's upload id, see strategyDiagramMsgId),
 *   with the day's allowance (confirmExchange) or 4000 points (pointsExchange); for good.
 * - CHAT: one more chat today once the free ones are used up (20006), for points; `msggroup`/`msgid` name the
 *   answer that was refused, so a second tap on the same one is 8002.
 * - The timed scenarios give 24 hours of a whole feature (no target), with the allowance or points.
 */
export const unlockScenarios = [
  "STRATEGY_DIAGRAM",
  "CHAT",
  "REPORT",
  "ADDRESS_ANALYSIS",
  "DAILY_REPORT",
  "IN_DEPTH_ANALYSIS",
  "AI_MARKET_ANALYSIS",
  "PRICE_FORECAST",
  "INSIGHT",
] as const;
export type UnlockScenario = (typeof unlockScenarios)[number];

/** The features a 24-hour unlock opens (spec §4 "other unlockable features"). */
export const timedUnlockScenarios = [
  "REPORT",
  "ADDRESS_ANALYSIS",
  "DAILY_REPORT",
  "IN_DEPTH_ANALYSIS",
  "AI_MARKET_ANALYSIS",
  "PRICE_FORECAST",
  "INSIGHT",
] as const satisfies readonly UnlockScenario[];
export type TimedUnlockScenario = (typeof timedUnlockScenarios)[number];

/**
 * The scenarios the product sells today: each guards a feature that exists. REPORT guards making a research report,
 * PRICE_FORECAST the forecast's share card. Address analysis, the daily report, in-depth and AI market analysis and
 * insight are not built yet: unlocking them answers 9001 (no such payment scenario) rather than take points for
 * nothing.
 */
export const offeredUnlockScenarios: readonly UnlockScenario[] = [
  "STRATEGY_DIAGRAM",
  "CHAT",
  "REPORT",
  "PRICE_FORECAST",
];

export function isTimedScenario(scenario: UnlockScenario): scenario is TimedUnlockScenario {
  return (timedUnlockScenarios as readonly string[]).includes(scenario);
}

/** Scenarios whose unlock is for one message (msggroup and msgid required). */
export function hasTarget(scenario: UnlockScenario): boolean {
  return scenario === "STRATEGY_DIAGRAM" || scenario === "CHAT";
}

/** What an unlock costs in points (constants.ts says why each price). */
export function unlockPrice(scenario: UnlockScenario): number {
  if (scenario === "STRATEGY_DIAGRAM") return Points.strategyDiagramUnlock;
  if (scenario === "CHAT") return Points.chatRedeemPoints;
  return Points.unlock24hPoints;
}

/** How long a timed unlock lasts. */
export const UNLOCK_MS = Points.unlockHours * 3_600_000;

/** A message id: the same characters as a message code. */
export const msgidSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "invalidValue" });

/**
 * The body of points/pointsExchange and points/confirmExchange (spec §7: scenario, msggroup, msgid). The targeted
 * scenarios need both; the timed ones take neither (sent empty or left out).
 */
export const unlockBodySchema = z
  .object({
    scenario: z.enum(unlockScenarios, { error: "invalidValue" }),
    msggroup: z.string().trim().max(100, { error: "invalidValue" }).default(""),
    msgid: z.string().trim().max(64, { error: "invalidValue" }).default(""),
  })
  .superRefine((body, ctx) => {
    if (!hasTarget(body.scenario)) return;
    for (const field of ["msggroup", "msgid"] as const) {
      const value = body[field];
      if (value === "") {
        ctx.addIssue({ code: "custom", path: [field], message: "required" });
        continue;
      }
      const schema = field === "msggroup" ? msggroupSchema : msgidSchema;
      if (!schema.safeParse(value).success) ctx.addIssue({ code: "custom", path: [field], message: "invalidValue" });
    }
  });
export type UnlockBody = z.input<typeof unlockBodySchema>;
export type UnlockRequest = z.output<typeof unlockBodySchema>;

/** Spec §7: the unlock calls answer boolean data (true: unlocked or redeemed). */
export const unlockDataSchema = z.boolean();

/** GET points/unlock/check: is a scenario (or one message of a targeted one) unlocked for the caller, until when. */
export const unlockCheckQuerySchema = z
  .object({
    scenario: z.enum(unlockScenarios, { error: "invalidValue" }),
    msggroup: z.string().trim().max(100, { error: "invalidValue" }).default(""),
    msgid: z.string().trim().max(64, { error: "invalidValue" }).default(""),
  })
  .refine((query) => !hasTarget(query.scenario) || (query.msggroup !== "" && query.msgid !== ""), {
    error: "required",
    path: ["msgid"],
  });

export const unlockStatusDataSchema = z.object({
  scenario: z.enum(unlockScenarios),
  /** the caller may use it now: unlimited by card, or an unlock in force */
  unlocked: z.boolean(),
  /** trial or VIP: nothing needs unlocking */
  unlimited: z.boolean(),
  /** ISO end of a 24-hour unlock in force; null for a message unlocked for good, unlimited use, or nothing */
  expiresAt: z.string().nullable(),
});
export type UnlockStatusData = z.infer<typeof unlockStatusDataSchema>;

/**
 * The message id of a strategy diagram: the upload id of the message's first image (`/v2/api/chat/upload/<id>`), so
 * the unlock and the send name the same message without a message id of their own. Undefined without an image.
 */
export function strategyDiagramMsgId(attachments: readonly ChatAttachment[]): string | undefined {
  for (const attachment of attachments) {
    if (attachment.type !== "image") continue;
    const at = attachment.url.indexOf(CHAT_UPLOAD_PATH_PREFIX);
    if (at < 0) continue;
    const id = attachment.url.slice(at + CHAT_UPLOAD_PATH_PREFIX.length).split(/[?#]/)[0] ?? "";
    return msgidSchema.safeParse(id).success ? id : undefined;
  }
  return undefined;
}

/** The unlock routes; routes.ts takes them in (and checks them against its RouteContract). */
export const unlockRoutes = {
  pointsExchange: {
    method: "post",
    path: "/points/pointsExchange",
    summary:
      "Redeem with points: unlock a strategy diagram (4000 points), 24 hours of a feature, or one more chat today; 20004 when the balance is short, 8002 for a second redemption of the same thing",
    tag: "points",
    body: unlockBodySchema,
    maxBodyBytes: 4 * 1024,
    data: unlockDataSchema,
    errors: [4001, 5004, 8002, 9001, 20004],
  },
  confirmExchange: {
    method: "post",
    path: "/points/confirmExchange",
    summary:
      "Unlock a strategy diagram or 24 hours of a feature with the day's allowance (user info allowance_num); 8002 for a second unlock of the same thing",
    tag: "points",
    body: unlockBodySchema,
    maxBodyBytes: 4 * 1024,
    data: unlockDataSchema,
    errors: [4001, 8002, 9001],
  },
  unlockCheck: {
    method: "get",
    path: "/points/unlock/check",
    summary: "Whether a scenario (or one message of a targeted scenario) is unlocked for the caller, and until when",
    tag: "points",
    query: unlockCheckQuerySchema,
    data: unlockStatusDataSchema,
    errors: [4001],
  },
  insightAnalysisCheck: {
    method: "get",
    path: "/points/insight/analysis/check",
    summary: "Whether insight is unlocked for the caller, and until when",
    tag: "points",
    data: unlockStatusDataSchema,
    errors: [4001],
  },
} as const;
