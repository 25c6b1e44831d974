import type { Report, ReportLanguage } from "../../../contract/report.ts";
import type { Clock } from "../../providers/clock.ts";
import { type BuildReportDeps, buildReport } from "./build-report.ts";
import { renderReportPdf } from "./report-pdf.ts";
import type { ReportSharesRepository, StoredReport } from "./report-shares.repository.ts";

export interface ReportServiceDeps extends BuildReportDeps {
  repository: Pick<ReportSharesRepository, "insert" | "get">;
  clock: Clock;
  /** the PDF renderer; renderReportPdf unless a test swaps it */
  render?: (report: Report) => Promise<Uint8Array>;
}

export interface ReportService {
  /** the report of a coin now, not stored */
  createReport(abbr: string, language: ReportLanguage): Promise<Report>;
  /** builds the report and stores it as a share; answers its code */
  share(abbr: string, language: ReportLanguage): Promise<{ code: string; report: Report }>;
  get(code: string): Promise<StoredReport | undefined>;
  /** the stored report as a PDF; undefined for an unknown code */
  pdf(code: string): Promise<Uint8Array | undefined>;
}

/** PDFs kept in memory: a shared report never changes, and a link is often opened by several people at once. */
const PDF_CACHE = 32;

/**
 * Research reports (spec §2 research-report agent): the figures of buildReport, stored as shares behind random
 * codes, and drawn as PDF on demand.
 */
export function createReportService(deps: ReportServiceDeps): ReportService {
  const render = deps.render ?? renderReportPdf;
  const pdfs = new Map<string, Promise<Uint8Array>>();

  async function createReport(abbr: string, language: ReportLanguage): Promise<Report> {
    return buildReport(deps, abbr, language, deps.clock.now());
  }

  return {
    createReport,
    async share(abbr, language) {
      const report = await createReport(abbr, language);
      const code = await deps.repository.insert(report);
      return { code, report };
    },
    get: (code) => deps.repository.get(code),
    async pdf(code) {
      const cached = pdfs.get(code);
      if (cached) return cached;
      const stored = await deps.repository.get(code);
      if (!stored) return undefined;
      const rendering = render(stored.report);
      pdfs.set(code, rendering);
      rendering.catch(() => pdfs.delete(code));
      // the oldest entry goes first (a Map keeps insertion order)
      for (const key of pdfs.keys()) {
        if (pdfs.size <= PDF_CACHE) break;
        pdfs.delete(key);
      }
      return rendering;
    },
  };
}
