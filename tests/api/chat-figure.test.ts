import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSseEvents } from "../../src/server/features/chat/chat-sse.ts";
import { priceLabel } from "../../src/server/features/chat/figures/chart-svg.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { createTestDatabase, newDeviceNo, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

const HOUR = 3_600_000;
/** market time of the whole file: the replay starts here and the wall clock stands still */
const AT = Date.parse("2026-03-10T12:30:00.000Z");
/** the last completed hourly candle opens at 11:00 and closes at 12:00 */
const LAST_HOUR = Date.parse("2026-03-10T11:00:00.000Z");

/** The shipped hourly candles of a pair, ascending: what every figure must be drawn from. */
function hourly(pair: string) {
  return readFileSync(new URL(`../../data/market/hourly/${pair}.csv`, import.meta.url), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [t, o, , , c] = line.split(",").map(Number);
      return { time: t as number, open: o as number, close: c as number };
    });
}

let db: TestDatabase;
let srv: TestServer;
beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer(
    { ...db.env, MARKET_REPLAY_START: new Date(AT).toISOString() },
    { clock: manualClock(new Date("2030-01-01T00:00:00Z")) },
  );
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

/** An image request as a browser's <img> sends it: no device number, no API key. */
const image = (path: string) => fetch(`${srv.url}/v2/api/chat/figure/${path}`);
const points = (svg: string) => svg.match(/<polyline points="([^"]*)"/)?.[1]?.split(" ") ?? [];

describe("GET /v2/api/chat/figure/{symbol}.svg", () => {
  it("draws the replay's candles ending at `to`, as an SVG image cached for good", async () => {
    const res = await image(`BTC.svg?interval=1h&to=${LAST_HOUR}&count=24`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain("BTC · 1h · closing price (USDT)");
    expect(svg).toContain("BTC 1h · as of 2026-03-10 12:00 UTC · Source: Binance (replay)");
    // the first open, then the 24 closes
    const candles = hourly("BTCUSDT")
      .filter((c) => c.time <= LAST_HOUR)
      .slice(-24);
    expect(candles.at(-1)?.time).toBe(LAST_HOUR);
    expect(points(svg)).toHaveLength(25);
    const values = [candles[0]?.open ?? 0, ...candles.map((c) => c.close)];
    expect(svg).toContain(`>${priceLabel(Math.max(...values))}</text>`);
    expect(svg).toContain(`>${priceLabel(Math.min(...values))}</text>`);
    expect(svg).toContain(">2026-03-09 12:00 UTC</text>");
    expect(svg).toContain(">2026-03-10 12:00 UTC</text>");
  });

  it("draws an earlier range exactly, and the same bytes every time", async () => {
    const to = LAST_HOUR - 48 * HOUR;
    const first = await (await image(`btc.svg?interval=1h&to=${to}&count=10`)).text();
    expect(first).toContain("as of 2026-03-08 12:00 UTC");
    expect(points(first)).toHaveLength(11);
    expect(await (await image(`BTC.svg?interval=1h&to=${to}&count=10`)).text()).toBe(first);
  });

  it("clamps a `to` past the market time to the last completed candle, and says when that was", async () => {
    const res = await image(`ETH.svg?interval=4h&to=${AT + 10 * 24 * HOUR}&count=12`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const svg = await res.text();
    expect(svg).toContain("ETH 4h · as of 2026-03-10 12:00 UTC");
    expect(points(svg)).toHaveLength(13);
    // the latest candles without `to`: the same figure, not cached for good
    const latest = await image("ETH.svg?interval=4h&count=12");
    expect(latest.headers.get("cache-control")).toBe("public, max-age=60");
    expect(await latest.text()).toBe(svg);
  });

  it("answers an unknown coin 404 with the API's envelope", async () => {
    const res = await image("XYZ.svg?interval=1h&count=24");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "coinAbbr" } });
    expect((await image("BTC.png")).status).toBe(404);
    expect((await image("..%2Fx.svg")).status).toBe(404);
  });

  it("refuses a bad interval or count with 1001", async () => {
    for (const query of ["interval=5m", "count=9", "count=201", "count=abc", `to=-1`]) {
      const res = await image(`BTC.svg?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ code: 1001, data: { key: "invalidValue" } });
    }
  });
});

describe("GET /v2/api/chat/figure/compare.svg", () => {
  it("draws two coins normalised to 100 on their shared candles", async () => {
    const to = Date.parse("2026-03-10T08:00:00.000Z");
    const res = await image(`compare.svg?a=BTC&b=ETH&interval=4h&to=${to}&count=42`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const svg = await res.text();
    expect(svg).toContain("BTC vs ETH · 4h · close, start = 100");
    expect(svg).toContain("BTC and ETH 4h · as of 2026-03-10 12:00 UTC · Source: Binance (replay)");
    expect(svg.match(/<polyline /g)).toHaveLength(2);
  });

  it("answers 404 for an unknown coin and 1001 without both coins", async () => {
    expect((await image("compare.svg?a=BTC&b=XYZ&interval=1d&count=30")).status).toBe(404);
    const res = await image("compare.svg?a=BTC&interval=1d&count=30");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 1001, data: { field: "b" } });
  });
});

describe("a trend answer embeds its figure", () => {
  it("MountainLion's answer links the chart of the candles it used, and the chart loads", async () => {
    const res = await fetch(`${srv.url}/v2/api/chat/send`, {
      method: "POST",
      headers: { "x-device-no": newDeviceNo(), "content-type": "application/json" },
      body: JSON.stringify({ msggroup: `${Date.now()}7`, question: "ETH trend 4h", model: 6 }),
    });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = parseSseEvents(await res.text());
    const text = events
      .filter((e) => e.event === "text")
      .map((e) => (JSON.parse(e.data) as { delta: string }).delta)
      .join("");
    const url = `/v2/api/chat/figure/ETH.svg?interval=4h&to=${Date.parse("2026-03-10T08:00:00.000Z")}&count=42`;
    expect(text).toContain(`![ETH 4h closing prices, 2026-03-03 to 2026-03-10 12:00 UTC](${url})`);
    const figure = await fetch(`${srv.url}${url}`);
    expect(figure.status).toBe(200);
    expect(await figure.text()).toContain("ETH 4h · as of 2026-03-10 12:00 UTC");
  });
});
