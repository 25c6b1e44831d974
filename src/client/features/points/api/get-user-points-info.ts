import useSWR from "swr";
import { type UserPointsInfoData, userPointsInfoDataSchema } from "../../../../contract/points.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { useSignedInUserId } from "./points-key.ts";

export const userPointsInfoPath = routes.getUserPointsInfo.path;
export type UserPointsInfoKey = readonly [typeof userPointsInfoPath, string];

/** GET points/getUserPointsInfo: the signed-in user's balance with their profile. */
export function getUserPointsInfo(): Promise<UserPointsInfoData> {
  return http.get(userPointsInfoPath, { parse: (data) => userPointsInfoDataSchema.parse(data) });
}

/** Nothing is fetched while signed out. */
export function useUserPointsInfo() {
  const userId = useSignedInUserId();
  const key: UserPointsInfoKey | null = userId === null ? null : [userPointsInfoPath, userId];
  return useSWR<UserPointsInfoData, ApiError, UserPointsInfoKey | null>(key, getUserPointsInfo, swrOptions);
}
