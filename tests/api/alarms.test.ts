import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALARM_ARMED_MAX,
  ALARM_PERCENT_MIN,
  ALARM_PRICE_FACTOR_MAX,
  priceAlarmSchema,
} from "../../src/contract/alarms.ts";
import { tokenInfoDataSchema } from "../../src/contract/market.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import {
  type Account,
  alarmCall,
  alarmList,
  cleanupsAfter,
  ethCrossing,
  HOUR,
  openStream,
  POLL,
  pushTicket,
  signedInAccount,
  tick,
} from "./alarms-replay.ts";
import { call, createTestDatabase, startTestServer, type TestServer } from "./harness.ts";

// Price alarms over HTTP against the replay (issue 17): the replay starts where the shipped ETH candles cross a price
// upward, fall back below it and rise past it again; the wall clock moves only when the test moves it, and each
// tick is a market refresh the test asks for.

const crossing = ethCrossing();
const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
// the streams the tests open, then the server and its database
const cleanups = cleanupsAfter(afterAll);
let srv: TestServer;

beforeAll(async () => {
  const db = await createTestDatabase();
  cleanups.push(db.drop);
  srv = await startTestServer({ ...db.env, ...crossing.env }, { clock });
  cleanups.push(srv.stop);
});

const add = (account: Account | undefined, body: unknown) => alarmCall(srv, "/priceAlarm/add", account, body);

/** the 1001 refusal of a call: its message key and field */
const refusal = (res: Awaited<ReturnType<typeof add>>) => ({
  status: res.status,
  code: res.json?.code,
  key: res.json?.data.key,
  field: res.json?.data.field,
});

