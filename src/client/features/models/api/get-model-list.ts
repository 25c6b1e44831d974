import useSWR from "swr";
import { type ModelListItem, modelListDataSchema } from "../../../../contract/models.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export const modelListKey = routes.modelList.path;

/** GET /v2/api/llm/model/list: the catalogue with each model's availability on this deployment. */
export function getModelList(): Promise<ModelListItem[]> {
  return http.get(routes.modelList.path, { parse: (data) => modelListDataSchema.parse(data) });
}

export function useModelList() {
  return useSWR<ModelListItem[], ApiError>(modelListKey, getModelList, swrOptions);
}
