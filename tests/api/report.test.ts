import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReportDataSchema, reportShareDataSchema } from "../../src/contract/report.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";
import { newAccountHeaders } from "./new-account.ts";

const DAY = 86_400_000;
/** the replay starts here */
const AT = Date.parse("2026-03-10T12:30:00.000Z");

const clock = manualClock(new Date(AT));
let db: TestDatabase;
let srv: TestServer;
/** a signed-in new account (on its trial): visitors are asked to sign in first */
let headers: { authorization: string };
beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer({ ...db.env, MARKET_REPLAY_START: new Date(AT).toISOString() }, { clock });
  headers = await newAccountHeaders(srv, clock);
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

async function share(coinAbbr: string, language: "en" | "cn") {
  const res = await call(srv.url, "/report/share", { headers, body: { coinAbbr, language } });
  expect(res.status, res.text).toBe(200);
  return createReportDataSchema.parse(res.json?.data);
}

/** The PDF as a link opens it: no device number, no API key. */
async function pdfText(code: string): Promise<string> {
  const res = await fetch(`${srv.url}/v2/api/report/pdf/${code}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, "");
}

describe("research report shares", () => {
  it("shares a coin's report, reads it back by its code, and downloads it as a PDF", async () => {
    const shared = await share("eth", "en");
    expect(shared.code).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(shared.url).toBe(`/reportShareDetail/${shared.code}`);

    const res = await call(srv.url, `/report/share/${shared.code}`);
    expect(res.status, res.text).toBe(200);
    const { report, pdfUrl } = reportShareDataSchema.parse(res.json?.data);
    expect(pdfUrl).toBe(`/v2/api/report/pdf/${shared.code}`);
    expect(report.coinAbbr).toBe("ETH");
    expect(report.language).toBe("en");
    // the replay's figures, each labelled with its source and never later than the market time
    expect(report.sources.find((s) => s.id === "market")).toMatchObject({ mode: "replay" });
    const marketAt = Date.parse(report.marketAt);
    expect(marketAt).toBeLessThanOrEqual(AT);
    for (const figure of [report.overview.price, report.volatility.volatility30d, report.volatility.maxDrawdown90d]) {
      expect(figure.value).not.toBeNull();
      expect(Date.parse(figure.at)).toBeLessThanOrEqual(marketAt);
    }
    expect(report.returns.map((r) => r.days)).toEqual([7, 30, 90]);
    expect(report.correlation.withBtc90d?.value).toBeGreaterThan(0);
    for (const item of report.news.items) {
      const published = Date.parse(item.publishedAt);
      expect(published).toBeGreaterThanOrEqual(marketAt - 14 * DAY);
      expect(published).toBeLessThanOrEqual(marketAt);
    }
    expect(report.forecast.available).toBe(true);
    expect(report.risks.length).toBeGreaterThan(0);

    const text = await pdfText(shared.code);
    expect(text).toContain(`(ETH)researchreport`);
    expect(text).toContain("Forecastrecord");
    expect(text).toContain(report.risks[0]?.text.replace(/\s+/g, "").slice(0, 30));
  });

  it("writes a Chinese report in Chinese, in its PDF too", async () => {
    const shared = await share("BTC", "cn");
    const res = await call(srv.url, `/report/share/${shared.code}`);
    const { report } = reportShareDataSchema.parse(res.json?.data);
    expect(report.language).toBe("cn");
    expect(report.correlation.withBtc90d).toBeNull();
    const text = await pdfText(shared.code);
    expect(text).toContain("研究报告");
    expect(text).toContain("波动率与回撤");
  });

  it("answers a code that names no report with 404 in the API's envelope", async () => {
    for (const code of ["AAAAAAAAAAAAAAAA", "short", "not-a-code-at-all!"]) {
      const res = await call(srv.url, `/report/share/${encodeURIComponent(code)}`);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: 1001, data: { key: "notFound" } });
    }
    const pdf = await fetch(`${srv.url}/v2/api/report/pdf/AAAAAAAAAAAAAAAA`);
    expect(pdf.status).toBe(404);
    expect(await pdf.json()).toMatchObject({ code: 1001, data: { key: "notFound" } });
  });

  it("refuses a coin the market does not list, and a malformed request, naming the field", async () => {
    const unknown = await call(srv.url, "/report/share", { headers, body: { coinAbbr: "NOPE", language: "en" } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "coinAbbr" } });
    const malformed = await call(srv.url, "/report/share", { headers, body: { coinAbbr: "B T C", language: "en" } });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "coinAbbr" } });
    const language = await call(srv.url, "/report/share", { headers, body: { coinAbbr: "BTC", language: "fr" } });
    expect(language.status).toBe(400);
    expect(language.json).toMatchObject({ code: 1001, data: { field: "language" } });
  });
});
