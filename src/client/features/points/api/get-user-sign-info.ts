import useSWR from "swr";
import { type SignInfoData, signInfoDataSchema } from "../../../../contract/points.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { useSignedInUserId } from "./points-key.ts";

export const userSignInfoPath = routes.getUserSignInfo.path;
export type UserSignInfoKey = readonly [typeof userSignInfoPath, string];

/** GET getUserSignInfo: today's check-in done or not, the streak, and what the next check-in earns. */
export function getUserSignInfo(): Promise<SignInfoData> {
  return http.get(userSignInfoPath, { parse: (data) => signInfoDataSchema.parse(data) });
}

/** Nothing is fetched while signed out. */
export function useUserSignInfo() {
  const userId = useSignedInUserId();
  const key: UserSignInfoKey | null = userId === null ? null : [userSignInfoPath, userId];
  return useSWR<SignInfoData, ApiError, UserSignInfoKey | null>(key, getUserSignInfo, swrOptions);
}
