import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { json, type StandIn, startStandIn, upstreamFailure } from "../upstream/stand-in.ts";
import { parseEcbRates, SHIPPED_FX_FILE } from "./ecb-rates.ts";
import { openLiveFx } from "./live-fx.ts";

/**
 * The stand-in answers as the Frankfurter API does (base USD, symbols EUR,CNY), with the ECB's reference rates of
 * the shipped file: by date, the rates of the last business day on or before it; `latest`, the last rates
 * published by the stand-in's "today" (`published`).
 */
const ROWS = parseEcbRates(readFileSync(SHIPPED_FX_FILE, "utf8"));
const answer = (date: string) => {
  const row = ROWS.filter((r) => r.date <= date).at(-1);
  return row
    ? json({ amount: 1.0, base: "USD", date: row.date, rates: { CNY: row.CNY, EUR: row.EUR } })
    : json({ message: "not found" }, 404);
};
const rowOf = (date: string) => {
  const row = ROWS.find((r) => r.date === date);
  if (!row) throw new Error(`no row ${date}`);
  return row;
};

let standIn: StandIn;
/** the last day the stand-in's `latest` has published */
let published = "2026-03-31";
beforeEach(async () => {
  published = "2026-03-31";
  standIn = await startStandIn(({ path, query }) => {
    if (query.get("base") !== "USD" || query.get("symbols") !== "EUR,CNY") return { status: 422, body: "bad query" };
    if (path === "/v1/latest") return answer(published);
    const day = /^\/v1\/(\d{4}-\d\d-\d\d)$/.exec(path)?.[1];
    return day ? answer(day) : undefined;
  });
});
afterEach(async () => {
  await standIn.close();
});

const at = (iso: string) => Date.parse(iso);
const open = (now: string, extra: { pendingTtlMs?: number } = {}) => {
  const clock = manualClock(new Date(now));
  const fx = openLiveFx({
    url: `${standIn.url}/v1`,
    clock,
    upstream: { timeoutMs: 1_000, retries: 0, breakerFailures: 100 },
    ...extra,
  });
  return { fx, clock };
};

