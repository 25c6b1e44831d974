import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runScoreBacktest } from "../../scripts/backtest/score-backtest.ts";
import { coinListDataSchema } from "../../src/contract/market.ts";
import {
  aiRankingDataSchema,
  aiScoreBand,
  aiScoreDataSchema,
  aiScorePartIds,
  aiScoreValidationSchema,
} from "../../src/contract/score.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

const DAY = 86_400_000;
/** market time of the whole file: the replay starts here and the wall clock stands still */
const AT = Date.parse("2026-03-10T12:30:00.000Z");
/** the last daily candle complete at AT */
const LAST_DAY = Date.parse("2026-03-09T00:00:00Z");

/** The shipped daily candles of a pair, ascending, up to the last one complete at AT. */
function dailyUpToAt(pair: string): { t: number; c: number; v: number }[] {
  return readFileSync(new URL(`../../data/market/daily/${pair}.csv`, import.meta.url), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [t, , , , c, v] = line.split(",").map(Number);
      return { t: t ?? 0, c: c ?? 0, v: v ?? 0 };
    })
    .filter((row) => row.t <= LAST_DAY);
}

/** The shipped headlines' times and coin tags. */
function headlines(): { time: number; coins: string[] }[] {
  const [, ...lines] = readFileSync(new URL("../../data/news/headlines.jsonl", import.meta.url), "utf8")
    .trim()
    .split("\n");
  return lines.map((line) => {
    const [, publishedAt, , , coins] = JSON.parse(line) as [string, string, string, string, string[]];
    return { time: Date.parse(publishedAt), coins };
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100 || 0;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >>> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const return30 = (rows: { c: number }[]) => ((rows.at(-1)?.c ?? 0) / (rows.at(-31)?.c ?? 1) - 1) * 100;

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

const scoreOf = async (abbr: string) => {
  const res = await call(srv.url, `/dashboard/token/score?coinAbbr=${abbr}`);
  expect(res.status, abbr).toBe(200);
  return aiScoreDataSchema.parse(res.json?.data);
};
const ranking = async (query: string) => {
  const res = await call(srv.url, `/ai_ranking?${query}`);
  expect(res.status, query).toBe(200);
  return aiRankingDataSchema.parse(res.json?.data);
};

describe("AI score", () => {
  it("scores a coin from its five parts, each with its weight and the figure behind it", async () => {
    const data = await scoreOf("sol");
    expect(data.source).toEqual({ mode: "replay", provider: "Binance (replay)", at: new Date(AT).toISOString() });
    const { score } = data;
    expect(score.coinAbbr).toBe("SOL");
    expect(score.asOf).toBe(new Date(AT).toISOString());
    expect(score.band).toBe(aiScoreBand(score.score));
    expect(score.parts.map((part) => part.id)).toEqual([...aiScorePartIds]);
    // March 2026: a year of candles and the archive's news cover every window, so every part counts
    for (const part of score.parts) expect(part.weight, part.id).toBeGreaterThan(0);
    expect(score.parts.reduce((sum, part) => sum + part.weight, 0)).toBeCloseTo(1, 9);
    expect(score.score).toBeCloseTo(
      score.parts.reduce((sum, part) => sum + part.weight * part.points, 0),
      0,
    );

    // the figures, read from the shipped files up to the market time only
    const sol = dailyUpToAt("SOLUSDT");
    const btc = dailyUpToAt("BTCUSDT");
    const part = (id: string) => score.parts.find((p) => p.id === id);
    const closes = sol.map((row) => row.c);
    expect(part("trend")).toMatchObject({
      unit: "%",
      value: round2(((closes.at(-1) ?? 0) / mean(closes.slice(-50)) - 1) * 100),
    });
    expect(part("liquidity")).toMatchObject({
      unit: "USDT",
      value: Math.round(median(sol.slice(-30).map((row) => row.v * row.c))),
    });
    expect(part("relativeStrength")).toMatchObject({ unit: "%", value: round2(return30(sol) - return30(btc)) });
    const recent = headlines().filter((item) => item.time >= AT - 7 * DAY && item.time < AT);
    expect(part("newsFlow")).toMatchObject({
      unit: "items",
      value: recent.filter((item) => item.coins.includes("SOL")).length,
    });
    expect(part("newsFlow")?.value).toBeGreaterThan(0);

    // BTC against itself
    const btcScore = (await scoreOf("BTC")).score;
    expect(btcScore.parts.find((p) => p.id === "relativeStrength")?.value).toBe(0);
  });

  it("shows the validation the backtest command reports over the shipped history", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ml-score-"));
    // the command's table is not this test's output
    const print = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      const out = path.join(dir, "score.json");
      expect(await runScoreBacktest(["--score", "--json", out])).toBe(0);
      const reported = aiScoreValidationSchema.parse(JSON.parse(await readFile(out, "utf8")));
      const { validation } = await scoreOf("ETH");
      expect(validation).toEqual(reported);
      expect(reported.weeks).toBeGreaterThan(50);
      expect((await ranking("category=total")).validation).toEqual(reported);
    } finally {
      print.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("ranks a dashboard category's coins by score, highest first, in pages", async () => {
    const all = await ranking("category=total&pageSize=100");
    // a stablecoin (USDC) is scored but not ranked: its calm is its peg
    expect(all.total).toBe(119);
    const rest = await ranking("category=total&pageSize=100&page=2");
    const list = [...all.list, ...rest.list];
    expect(list).toHaveLength(119);
    expect(list.some((entry) => entry.coin.coinAbbr === "USDC")).toBe(false);
    expect((await scoreOf("USDC")).score.coinAbbr).toBe("USDC");
    const scores = list.map((entry) => entry.score.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const entry of list) expect(entry.score.coinAbbr).toBe(entry.coin.coinAbbr);
    // the ranking's score is the coin's score
    const sol = list.find((entry) => entry.coin.coinAbbr === "SOL");
    expect(sol?.score).toEqual((await scoreOf("SOL")).score);

    // a category holds the coins getCoinList lists in it
    const memeCoins = coinListDataSchema.parse(
      (await call(srv.url, "/getCoinList?category=meme&pageSize=100")).json?.data,
    );
    const memes = await ranking("category=meme&pageSize=100");
    expect(memes.total).toBe(memeCoins.total);
    expect(memes.list.map((entry) => entry.coin.coinAbbr).sort()).toEqual(
      memeCoins.list.map((coin) => coin.coinAbbr).sort(),
    );
    expect(memes.list.map((entry) => entry.coin.coinAbbr)).toEqual(
      list
        .filter((entry) => memeCoins.list.some((c) => c.coinAbbr === entry.coin.coinAbbr))
        .map((e) => e.coin.coinAbbr),
    );
    const page2 = await ranking("category=meme&pageSize=4&page=2");
    expect(page2).toMatchObject({ page: 2, pageSize: 4, total: memeCoins.total });
    expect(page2.list.map((entry) => entry.coin.coinAbbr)).toEqual(
      memes.list.slice(4, 8).map((entry) => entry.coin.coinAbbr),
    );
    // the default: every coin, 50 a page
    const first = await ranking("");
    expect(first).toMatchObject({ page: 1, pageSize: 50, total: 119 });
    expect(first.list).toEqual(all.list.slice(0, 50));
  });

  it("answers 1001 for a coin outside the market and for bad queries", async () => {
    const unknown = await call(srv.url, "/dashboard/token/score?coinAbbr=NOTACOIN");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 1001, data: { field: "coinAbbr", key: "invalidValue" } });
    const missing = await call(srv.url, "/dashboard/token/score");
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: 1001, data: { field: "coinAbbr", key: "required" } });
    const category = await call(srv.url, "/ai_ranking?category=nonsense");
    expect(category.status).toBe(400);
    expect(category.json).toMatchObject({ code: 1001, data: { field: "category", key: "invalidValue" } });
    const pageSize = await call(srv.url, "/ai_ranking?pageSize=101");
    expect(pageSize.status).toBe(400);
    expect(pageSize.json).toMatchObject({ code: 1001, data: { field: "pageSize" } });
  });
});
