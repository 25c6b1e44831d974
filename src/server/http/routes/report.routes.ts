import { Hono } from "hono";
import { ErrorCode } from "../../../contract/errors.ts";
import { reportRoutes as contract, reportPdfPath, reportSharePagePath } from "../../../contract/report.ts";
import { ApiError } from "../../api-error.ts";
import type { ReportService } from "../../features/report/report.service.ts";
import type { RateLimiter } from "../../providers/rate-limiter.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { fileParams, jsonBody } from "../validate.ts";

const noSuchReport = () => new ApiError(ErrorCode.RequestFailed, "notFound", 404, [], "no such report");

/**
 * Research report shares (spec §2 /reportShareDetail/{code}, §7 share/pic/report): make one (under the API's
 * guards, so the per-device limits hold) and read one by its code. A code that is not one, or names no report, is
 * 404 notFound.
 */
export function reportRoutes(report: Pick<ReportService, "share" | "get">) {
  return new Hono<AppEnv>()
    .post(contract.createReport.path, limitBody(contract.createReport.maxBodyBytes), async (c) => {
      const { coinAbbr, language } = await jsonBody(c, contract.createReport.body);
      const { code } = await report.share(coinAbbr, language);
      return ok(c, { code, url: reportSharePagePath(code), pdfUrl: reportPdfPath(code) });
    })
    .get(contract.getReportShare.path, async (c) => {
      const stored = await report.get(c.req.param("code") ?? "");
      if (!stored) throw noSuchReport();
      return ok(c, { code: stored.code, pdfUrl: reportPdfPath(stored.code), report: stored.report });
    });
}

/**
 * The PDF of a shared report (spec §7 report/pdf/download): a file a link opens, so mounted ahead of the API's
 * guards like the chat's figures. Drawing a PDF costs CPU, so the address limiter (its own bucket) keeps anyone
 * from asking for them without end.
 */
export function reportPdfRoutes(deps: { report: Pick<ReportService, "pdf">; byAddress: RateLimiter }) {
  return new Hono<AppEnv>().get(contract.reportPdf.path, async (c) => {
    const allowance = await deps.byAddress.consume(`report-pdf:${c.get("clientIp")}`);
    if (!allowance.allowed) {
      c.header("retry-after", String(Math.ceil(allowance.retryAfterMs / 1000)));
      throw new ApiError(ErrorCode.TooManyRequests, "tooFrequent", 429, [], "too many requests");
    }
    const { code } = fileParams(c, contract.reportPdf.params);
    const pdf = await deps.report.pdf(code);
    if (!pdf) throw noSuchReport();
    return c.body(new Uint8Array(pdf), 200, {
      "content-type": "application/pdf",
      // a shared report is a snapshot: its PDF never changes
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
      "content-disposition": `inline; filename="report-${code}.pdf"`,
    });
  });
}
