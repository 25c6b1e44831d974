import useSWR from "swr";
import { type ActListData, actListDataSchema } from "../../../../contract/points.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { useSignedInUserId } from "./points-key.ts";

export const userActListPath = routes.getUserActList.path;
export type UserActListKey = readonly [typeof userActListPath, string, number, number];

/** GET getUserActList: one page of the user's ledger entries, newest first, with how many there are in all. */
export function getUserActList([, , page, pageSize]: UserActListKey): Promise<ActListData> {
  return http.get(userActListPath, {
    parse: (data) => actListDataSchema.parse(data),
    searchParams: { page, pageSize },
  });
}

/** Nothing is fetched while signed out; the page shown stays while the next one loads. */
export function useUserActList(page: number, pageSize: number) {
  const userId = useSignedInUserId();
  const key: UserActListKey | null = userId === null ? null : [userActListPath, userId, page, pageSize];
  return useSWR<ActListData, ApiError, UserActListKey | null>(key, getUserActList, {
    ...swrOptions,
    keepPreviousData: true,
  });
}
