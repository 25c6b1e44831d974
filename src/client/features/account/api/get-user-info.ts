import { useAtomValue } from "jotai";
import useSWR from "swr";
import { routes } from "../../../../contract/routes.ts";
import { type UserInfoData, userInfoDataSchema } from "../../../../contract/user.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";

export const userInfoPath = routes.userInfo.path;

/** The cache key names the user, so a sign-in, a sign-out or another account reads afresh. */
export type UserInfoKey = readonly [typeof userInfoPath, string];

/** GET /v2/api/user/info: the signed-in user's card, daily quotas, expiry and profile. */
export function getUserInfo(): Promise<UserInfoData> {
  return http.get(routes.userInfo.path, { parse: (data) => userInfoDataSchema.parse(data) });
}

/** Nothing is fetched while signed out. */
export function useUserInfo() {
  const status = useAtomValue(loginStatusAtom);
  const userId = useAtomValue(userIdAtom);
  const key: UserInfoKey | null = status === "loggedIn" ? [userInfoPath, userId] : null;
  return useSWR<UserInfoData, ApiError, UserInfoKey | null>(key, getUserInfo, swrOptions);
}

/** Whether a cache key is one of user/info's (for revalidating after a profile change). */
export function isUserInfoKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === userInfoPath;
}
