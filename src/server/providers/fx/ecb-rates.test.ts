import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createEcbRates, openEcbRates, parseEcbRates, SHIPPED_FX_FILE } from "./ecb-rates.ts";

const at = (iso: string) => Date.parse(iso);

describe("the shipped ECB reference rates", () => {
  it("gives the day's rate once published, and the day before's until then", async () => {
    const fx = await openEcbRates();
    // 2026-01-05 (Monday): 0.857339 EUR per USD from 16:00 CET; the morning still has Friday's 0.853170
    expect(await fx.rate("EUR", at("2026-01-05T16:00:00Z"))).toEqual({
      currency: "EUR",
      perUsd: 0.857339,
      date: "2026-01-05",
      source: "ECB reference rate",
      carriedForward: false,
    });
    expect(await fx.rate("EUR", at("2026-01-05T09:00:00Z"))).toMatchObject({
      perUsd: 0.85317,
      date: "2026-01-02",
      carriedForward: true,
    });
    expect(await fx.rate("CNY", at("2026-01-07T20:00:00Z"))).toMatchObject({ perUsd: 6.991185, date: "2026-01-07" });
  });

  it("carries Friday's rate over the weekend and names its date", async () => {
    const fx = await openEcbRates();
    const sunday = await fx.rate("CNY", at("2026-01-04T12:00:00Z"));
    expect(sunday).toMatchObject({ perUsd: 6.993687, date: "2026-01-02", carriedForward: true });
  });

  it("has no rate before the data begins, and needs none for dollars", async () => {
    const fx = await openEcbRates();
    expect(await fx.rate("EUR", at("2025-12-31T12:00:00Z"))).toBeUndefined();
    expect(await fx.rate("USD", at("2025-12-31T12:00:00Z"))).toMatchObject({ perUsd: 1 });
  });

  it("holds every business day of the file, ascending", () => {
    const rows = parseEcbRates(readFileSync(SHIPPED_FX_FILE, "utf8"));
    expect(rows).toHaveLength(63);
    expect(rows[0]?.date).toBe("2026-01-02");
    expect(rows.at(-1)?.date).toBe("2026-03-31");
  });

  it("refuses a file that is not rate rows", () => {
    expect(() => parseEcbRates("date,eur_per_usd,cny_per_usd\n2026-01-02,x,7")).toThrow(/line 2/);
    expect(() => parseEcbRates("date,eur\n")).toThrow(/header/);
    expect(() =>
      createEcbRates(parseEcbRates("date,eur_per_usd,cny_per_usd\n2026-01-05,0.9,7\n2026-01-02,0.9,7")),
    ).toThrow(/ascend/);
  });
});

describe("the days the shipped rates cover", () => {
  it("runs from the file's first business day to the end of its last", async () => {
    const fx = await openEcbRates();
    expect([fx.firstDate, fx.lastDate]).toEqual(["2026-01-02", "2026-03-31"]);
    expect(fx.covers(at("2026-01-01T23:59:59Z"))).toBe(false);
    expect(fx.covers(at("2026-01-02T00:00:00Z"))).toBe(true);
    expect(fx.covers(at("2026-03-31T23:59:59Z"))).toBe(true);
    expect(fx.covers(at("2026-04-01T00:00:00Z"))).toBe(false);
  });
});