describe("live FX rates (a Frankfurter stand-in serving the ECB reference rates)", () => {
  it("asks a past day by date and says when the rate was carried over the weekend", async () => {
    const { fx } = open("2026-04-10T12:00:00Z");
    // Saturday 2026-03-28: Friday's fixing
    expect(await fx.rate("EUR", at("2026-03-28T12:00:00Z"))).toEqual({
      currency: "EUR",
      perUsd: rowOf("2026-03-27").EUR,
      date: "2026-03-27",
      source: "ECB reference rate",
      carriedForward: true,
    });
    expect(standIn.requests).toEqual(["/v1/2026-03-27?base=USD&symbols=EUR%2CCNY"]);
    // Friday after 15:00 UTC: that day's own rate
    expect(await fx.rate("CNY", at("2026-03-27T18:00:00Z"))).toMatchObject({
      perUsd: rowOf("2026-03-27").CNY,
      date: "2026-03-27",
      carriedForward: false,
    });
  });

  it("uses the day before until the day's rate is published (15:00 UTC)", async () => {
    const { fx } = open("2026-04-10T12:00:00Z");
    // Monday morning: the rate in force is still Friday's
    expect(await fx.rate("EUR", at("2026-03-30T09:00:00Z"))).toMatchObject({
      perUsd: rowOf("2026-03-27").EUR,
      date: "2026-03-27",
      carriedForward: true,
    });
    expect(standIn.requests).toEqual(["/v1/2026-03-29?base=USD&symbols=EUR%2CCNY"]);
  });

  it("keeps a day's answer for both currencies: asked once, also when asked at once", async () => {
    const { fx } = open("2026-04-10T12:00:00Z");
    const [eur, cny] = await Promise.all([
      fx.rate("EUR", at("2026-03-10T16:00:00Z")),
      fx.rate("CNY", at("2026-03-10T20:00:00Z")),
    ]);
    expect(eur).toMatchObject({ perUsd: rowOf("2026-03-10").EUR, date: "2026-03-10" });
    expect(cny).toMatchObject({ perUsd: rowOf("2026-03-10").CNY, date: "2026-03-10" });
    await fx.rate("EUR", at("2026-03-11T14:59:00Z"));
    expect(standIn.requests).toEqual(["/v1/2026-03-10?base=USD&symbols=EUR%2CCNY"]);
  });

  it("reads today from latest, and asks again while today's rate is not out yet", async () => {
    const { fx, clock } = open("2026-03-31T15:30:00Z", { pendingTtlMs: 3_600_000 });
    published = "2026-03-30";
    const now = () => clock.now().getTime();
    expect(await fx.rate("EUR", now())).toMatchObject({ date: "2026-03-30", carriedForward: true });
    clock.advance(30 * 60_000);
    expect(await fx.rate("EUR", now())).toMatchObject({ date: "2026-03-30" });
    expect(standIn.requests).toEqual(["/v1/latest?base=USD&symbols=EUR%2CCNY"]);

    published = "2026-03-31";
    clock.advance(30 * 60_000);
    expect(await fx.rate("EUR", now())).toEqual({
      currency: "EUR",
      perUsd: rowOf("2026-03-31").EUR,
      date: "2026-03-31",
      source: "ECB reference rate",
      carriedForward: false,
    });
    // published: kept for the rest of the day
    clock.advance(8 * 3_600_000);
    await fx.rate("CNY", now());
    expect(standIn.requests).toHaveLength(2);
  });

  it("needs no request for dollars, and has no rate for a day the source holds none for", async () => {
    const { fx } = open("2026-04-10T12:00:00Z");
    expect(await fx.rate("USD", at("2026-03-28T12:00:00Z"))).toMatchObject({ perUsd: 1, carriedForward: false });
    expect(standIn.requests).toEqual([]);
    expect(await fx.rate("EUR", at("2025-12-20T12:00:00Z"))).toBeUndefined();
  });

  it("refuses a changed payload, a rate fixed after the day asked, and silence", async () => {
    const { fx } = open("2026-04-10T12:00:00Z");
    standIn.handle(() => json({ amount: 1, base: "EUR", date: "2026-03-27", rates: { CNY: 7.9, USD: 1.15 } }));
    expect(await upstreamFailure(fx.rate("EUR", at("2026-03-28T12:00:00Z")))).toMatchObject({ kind: "malformed" });

    standIn.handle(() => json({ amount: 1, base: "USD", date: "2026-03-30", rates: { CNY: 6.91, EUR: 0.87 } }));
    const late = await upstreamFailure(fx.rate("EUR", at("2026-03-20T12:00:00Z")));
    expect(late.kind).toBe("malformed");
    expect(late.detail).toBe("answered the rate of 2026-03-30 for 2026-03-19");

    standIn.handle(() => ({ hang: true }));
    expect(await upstreamFailure(fx.rate("CNY", at("2026-03-05T12:00:00Z")))).toMatchObject({ kind: "timeout" });
  });

  it("fails at once while its circuit is open after a failed call", async () => {
    const clock = manualClock(new Date("2026-04-10T12:00:00Z"));
    const fx = openLiveFx({ url: `${standIn.url}/v1`, clock, upstream: { timeoutMs: 1_000, retries: 0 } });
    standIn.handle(() => ({ status: 503, body: "down" }));
    expect(await upstreamFailure(fx.rate("EUR", at("2026-03-05T12:00:00Z")))).toMatchObject({ kind: "http" });
    expect(await upstreamFailure(fx.rate("EUR", at("2026-03-06T12:00:00Z")))).toMatchObject({
      kind: "circuit-open",
    });
    expect(standIn.requests).toHaveLength(1);
  });
});
