import { z } from "zod";
import { apiLanguages } from "./auth.ts";
import { messageCodeSchema, msggroupSchema } from "./chat.ts";
import { Limits } from "./constants.ts";

/**
 * Telegram from the app: sharing a chat into any Telegram chat as a card (a prepared inline message the mini app
 * hands to Telegram's shareMessage), and the daily market digest the bot sends (on or off, and its hour in UTC).
 */

/** A share made before (its code), or 1 to 6 messages of one's chat (as shareMessages takes them). */
export const telegramShareBodySchema = z
  .object({
    code: messageCodeSchema.optional(),
    msggroup: msggroupSchema.optional(),
    messages: z
      .array(messageCodeSchema)
      .min(Limits.shareSelectionMin, { error: "chooseChat" })
      .max(Limits.shareSelectionMax, { error: "chooseChat" })
      .optional(),
    /** the card's language (its button and link texts) */
    language: z.enum(apiLanguages).default("en"),
  })
  .superRefine((body, ctx) => {
    if (body.code !== undefined) return;
    if (body.msggroup === undefined) ctx.addIssue({ code: "custom", path: ["msggroup"], message: "required" });
    if (body.messages === undefined) ctx.addIssue({ code: "custom", path: ["messages"], message: "chooseChat" });
  });

export const telegramShareDataSchema = z.object({
  /** the prepared message's id: the mini app passes it to shareMessage */
  id: z.string(),
  /** Unix seconds after which Telegram no longer knows the id */
  expiration_date: z.number().int(),
  /** the share's code */
  code: z.string(),
  /** the public page's path: /chatDetail/{code} */
  url: z.string(),
});
export type TelegramShareData = z.infer<typeof telegramShareDataSchema>;

export const digestHourSchema = z.number({ error: "invalidValue" }).int({ error: "invalidValue" }).min(0).max(23);

export const telegramNotificationsDataSchema = z.object({
  /**
   * whether the digest can be had here: false without a bot on this server (reason noBot) or for an account
   * without a Telegram identity (reason noTelegram)
   */
  available: z.boolean(),
  reason: z.enum(["noBot", "noTelegram"]).nullable(),
  subscribed: z.boolean(),
  /** the hour it comes at, 0-23, in UTC */
  hour: z.number().int(),
  /** false when Telegram refused the bot's last message (the user blocked it or never started it) */
  active: z.boolean(),
  /** https://t.me/<bot>: where the user starts the bot so it may write */
  bot_url: z.string().nullable(),
});
export type TelegramNotificationsData = z.infer<typeof telegramNotificationsDataSchema>;

export const telegramNotificationsBodySchema = z.object({
  subscribed: z.boolean({ error: "required" }),
  /** kept as it is when absent */
  hour: digestHourSchema.optional(),
});

/** The routes of this file, mounted beside the others (src/contract/routes.ts spreads them in). */
export const telegramRoutes = {
  telegramShare: {
    method: "post",
    path: "/telegram/share",
    summary:
      "Prepare a shared chat's card for the signed-in Telegram user (savePreparedInlineMessage); answers the id for the mini app's shareMessage",
    tag: "telegram",
    body: telegramShareBodySchema,
    maxBodyBytes: 16 * 1024,
    data: telegramShareDataSchema,
    errors: [4001],
  },
  telegramNotifications: {
    method: "get",
    path: "/telegram/notifications",
    summary: "The signed-in user's daily market digest in Telegram: available, subscribed, its hour (UTC)",
    tag: "telegram",
    data: telegramNotificationsDataSchema,
    errors: [4001],
  },
  telegramNotificationsSet: {
    method: "post",
    path: "/telegram/notifications",
    summary: "Turn the daily market digest on or off, and set its hour (0-23, UTC)",
    tag: "telegram",
    body: telegramNotificationsBodySchema,
    maxBodyBytes: 16 * 1024,
    data: telegramNotificationsDataSchema,
    errors: [4001],
  },
} as const;