describe("price alarms", () => {
  it("sets alarms against the price now and refuses each bad one with its key and field", async () => {
    const price = crossing.priceAfter(0);
    const info = tokenInfoDataSchema.parse((await call(srv.url, "/dashboard/token/info?coinAbbr=ETH")).json?.data);
    expect(info.price).toBe(price);
    const me = await signedInAccount(srv, clock);

    // a visitor is asked to sign in
    for (const res of [
      await alarmCall(srv, "/priceAlarm/list", undefined),
      await add(undefined, { coinAbbr: "ETH", price: price * 1.1 }),
      await alarmCall(srv, "/priceAlarm/delete", undefined, { id: 1 }),
      await alarmCall(srv, "/priceAlarm/rearm", undefined, { id: 1 }),
      await alarmCall(srv, "/priceAlarm/seen", undefined, {}),
      await alarmCall(srv, "/push/ticket", undefined, {}),
    ]) {
      expect(res.status).toBe(401);
      expect(res.json?.code).toBe(4001);
    }

    const bad: [unknown, { status: number; key: string; field: string }][] = [
      [
        { coinAbbr: "NOSUCHCOIN", price: 1 },
        { status: 404, key: "alarmUnknownCoin", field: "coinAbbr" },
      ],
      [
        { coinAbbr: "ETH", price: 0 },
        { status: 400, key: "alarmPriceAbsurd", field: "price" },
      ],
      [
        { coinAbbr: "ETH", price: -price },
        { status: 400, key: "alarmPriceAbsurd", field: "price" },
      ],
      [
        { coinAbbr: "ETH", price: price * (ALARM_PRICE_FACTOR_MAX + 1) },
        { status: 400, key: "alarmPriceAbsurd", field: "price" },
      ],
      [
        { coinAbbr: "ETH", price: price / (ALARM_PRICE_FACTOR_MAX + 1) },
        { status: 400, key: "alarmPriceAbsurd", field: "price" },
      ],
      [
        { coinAbbr: "ETH", price: "lots" },
        { status: 400, key: "invalidValue", field: "price" },
      ],
      [{ coinAbbr: "ETH" }, { status: 400, key: "required", field: "price" }],
      [
        { coinAbbr: "ETH", kind: "percent", percent: 0 },
        { status: 400, key: "alarmPercentOutOfRange", field: "percent" },
      ],
      [
        { coinAbbr: "ETH", kind: "percent", percent: ALARM_PERCENT_MIN / 2 },
        { status: 400, key: "alarmPercentOutOfRange", field: "percent" },
      ],
      [
        { coinAbbr: "ETH", kind: "percent", percent: -99.5 },
        { status: 400, key: "alarmPercentOutOfRange", field: "percent" },
      ],
      [
        { coinAbbr: "ETH", kind: "percent", percent: 10_001 },
        { status: 400, key: "alarmPercentOutOfRange", field: "percent" },
      ],
      // the price is already past the target on the side asked for; a target at the price is crossed too
      [
        { coinAbbr: "ETH", price: price * 0.9, direction: "above" },
        { status: 400, key: "alarmAlreadyCrossed", field: "direction" },
      ],
      [
        { coinAbbr: "ETH", price: price * 1.1, direction: "below" },
        { status: 400, key: "alarmAlreadyCrossed", field: "direction" },
      ],
      [
        { coinAbbr: "ETH", price },
        { status: 400, key: "alarmAlreadyCrossed", field: "price" },
      ],
      // a fall asked to go above says two things at once: a bad direction, not a crossed target
      [
        { coinAbbr: "ETH", kind: "percent", percent: -5, direction: "above" },
        { status: 400, key: "invalidValue", field: "direction" },
      ],
      [
        { coinAbbr: "ETH", kind: "percent", percent: 5, direction: "below" },
        { status: 400, key: "invalidValue", field: "direction" },
      ],
    ];
    for (const [body, expected] of bad) {
      expect(refusal(await add(me, body)), JSON.stringify(body)).toEqual({ ...expected, code: 1001 });
    }
    expect((await alarmList(srv, me)).list).toEqual([]);

    // the direction is the side the target lies on; a percent move sets the target from the price now
    const above = priceAlarmSchema.parse((await add(me, { coinAbbr: "eth", price: String(price * 1.1) })).json?.data);
    expect(above).toMatchObject({
      coinPair: "ETH/USDT",
      coinAbbr: "ETH",
      coinId: "eth",
      kind: "price",
      direction: "above",
      percent: null,
      basePrice: price,
      unused: true,
      time: clock.now().getTime(),
      firedAt: null,
      firedPrice: null,
      seen: false,
      source: "Binance (replay)",
    });
    expect(above.price).toBeCloseTo(price * 1.1, 8);
    expect(above.icon).toBe(info.coin.coinImageUrl);
    clock.advance(1_000);
    const fall = priceAlarmSchema.parse((await add(me, { coinAbbr: "ETH", kind: "percent", percent: -5 })).json?.data);
    expect(fall).toMatchObject({ kind: "percent", direction: "below", percent: -5, basePrice: price });
    expect(fall.price).toBeCloseTo(price * 0.95, 8);
    const list = await alarmList(srv, me);
    expect(list).toMatchObject({ armed: 2, armedMax: ALARM_ARMED_MAX, unseen: 0 });
    expect(list.list.map((alarm) => alarm.id)).toEqual([fall.id, above.id]);

    // another account cannot see, delete or re-arm them
    const other = await signedInAccount(srv, clock);
    expect((await alarmList(srv, other)).list).toEqual([]);
    for (const path of ["/priceAlarm/delete", "/priceAlarm/rearm"]) {
      expect(refusal(await alarmCall(srv, path, other, { id: above.id }))).toEqual({
        status: 404,
        code: 1001,
        key: "alarmNotFound",
        field: "id",
      });
    }
    expect(await alarmCall(srv, "/priceAlarm/seen", other, { ids: [above.id] })).toMatchObject({
      status: 200,
      json: { data: { unseen: 0 } },
    });

    // re-arming an armed alarm changes nothing
    const again = await alarmCall(srv, "/priceAlarm/rearm", me, { id: above.id });
    expect(again.json?.data).toEqual(above);

    // delete: once
    expect((await alarmCall(srv, "/priceAlarm/delete", me, { id: fall.id })).json?.data).toEqual({ id: fall.id });
    expect(refusal(await alarmCall(srv, "/priceAlarm/delete", me, { id: fall.id }))).toMatchObject({
      status: 404,
      key: "alarmNotFound",
    });
    expect((await alarmList(srv, me)).armed).toBe(1);
    await alarmCall(srv, "/priceAlarm/delete", me, { id: above.id });
  });

  it(`holds at most ${ALARM_ARMED_MAX} armed alarms an account, also when adds come at once`, async () => {
    const price = crossing.priceAfter(0);
    const me = await signedInAccount(srv, clock);
    for (let n = 1; n < ALARM_ARMED_MAX; n += 1) {
      expect((await add(me, { coinAbbr: "ETH", price: price * (1 + n / 100) })).status).toBe(200);
    }
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, n) => add(me, { coinAbbr: "ETH", price: price * (0.5 + n / 100) })),
    );
    expect(racing.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of racing.filter((r) => r.status !== 200)) {
      expect(refusal(res)).toMatchObject({ status: 400, code: 1001, key: "alarmLimitReached" });
    }
    expect((await alarmList(srv, me)).armed).toBe(ALARM_ARMED_MAX);
    // another account has its own allowance
    const other = await signedInAccount(srv, clock);
    expect((await add(other, { coinAbbr: "ETH", price: price * 2 })).status).toBe(200);
  });

  it("fires once on the tick that crosses, to the owner's streams only; re-armed, it fires again", async () => {
    const { target } = crossing;
    const me = await signedInAccount(srv, clock);
    const other = await signedInAccount(srv, clock);
    const up = priceAlarmSchema.parse((await add(me, { coinAbbr: "ETH", price: target })).json?.data);
    expect(up.direction).toBe("above");
    const percent = priceAlarmSchema.parse(
      (await add(me, { coinAbbr: "ETH", kind: "percent", percent: ALARM_PERCENT_MIN })).json?.data,
    );
    // the other account watches ETH far away: nothing of theirs fires
    await add(other, { coinAbbr: "ETH", price: target * 2 });

    const mine = await openStream(srv, cleanups, await pushTicket(srv, me));
    const theirs = await openStream(srv, cleanups, await pushTicket(srv, other));
    const visitor = await openStream(srv, cleanups);
    const ticket = await pushTicket(srv, me);
    const forged = await openStream(srv, cleanups, ticket.replace(`v1.${me.userId}.`, `v1.${other.userId}.`));
    clock.advance(61_000);
    const expired = await openStream(srv, cleanups, ticket);

    // an hour of market time later the price is past the target: both alarms fire on that tick
    clock.advance(HOUR - 61_000);
    await tick(srv);
    const marketAt = (await call(srv.url, "/market/status")).json?.data.at;
    const fired = await alarmList(srv, me);
    expect(fired).toMatchObject({ armed: 0, unseen: 2 });
    for (const alarm of fired.list) {
      expect(alarm).toMatchObject({
        unused: false,
        firedAt: Date.parse(String(marketAt)),
        firedPrice: crossing.priceAfter(1),
      });
    }
    await expect.poll(() => mine.alarms().length, POLL).toBe(2);
    expect(
      mine
        .alarms()
        .map((event) => event.alarm.id)
        .sort(),
    ).toEqual([up.id, percent.id].sort());
    expect(mine.alarms()[0]?.market).toEqual({ mode: "replay", provider: "Binance (replay)", at: marketAt });

    // later ticks do not fire them again
    await tick(srv);
    const ticksSoFar = mine.tickCount();
    await tick(srv);
    for (const stream of [mine, theirs, visitor, forged, expired]) await stream.ticks(ticksSoFar + 1);
    expect(mine.alarms()).toHaveLength(2);
    for (const stream of [theirs, visitor, forged, expired]) expect(stream.alarms()).toEqual([]);
    expect((await alarmList(srv, me)).list.map((alarm) => alarm.firedAt)).toEqual(fired.list.map((a) => a.firedAt));

    // re-arm: the price alarm is refused while the price is past its target; the percent one re-bases on the price
    const priceNow = crossing.priceAfter(1);
    expect(refusal(await alarmCall(srv, "/priceAlarm/rearm", me, { id: up.id }))).toMatchObject({
      status: 400,
      key: "alarmAlreadyCrossed",
    });
    const rebased = priceAlarmSchema.parse(
      (await alarmCall(srv, "/priceAlarm/rearm", me, { id: percent.id })).json?.data,
    );
    expect(rebased).toMatchObject({ unused: true, firedAt: null, basePrice: priceNow, time: clock.now().getTime() });
    expect(rebased.price).toBeCloseTo(priceNow * (1 + ALARM_PERCENT_MIN / 100), 8);
    await alarmCall(srv, "/priceAlarm/delete", me, { id: percent.id });

    // once the price is back below the target the price alarm arms again, and fires when it rises past once more
    clock.advance((crossing.fall - 1) * HOUR);
    await tick(srv);
    const rearmed = await alarmCall(srv, "/priceAlarm/rearm", me, { id: up.id });
    expect(rearmed.json?.data).toMatchObject({ unused: true, basePrice: crossing.priceAfter(crossing.fall) });
    expect(await alarmList(srv, me)).toMatchObject({ armed: 1, unseen: 0 });
    clock.advance((crossing.riseAgain - crossing.fall) * HOUR);
    await tick(srv);
    await expect.poll(() => mine.alarms().length, POLL).toBe(3);
    expect(mine.alarms()[2]?.alarm).toMatchObject({ id: up.id, firedPrice: crossing.priceAfter(crossing.riseAgain) });
    expect(await alarmList(srv, me)).toMatchObject({ armed: 0, unseen: 1 });

    // seen: the fired alarm stays listed, seen
    expect((await alarmCall(srv, "/priceAlarm/seen", me, { ids: [up.id] })).json?.data).toEqual({ unseen: 0 });
    expect((await alarmList(srv, me)).list[0]).toMatchObject({ id: up.id, seen: true, unused: false });
    expect(theirs.alarms()).toEqual([]);
  });
});
