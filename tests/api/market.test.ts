import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  categoryListDataSchema,
  coinListDataSchema,
  dashboardCategories,
  GAINER_CATEGORY_SIZE,
  HOT_CATEGORY_SIZE,
  klineDataSchema,
  sentimentDataSchema,
  tokenInfoDataSchema,
} from "../../src/contract/market.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** market time of the whole file: the replay starts here and the wall clock stands still */
const AT = Date.parse("2026-03-10T12:30:00.000Z");
/** the last completed hour and day at AT: the prices of coins with hourly data, and of the others */
const LAST_HOUR = Date.parse("2026-03-10T11:00:00Z");
const LAST_DAY = Date.parse("2026-03-09T00:00:00Z");

interface Row {
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  qv: number | null;
}

/**
 * The shipped candle file (data/market, byte-exact copies of the source rows), by open time: what every figure
 * must equal. The test reads the project's own files, which every checkout has.
 */
function candles(kind: "hourly" | "daily", pair: string): Map<number, Row> {
  const rows = readFileSync(new URL(`../../data/market/${kind}/${pair}.csv`, import.meta.url), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",").map((field) => (field === "" ? null : Number(field))));
  return new Map(
    rows.map(([t, o, h, l, c, v, qv]) => [
      t as number,
      { o: o as number, h: h as number, l: l as number, c: c as number, v: v as number, qv: qv ?? null },
    ]),
  );
}
const round2 = (value: number) => Math.round(value * 100) / 100 || 0;

interface UniverseCoin {
  symbol: string;
  name: string;
  rank: number | null;
  pair: string;
  circulatingSupply: number | null;
  categories: string[];
}
/** the shipped universe, in display order */
const UNIVERSE = (
  JSON.parse(readFileSync(new URL("../../data/market/coins.json", import.meta.url), "utf8")) as {
    coins: UniverseCoin[];
  }
).coins;
const HOURLY = new Set(["BTC", "ETH", "BNB"]);
/** daily-only coins checked figure by figure: large and small, ranked and unranked, listed late (WAL, ASTER, PUMP) */
const SPOT_CHECKED = ["XRP", "SOL", "DOGE", "USDC", "WAL", "ASTER", "PUMP", "VIRTUAL", "AIXBT", "PEOPLE"];

