import { type UserPointsInfoData, userPointsInfoDataSchema } from "../../../../contract/points.ts";
import { routes } from "../../../../contract/routes.ts";
import {
  type UnlockBody,
  type UnlockStatusData,
  unlockDataSchema,
  unlockStatusDataSchema,
} from "../../../../contract/unlocks.ts";
import { type UserInfoData, userInfoDataSchema } from "../../../../contract/user.ts";
import { http } from "../../../shared/api/http.ts";

/** POST points/pointsExchange: an unlock or one more chat today, paid with points (spec §7: boolean data). */
export function pointsExchange(body: UnlockBody): Promise<boolean> {
  return http.post(routes.pointsExchange.path, { json: body, parse: (data) => unlockDataSchema.parse(data) });
}

/** POST points/confirmExchange: an unlock paid with one of the day's allowance. */
export function confirmExchange(body: UnlockBody): Promise<boolean> {
  return http.post(routes.confirmExchange.path, { json: body, parse: (data) => unlockDataSchema.parse(data) });
}

/** GET points/unlock/check: is it unlocked for the caller now, and until when. */
export function getUnlockStatus(body: UnlockBody): Promise<UnlockStatusData> {
  const searchParams: Record<string, string> = { scenario: body.scenario };
  if (body.msggroup) searchParams.msggroup = body.msggroup;
  if (body.msgid) searchParams.msgid = body.msgid;
  return http.get(routes.unlockCheck.path, { searchParams, parse: (data) => unlockStatusDataSchema.parse(data) });
}

/** The card, the allowance and the chats left, read afresh when an unlock is asked for. */
export function readUserInfo(): Promise<UserInfoData> {
  return http.get(routes.userInfo.path, { parse: (data) => userInfoDataSchema.parse(data) });
}

/** The points balance, read afresh for the redeem dialog. */
export function readPointsInfo(): Promise<UserPointsInfoData> {
  return http.get(routes.getUserPointsInfo.path, { parse: (data) => userPointsInfoDataSchema.parse(data) });
}

/** What an unlock changes: user info (allowance, chats), the points balance and history, wherever they are shown. */
const REFRESHED_PATHS: readonly string[] = [
  routes.userInfo.path,
  routes.getUserPointsInfo.path,
  routes.getUserSignInfo.path,
  routes.getUserActList.path,
];

/** Whether a cache key holds a figure an unlock changes (every key starts with its route's path). */
export function changedByUnlock(key: unknown): boolean {
  return Array.isArray(key) && typeof key[0] === "string" && REFRESHED_PATHS.includes(key[0]);
}
