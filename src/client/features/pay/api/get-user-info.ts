import { useAtomValue } from "jotai";
import useSWR from "swr";
import { routes } from "../../../../contract/routes.ts";
import { type UserInfoData, userInfoDataSchema } from "../../../../contract/user.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";

const userInfoPath = routes.userInfo.path;

/**
 * user/info for the membership card. The key is the account header's ([path, user id]), so both read one
 * cached answer and a purchase that revalidates it changes both.
 */
export type UserInfoKey = readonly [typeof userInfoPath, string];

function getUserInfo(): Promise<UserInfoData> {
  return http.get(userInfoPath, { parse: (data) => userInfoDataSchema.parse(data) });
}

/** Nothing is fetched while signed out. */
export function useMembershipInfo() {
  const status = useAtomValue(loginStatusAtom);
  const userId = useAtomValue(userIdAtom);
  const key: UserInfoKey | null = status === "loggedIn" ? [userInfoPath, userId] : null;
  return useSWR<UserInfoData, ApiError, UserInfoKey | null>(key, getUserInfo, swrOptions);
}
