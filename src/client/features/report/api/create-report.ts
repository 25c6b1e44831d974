import { type CreateReportData, createReportDataSchema, reportRoutes } from "../../../../contract/report.ts";
import { http } from "../../../shared/api/http.ts";

/** POST report/share: builds the coin's report from the app's data and stores it under a share code. */
export function createReport(coinAbbr: string, language: "en" | "cn"): Promise<CreateReportData> {
  return http.post(reportRoutes.createReport.path, {
    json: { coinAbbr, language },
    parse: (data) => createReportDataSchema.parse(data),
  });
}
