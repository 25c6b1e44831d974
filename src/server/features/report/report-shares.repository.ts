import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { REPORT_CODE_LENGTH, type Report, reportCodeSchema, reportSchema } from "../../../contract/report.ts";
import type { Database } from "../../db/client.ts";
import { reportShares } from "../../db/schema.ts";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A new share code: 16 base62 characters from the system's CSPRNG (about 95 bits), not guessable. */
export function newReportCode(): string {
  let code = "";
  for (let i = 0; i < REPORT_CODE_LENGTH; i += 1) code += BASE62[randomInt(BASE62.length)];
  return code;
}

export interface StoredReport {
  code: string;
  report: Report;
  createdAt: Date;
}

/** The shared reports: stored once, read by code. */
export function createReportSharesRepository(db: Database) {
  return {
    async insert(report: Report): Promise<string> {
      const code = newReportCode();
      await db.insert(reportShares).values({ code, coin: report.coinAbbr, language: report.language, report });
      return code;
    },
    /** undefined for a code that is not one (any text may arrive in a path) or that names no share */
    async get(code: string): Promise<StoredReport | undefined> {
      if (!reportCodeSchema.safeParse(code).success) return undefined;
      const [row] = await db.select().from(reportShares).where(eq(reportShares.code, code)).limit(1);
      if (!row) return undefined;
      return { code: row.code, report: reportSchema.parse(row.report), createdAt: row.createdAt };
    },
  };
}

export type ReportSharesRepository = ReturnType<typeof createReportSharesRepository>;
