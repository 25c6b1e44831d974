import { z } from "zod";
import { Limits } from "./constants.ts";

/** User info, quotas and profile (spec §3 user info / profile, §6 roles, §9 quotas). */

export const remainTotalSchema = z.object({ remain: z.number().int(), total: z.number().int() });

export const userInfoDataSchema = z.object({
  /** "0" standard, "1" trial, "3" monthly, "4" quarterly, "5" annual */
  card: z.enum(["0", "1", "3", "4", "5"]),
  queryTimes: z.object({ today: remainTotalSchema, exchange: remainTotalSchema, isUnlimited: z.boolean() }),
  dataAnalysisTimes: z.object({ remain: z.number().int(), total: z.number().int(), isUnlimited: z.boolean() }),
  allowance_num: z.number().int(),
  /** ISO time the paid or trial card ends, or null */
  expiredTime: z.string().nullable(),
  expiredDays: z.number().int(),
  /** true when the card ends within 3 days */
  timeAlert: z.boolean(),
  edition: z.enum(["PLUSEdition", "BasicEdition"]),
  /** absent for visitors */
  profile: z
    .object({
      user_id: z.string(),
      uid: z.string(),
      username: z.string(),
      email: z.string().nullable(),
      wallet_address: z.string().nullable(),
      telegram_id: z.string().nullable(),
      avatar_url: z.string().nullable(),
      invitation_code: z.string(),
      created_at: z.string(),
      /** when the username may next be changed, or null when it may now */
      username_changeable_at: z.string().nullable(),
    })
    .optional(),
});
export type UserInfoData = z.infer<typeof userInfoDataSchema>;

/** POST visitor/info: a visitor's daily allowance, by visitor id (the device number by default). */
export const visitorInfoBodySchema = z.object({
  visitorId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

export const avatarDataUrlPattern = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/]+={0,2})$/;
export const AVATAR_MAX_BYTES = 1024 * 1024;

/** POST user/modifyProfile: a new username, a new avatar, or both; neither is plsenterUserName. */
export const modifyProfileBodySchema = z
  .object({
    userName: z
      .string()
      .trim()
      .min(1, { error: "plsenterUserName" })
      .max(Limits.usernameMax, { error: "tooLong" })
      .optional(),
    image: z.string().regex(avatarDataUrlPattern, { error: "imgTypeTip" }).optional(),
  })
  .refine((body) => body.userName !== undefined || body.image !== undefined, {
    error: "plsenterUserName",
    path: ["userName"],
  });
export type ModifyProfileBody = z.input<typeof modifyProfileBodySchema>;

export const editionBodySchema = z.object({ edition: z.enum(["PLUSEdition", "BasicEdition"]) });
