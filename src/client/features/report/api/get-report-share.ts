import useSWR from "swr";
import { type ReportShareData, reportRoutes, reportShareDataSchema } from "../../../../contract/report.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export const reportShareKeyName = reportRoutes.getReportShare.path;
export type ReportShareKey = readonly [typeof reportShareKeyName, string];

/** GET report/share/{code}: the stored report behind /reportShareDetail/{code}. */
export function getReportShare([, code]: ReportShareKey): Promise<ReportShareData> {
  return http.get(reportShareKeyName.replace(":code", encodeURIComponent(code)), {
    parse: (data) => reportShareDataSchema.parse(data),
  });
}

/** A shared report never changes: read once per code. */
export function useReportShare(code: string) {
  const key: ReportShareKey = [reportShareKeyName, code];
  return useSWR<ReportShareData, ApiError, ReportShareKey>(key, getReportShare, swrOptions);
}
