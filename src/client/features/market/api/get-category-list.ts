import useSWR from "swr";
import type { z } from "zod";
import { categoryListDataSchema } from "../../../../contract/market.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type CategoryList = z.infer<typeof categoryListDataSchema>;

export const categoryListKey = routes.getDashboardSupCategory.path;

/** GET getDashboardSupCategory: each dashboard category with how many coins of this market are in it. */
export function getCategoryList(): Promise<CategoryList> {
  return http.get(routes.getDashboardSupCategory.path, { parse: (data) => categoryListDataSchema.parse(data) });
}

export function useCategoryList() {
  return useSWR<CategoryList, ApiError>(categoryListKey, getCategoryList, swrOptions);
}
