import useSWR from "swr";
import { type AppConfigData, appConfigDataSchema } from "../../../contract/app-config.ts";
import { routes } from "../../../contract/routes.ts";
import type { ApiError } from "./api-error.ts";
import { http } from "./http.ts";
import { swrOptions } from "./swr-options.ts";

export const appConfigKey = routes.appConfig.path;

/**
 * GET /v2/api/app/config: which optional sign-in methods this deployment has configured (and the WalletConnect
 * project the swap connects with). One key, so the sign-in and the swap share one read.
 */
export function getAppConfig(): Promise<AppConfigData> {
  return http.get(routes.appConfig.path, { parse: (data) => appConfigDataSchema.parse(data) });
}

export function useAppConfig() {
  return useSWR<AppConfigData, ApiError>(appConfigKey, getAppConfig, swrOptions);
}
