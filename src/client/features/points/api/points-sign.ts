import { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import { type SignData, signDataSchema } from "../../../../contract/points.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { userActListPath } from "./get-user-act-list.ts";
import { userPointsInfoPath } from "./get-user-points-info.ts";
import { userSignInfoPath } from "./get-user-sign-info.ts";
import { isPointsKey } from "./points-key.ts";

export const pointsSignKey = routes.pointsSign.path;

/** POST points/sign: today's check-in (UTC); a second one the same day answers alreadyCheckedIn. */
export function pointsSign(): Promise<SignData> {
  return http.post(pointsSignKey, { parse: (data) => signDataSchema.parse(data) });
}

const afterCheckIn = [userPointsInfoPath, userSignInfoPath, userActListPath] as const;

/**
 * Checks in, then reads the balance, the check-in card and the history again. They are read again after an
 * alreadyCheckedIn too: the check-in was made elsewhere (another tab, the bot) and this page is behind.
 */
export function usePointsSign() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<SignData, ApiError, string>(pointsSignKey, async () => {
    try {
      return await pointsSign();
    } finally {
      void mutate((key) => isPointsKey(key, afterCheckIn));
    }
  });
}