/** The price and 24h change the data gives a coin at AT, read from the shipped files. */
function expected(coin: UniverseCoin) {
  if (HOURLY.has(coin.symbol)) {
    const hours = candles("hourly", coin.pair);
    const price = hours.get(LAST_HOUR)?.c ?? Number.NaN;
    const before = hours.get(LAST_HOUR - DAY)?.c ?? Number.NaN;
    return { price, change24h: (price / before - 1) * 100 };
  }
  const days = candles("daily", coin.pair);
  const price = days.get(LAST_DAY)?.c ?? Number.NaN;
  const before = days.get(LAST_DAY - DAY)?.c ?? Number.NaN;
  return { price, change24h: (price / before - 1) * 100 };
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

const coinList = async (query: string) =>
  coinListDataSchema.parse((await call(srv.url, `/getCoinList?${query}`)).json?.data);

describe("market data from the replay", () => {
  it("serves every coin of the universe: token info and candles answer with its price", async () => {
    expect(UNIVERSE).toHaveLength(120);
    for (const coin of UNIVERSE) {
      const info = await call(srv.url, `/dashboard/token/info?coinAbbr=${coin.symbol}`);
      expect(info.status, coin.symbol).toBe(200);
      const data = tokenInfoDataSchema.parse(info.json?.data);
      expect(data.price, coin.symbol).toBe(expected(coin).price);
      expect(data.coin.coinName).toBe(coin.name);
      expect(data.intervals).toEqual(HOURLY.has(coin.symbol) ? ["1h", "4h", "1d"] : ["1d"]);
      // the chart opens on the coin's finest interval, hourly where the data has it
      const kline = await call(srv.url, `/getDashboardKline?coinAbbr=${coin.symbol}&limit=2`);
      expect(kline.status, coin.symbol).toBe(200);
      const candlesOf = klineDataSchema.parse(kline.json?.data);
      expect(candlesOf.interval).toBe(HOURLY.has(coin.symbol) ? "1h" : "1d");
      expect(candlesOf.list.at(-1)?.close, coin.symbol).toBe(expected(coin).price);
    }
  });

  it("spot-checks ten daily-only coins against the shipped daily candles", async () => {
    const listed = await coinList("pageSize=100&page=1");
    const rest = await coinList("pageSize=100&page=2");
    const all = [...listed.list, ...rest.list];
    for (const symbol of SPOT_CHECKED) {
      const coin = UNIVERSE.find((c) => c.symbol === symbol);
      if (!coin) throw new Error(`${symbol} is not in the universe`);
      const days = candles("daily", coin.pair);
      const last = days.get(LAST_DAY);
      const weekBefore = days.get(LAST_DAY - 7 * DAY);
      const item = all.find((c) => c.coinAbbr === symbol);
      expect(item?.lastPrice, symbol).toBe(last?.c);
      expect(item?.change, symbol).toBe(round2(expected(coin).change24h));
      expect(item?.change7d, symbol).toBe(weekBefore ? round2(((last?.c ?? 0) / weekBefore.c - 1) * 100) : null);
      // daily data has no hour before: the 1h change is unknown, not zero
      expect(item?.change1h, symbol).toBeNull();
      expect(item?.volume24h, symbol).toBe(last?.qv);
      expect(item?.rank, symbol).toBe(coin.rank);
      // market cap only where the supply is known, never guessed
      expect(item?.marketCap, symbol).toBe(
        coin.circulatingSupply === null ? null : coin.circulatingSupply * (last?.c ?? 0),
      );
      const info = tokenInfoDataSchema.parse(
        (await call(srv.url, `/dashboard/token/info?coinAbbr=${symbol.toLowerCase()}`)).json?.data,
      );
      expect(info.price).toBe(last?.c);
      expect(info.marketCap).toBe(item?.marketCap);
      expect(info.hourlyCoins).toEqual(["BTC", "ETH", "BNB"]);
    }
  });

  it("lists the whole universe with the exact candle values at the market time", async () => {
    const first = await call(srv.url, "/getCoinList");
    expect(first.status).toBe(200);
    const data = coinListDataSchema.parse(first.json?.data);
    expect(data.source).toEqual({ mode: "replay", provider: "Binance (replay)", at: new Date(AT).toISOString() });
    expect(data.total).toBe(120);
    expect(data.reason).toBeNull();
    const btcHours = candles("hourly", "BTCUSDT");
    const last = btcHours.get(LAST_HOUR);
    let volume = 0;
    for (let t = LAST_HOUR - 23 * HOUR; t <= LAST_HOUR; t += HOUR) volume += btcHours.get(t)?.qv ?? Number.NaN;
    const btc = data.list.find((coin) => coin.coinAbbr === "BTC");
    expect(btc).toEqual({
      coinCode: "btc",
      coinAbbr: "BTC",
      coinName: "Bitcoin",
      coinImageUrl: "/v2/api/coin/image/BTC.svg",
      lastPrice: last?.c,
      change: round2(((last?.c ?? 0) / (btcHours.get(LAST_HOUR - DAY)?.c ?? 1) - 1) * 100),
      change1h: round2(((last?.c ?? 0) / (btcHours.get(LAST_HOUR - HOUR)?.c ?? 1) - 1) * 100),
      change7d: round2(((last?.c ?? 0) / (btcHours.get(LAST_HOUR - 7 * DAY)?.c ?? 1) - 1) * 100),
      volume24h: expect.closeTo(volume, 4),
      marketCap: 20_000_000 * (last?.c ?? 0),
      rank: 1,
    });
    // pages of the universe, in its display order (ranked coins by rank, then the others)
    const pages = [await coinList("page=1&pageSize=50"), await coinList("page=2&pageSize=50")];
    pages.push(await coinList("page=3&pageSize=50"));
    expect(pages.map((page) => page.list.length)).toEqual([50, 50, 20]);
    expect(pages.flatMap((page) => page.list.map((coin) => coin.coinAbbr))).toEqual(UNIVERSE.map((c) => c.symbol));
    const full = await coinList("pageSize=100");
    expect(full.list).toHaveLength(100);
    // a keyword narrows by symbol or name
    const cash = (await coinList("keyword=cash")).list.map((coin) => coin.coinAbbr);
    expect(cash).toEqual(
      UNIVERSE.filter((c) => `${c.symbol} ${c.name}`.toLowerCase().includes("cash")).map((c) => c.symbol),
    );
    expect(cash).toContain("BCH");
  });

  it("answers tokenInfo with the candle figures, market cap from supply and a factual narrative", async () => {
    const res = await call(srv.url, "/dashboard/token/info?coinAbbr=eth");
    const info = tokenInfoDataSchema.parse(res.json?.data);
    const hours = candles("hourly", "ETHUSDT");
    const at = (t: number) => hours.get(t)?.c ?? Number.NaN;
    const price = at(LAST_HOUR);
    expect(info.price).toBe(price);
    expect(info.change1h).toBe(round2((price / at(LAST_HOUR - HOUR) - 1) * 100));
    expect(info.change24h).toBe(round2((price / at(LAST_HOUR - DAY) - 1) * 100));
    expect(info.change7d).toBe(round2((price / at(LAST_HOUR - 7 * DAY) - 1) * 100));
    let volume = 0;
    for (let t = LAST_HOUR - 23 * HOUR; t <= LAST_HOUR; t += HOUR) volume += hours.get(t)?.qv ?? Number.NaN;
    expect(info.volume24h).toBeCloseTo(volume, 4);
    expect(info.marketCap).toBeCloseTo(121_000_000 * price, 0);
    expect(info.rank).toBe(2);
    expect(info.statsAsOf).toBe("2025-11-17T02:28:50.587Z");
    expect(info.narrative).toBe("Ethereum (ETH), rank 2 by market cap as of 2025-11-17; sector: layer1");
    // the AI score of the snapshot (its parts: dashboard/token/score)
    expect(info.aiScore).toBeGreaterThanOrEqual(0);
    expect(info.aiScore).toBeLessThanOrEqual(100);
    // an unranked coin: no rank, no supply, so no market cap, and the narrative says so
    const wal = tokenInfoDataSchema.parse((await call(srv.url, "/dashboard/token/info?coinAbbr=WAL")).json?.data);
    expect(wal).toMatchObject({ rank: null, marketCap: null, intervals: ["1d"] });
    expect(wal.narrative).toMatch(/^Walrus \(WAL\), without a market-cap rank in the data/);
  });

  it("serves candles up to the market time, in the coin's own intervals, and honours from/to/limit", async () => {
    const kline = async (query: string) =>
      klineDataSchema.parse((await call(srv.url, `/getKlineInfo?${query}`)).json?.data);
    const hourly = await kline("coinAbbr=BTC&interval=1h&limit=3");
    expect(hourly.intervals).toEqual(["1h", "4h", "1d"]);
    expect(hourly.list.map((c) => c.time)).toEqual([AT - 3.5 * HOUR, AT - 2.5 * HOUR, AT - 1.5 * HOUR]);
    const row = candles("hourly", "BTCUSDT").get(AT - 1.5 * HOUR);
    expect(hourly.list[2]).toEqual({
      time: AT - 1.5 * HOUR,
      open: row?.o,
      high: row?.h,
      low: row?.l,
      close: row?.c,
      volume: row?.v,
    });
    const fourHour = await kline("coinAbbr=BTC&interval=4h&limit=5");
    expect(fourHour.list.at(-1)?.time).toBe(Date.parse("2026-03-10T08:00:00Z"));
    for (const candle of fourHour.list) expect(candle.time % (4 * HOUR)).toBe(0);
    const daily = await kline("coinAbbr=BTC&interval=1d&limit=2");
    expect(daily.list.at(-1)?.time).toBe(LAST_DAY);
    // `to` is inclusive on open times; `from` with a limit takes the first candles after it
    const to = await kline(`coinAbbr=BTC&interval=1h&to=${AT - 2.5 * HOUR}&limit=2`);
    expect(to.list.map((c) => c.time)).toEqual([AT - 3.5 * HOUR, AT - 2.5 * HOUR]);
    const from = await kline(`coinAbbr=BTC&interval=1h&from=${AT - 10.5 * HOUR}&limit=2`);
    expect(from.list.map((c) => c.time)).toEqual([AT - 10.5 * HOUR, AT - 9.5 * HOUR]);
    const future = await kline(`coinAbbr=BTC&interval=1d&from=${AT}`);
    expect(future.list).toEqual([]);
    const dashboard = await call(srv.url, "/getDashboardKline?coinAbbr=BTC&interval=1d&limit=2");
    expect(dashboard.json?.data).toEqual(daily);
    // a late-listed coin's candles start on its first day; it has daily candles only
    const wal = await kline("coinAbbr=WAL&from=0&limit=1");
    expect(wal).toMatchObject({ interval: "1d", intervals: ["1d"] });
    expect(wal.list[0]?.time).toBe(Date.parse("2025-10-10T00:00:00Z"));
    expect(wal.list[0]?.close).toBe(candles("daily", "WALUSDT").get(Date.parse("2025-10-10T00:00:00Z"))?.c);
    // hourly candles of a coin whose data has none: the field is named, no empty chart is passed off as data
    const solHourly = await call(srv.url, "/getKlineInfo?coinAbbr=SOL&interval=1h");
    expect(solHourly.status).toBe(400);
    expect(solHourly.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "interval" } });
  });

  it('answers a coin that is not in the data with 1001 invalidValue on coinAbbr ("not in our data")', async () => {
    for (const path of [
      "/getKlineInfo?coinAbbr=SHIB",
      "/getDashboardKline?coinAbbr=PEPE",
      "/dashboard/token/info?coinAbbr=PEPE",
      "/dashboard/token/info?coinAbbr=NOPE",
    ]) {
      const res = await call(srv.url, path);
      expect(res.status, path).toBe(404);
      expect(res.json, path).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "coinAbbr" } });
      expect(res.json?.msg).toMatch(/is not in our market data$/);
    }
    const bad = await call(srv.url, "/getKlineInfo?coinAbbr=BTC&interval=5m");
    expect(bad.json).toMatchObject({ code: 1001, data: { field: "interval" } });
  });

  it("gives each category its members from the data, or the reason it has none", async () => {
    const categories = categoryListDataSchema.parse((await call(srv.url, "/getDashboardSupCategory")).json?.data);
    expect(categories.list.map((c) => c.category)).toEqual([...dashboardCategories]);
    for (const category of categories.list) {
      const list = await coinList(`category=${category.category}&pageSize=100`);
      expect(list.total, category.category).toBe(category.count);
      expect(list.rule).toBe(category.rule);
      expect(list.reason).toEqual(category.reason);
      // members, or the reason why not: never both, never neither
      expect(category.count > 0, category.category).toBe(category.reason === null);
    }
    const count = (id: string) => categories.list.find((c) => c.category === id);
    // the tags are the data's own
    for (const tag of ["meme", "ai_agent", "ai", "rwa", "depin", "gaming"]) {
      const members = (await coinList(`category=${tag}&pageSize=100`)).list.map((c) => c.coinAbbr);
      expect(members, tag).toEqual(UNIVERSE.filter((c) => c.categories.includes(tag)).map((c) => c.symbol));
    }
    expect(count("meme")?.count).toBe(11);
    expect(count("defai")).toEqual({
      category: "defai",
      count: 0,
      rule: "Coins the market's data tags DeFAI, by market-cap rank",
      reason: { code: "untagged", text: "No coin in the replay data is tagged DeFAI; live data may have some" },
    });
    // hot: the highest 24h USDT volumes, computed
    const total = await coinList("pageSize=100");
    const everyCoin = [...total.list, ...(await coinList("pageSize=100&page=2")).list];
    const hot = (await coinList("category=hot&pageSize=100")).list;
    expect(hot).toHaveLength(HOT_CATEGORY_SIZE);
    const volumes = hot.map((c) => c.volume24h ?? Number.NaN);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const outside = everyCoin.filter((c) => !hot.some((h) => h.coinAbbr === c.coinAbbr));
    for (const coin of outside) expect(coin.volume24h ?? 0).toBeLessThanOrEqual(volumes.at(-1) ?? 0);
    expect(count("hot")?.rule).toBe("The 20 coins with the highest 24h trading volume in USDT, highest first");
    // gainer: the highest 24h rises, risers only
    const risers = everyCoin.filter((c) => (c.change ?? 0) > 0);
    const gainers = (await coinList("category=gainer&pageSize=100")).list;
    expect(gainers).toHaveLength(Math.min(GAINER_CATEGORY_SIZE, risers.length));
    const changes = gainers.map((c) => c.change ?? Number.NaN);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    for (const change of changes) expect(change).toBeGreaterThan(0);
  });

  it("searches the names and symbols of the whole universe, and answers last prices of the coins asked", async () => {
    const search = async (keyword: string) =>
      ((await call(srv.url, `/symbolSearch?keyword=${keyword}`)).json?.data.list ?? []) as { coinAbbr: string }[];
    expect((await search("bit")).map((coin) => coin.coinAbbr)).toEqual(["BTC", "BCH", "TAO", "ARB"]);
    for (const coin of UNIVERSE) {
      expect(
        (await search(coin.symbol)).map((c) => c.coinAbbr),
        coin.symbol,
      ).toContain(coin.symbol);
    }
    expect((await search("walrus")).map((c) => c.coinAbbr)).toEqual(["WAL"]);
    const prices = await call(srv.url, "/getRealTimePrice?coinAbbr=btc,DOGE,SHIB,wal");
    const list = prices.json?.data.list as { coinAbbr: string; lastPrice: number }[];
    expect(list.map((p) => p.coinAbbr)).toEqual(["BTC", "DOGE", "WAL"]);
    expect(list[0]?.lastPrice).toBe(candles("hourly", "BTCUSDT").get(LAST_HOUR)?.c);
    expect(list[2]?.lastPrice).toBe(candles("daily", "WALUSDT").get(LAST_DAY)?.c);
  });

  it("counts rising, falling and unchanged coins over the universe, adding up", async () => {
    const data = sentimentDataSchema.parse((await call(srv.url, "/getCoinSentiment")).json?.data);
    const top = data.TOP100_Currency_Index;
    // every coin has a price 24 h back at this market time
    expect(top.universe).toBe(120);
    expect(top.counted).toBe(120);
    expect(top.data).toHaveLength(top.counted);
    expect(top.rising + top.falling + top.unchanged).toBe(top.counted);
    // the same counts from the shipped candles, by the change as shown (2 decimals)
    const changes = UNIVERSE.map((coin) => round2(expected(coin).change24h));
    expect(top.rising).toBe(changes.filter((c) => c > 0).length);
    expect(top.falling).toBe(changes.filter((c) => c < 0).length);
    expect(top.unchanged).toBe(changes.filter((c) => c === 0).length);
  });

  it("computes the fear-and-greed index for the last 30 days within its bands", async () => {
    const data = sentimentDataSchema.parse((await call(srv.url, "/getCoinSentiment")).json?.data);
    const days = data.Fear_and_Greed_Index.data;
    expect(days).toHaveLength(30);
    expect(days[0]?.timestamp).toBe(new Date(Date.parse("2026-03-10T00:00:00Z")).toISOString());
    expect(Date.parse(days[0]?.timestamp ?? "") - Date.parse(days[1]?.timestamp ?? "")).toBe(DAY);
    const band = (v: number) =>
      v <= 24 ? "Extreme Fear" : v <= 44 ? "Fear" : v <= 55 ? "Neutral" : v <= 75 ? "Greed" : "Extreme Greed";
    for (const day of days) {
      expect(day.value).toBeGreaterThanOrEqual(0);
      expect(day.value).toBeLessThanOrEqual(100);
      expect(day.value_classification).toBe(band(day.value));
    }
    expect(data.Fear_and_Greed_Index.method).toMatch(/momentum/);
    const status = await call(srv.url, "/market/status");
    expect(status.json?.data).toEqual({
      mode: "replay",
      label: "Replay market · 2026-03-10",
      date: "2026-03-10",
      at: new Date(AT).toISOString(),
    });
  });

  it("serves a generated coin image without a device header, cached for long", async () => {
    const res = await fetch(`${srv.url}/v2/api/coin/image/BTC.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d{6,}/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg[^>]*>.*BTC<\/text><\/svg>$/);
    expect(await (await fetch(`${srv.url}/v2/api/coin/image/BTC.svg`)).text()).toBe(svg);
    expect((await fetch(`${srv.url}/v2/api/coin/image/..%2Fx.svg`)).status).toBe(404);
  });

  it("stores the candle history in the database", async () => {
    const count = async () => {
      const result = await srv.server.database.db.execute(
        sql`select count(*)::int as n from candles where symbol = 'BTC' and interval = '1h' and open_time = ${AT - 1.5 * HOUR}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };
    await expect.poll(count, { timeout: 15_000 }).toBe(1);
  });
});
