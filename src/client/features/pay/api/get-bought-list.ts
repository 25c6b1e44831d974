import useSWR from "swr";
import { type BoughtListData, boughtListDataSchema, payRoutes } from "../../../../contract/pay.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { usePayUserId } from "./pay-keys.ts";

const boughtListPath = payRoutes.payGetBoughtList.path;
export type BoughtListKey = readonly [typeof boughtListPath, string, number, number];

/** GET pay/getBoughtList (page, pageNum; data.lists): the user's orders, newest first. */
export function getBoughtList([, , page, pageNum]: BoughtListKey): Promise<BoughtListData> {
  return http.get(boughtListPath, {
    parse: (data) => boughtListDataSchema.parse(data),
    searchParams: { page, pageNum },
  });
}

/** Read while `enabled` (the dialog is open) and signed in; the page shown stays while the next one loads. */
export function useBoughtList(page: number, pageNum: number, enabled: boolean) {
  const userId = usePayUserId();
  const key: BoughtListKey | null = userId === null || !enabled ? null : [boughtListPath, userId, page, pageNum];
  return useSWR<BoughtListData, ApiError, BoughtListKey | null>(key, getBoughtList, {
    ...swrOptions,
    keepPreviousData: true,
  });
}
