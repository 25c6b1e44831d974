import useSWR from "swr";
import { type ShareCountData, shareCountDataSchema } from "../../../../contract/points.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { useSignedInUserId } from "./points-key.ts";

export const userShareCountPath = routes.getUserShareCount.path;
export type UserShareCountKey = readonly [typeof userShareCountPath, string];

/** GET getUserShareCount: rewarded shares today (UTC) and the daily limit. */
export function getUserShareCount(): Promise<ShareCountData> {
  return http.get(userShareCountPath, { parse: (data) => shareCountDataSchema.parse(data) });
}

/** Nothing is fetched while signed out; a share's reward reads it again (shared/rewards). */
export function useUserShareCount() {
  const userId = useSignedInUserId();
  const key: UserShareCountKey | null = userId === null ? null : [userShareCountPath, userId];
  return useSWR<ShareCountData, ApiError, UserShareCountKey | null>(key, getUserShareCount, swrOptions);
}
