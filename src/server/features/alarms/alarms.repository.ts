import { and, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ALARM_ARMED_MAX,
  ALARM_STORED_MAX,
  type AlarmDirection,
  type AlarmKind,
  alarmDirections,
  alarmKinds,
} from "../../../contract/alarms.ts";
import type { Database } from "../../db/client.ts";
import { priceAlarms } from "../../db/schema.ts";

/**
 * The price_alarms table. An alarm is armed while fired_at is null. Adding and re-arming run under the account's
 * advisory lock, so two requests at once cannot both take the last armed place; firing is one UPDATE of every
 * crossed armed alarm, so an alarm fires once whichever node (or how many) runs it.
 */

export interface AlarmRow {
  id: number;
  userId: number;
  coinAbbr: string;
  kind: AlarmKind;
  direction: AlarmDirection;
  targetPrice: number;
  percent: number | null;
  basePrice: number;
  createdAt: Date;
  firedAt: Date | null;
  firedPrice: number | null;
  /** the market feed whose tick fired it (null while armed, and for alarms fired before it was stored) */
  firedSource: string | null;
  seenAt: Date | null;
}

export interface NewAlarm {
  coinAbbr: string;
  kind: AlarmKind;
  direction: AlarmDirection;
  targetPrice: number;
  percent: number | null;
  basePrice: number;
}

/** One coin's price on a tick. */
export interface TickPrice {
  coinAbbr: string;
  price: number;
}

/** The first key of the per-account alarm lock (the ledger uses 727_201, the USDT account 727_202). */
const ALARM_LOCK_NAMESPACE = 727_301;
const INT4_RANGE = 2 ** 31;

const kindOf = (value: string): AlarmKind => z.enum(alarmKinds).parse(value);
const directionOf = (value: string): AlarmDirection => z.enum(alarmDirections).parse(value);

/** A row of price_alarms as the feature reads it. */
export function alarmRowOf(row: typeof priceAlarms.$inferSelect): AlarmRow {
  return {
    id: row.id,
    userId: row.userId,
    coinAbbr: row.coinAbbr,
    kind: kindOf(row.kind),
    direction: directionOf(row.direction),
    targetPrice: row.targetPrice,
    percent: row.percent,
    basePrice: row.basePrice,
    createdAt: row.createdAt,
    firedAt: row.firedAt,
    firedPrice: row.firedPrice,
    firedSource: row.firedSource,
    seenAt: row.seenAt,
  };
}

/** A row as the firing statement returns it: numbers and instants as text and epoch ms, the same on both drivers. */
const firedRowSchema = z.object({
  id: z.coerce.number(),
  user_id: z.coerce.number(),
  coin_abbr: z.string(),
  kind: z.enum(alarmKinds),
  direction: z.enum(alarmDirections),
  target_price: z.coerce.number(),
  percent: z.coerce.number().nullable(),
  base_price: z.coerce.number(),
  created_ms: z.coerce.number(),
  fired_ms: z.coerce.number(),
  fired_price: z.coerce.number(),
  fired_source: z.string(),
  seen_ms: z.coerce.number().nullable(),
});

function readFired(raw: unknown): AlarmRow {
  const row = firedRowSchema.parse(raw);
  return {
    id: row.id,
    userId: row.user_id,
    coinAbbr: row.coin_abbr,
    kind: row.kind,
    direction: row.direction,
    targetPrice: row.target_price,
    percent: row.percent,
    basePrice: row.base_price,
    createdAt: new Date(row.created_ms),
    firedAt: new Date(row.fired_ms),
    firedPrice: row.fired_price,
    firedSource: row.fired_source,
    seenAt: row.seen_ms === null ? null : new Date(row.seen_ms),
  };
}

/** A coin symbol as the market writes it: safe inside an array literal. */
const SYMBOL = /^[A-Z0-9]{1,20}$/;

export type ArmResult = { ok: true; row: AlarmRow } | { ok: false; reason: "limit" };

export function createAlarmsRepository(db: Database) {
  const lock = (tx: Database, userId: number) =>
    tx.execute(sql`select pg_advisory_xact_lock(${ALARM_LOCK_NAMESPACE}::int4, ${userId % INT4_RANGE}::int4)`);

  const armedCount = async (tx: Database, userId: number) => {
    const [row] = await tx
      .select({ n: count() })
      .from(priceAlarms)
      .where(and(eq(priceAlarms.userId, userId), isNull(priceAlarms.firedAt)));
    return row?.n ?? 0;
  };

  /** Beyond ALARM_STORED_MAX rows, the account's oldest fired alarms go. */
  const prune = async (tx: Database, userId: number) => {
    const [row] = await tx.select({ n: count() }).from(priceAlarms).where(eq(priceAlarms.userId, userId));
    const over = (row?.n ?? 0) - ALARM_STORED_MAX;
    if (over <= 0) return;
    await tx.execute(sql`delete from ${priceAlarms} where ${priceAlarms.id} in (
      select ${priceAlarms.id} from ${priceAlarms}
      where ${and(eq(priceAlarms.userId, userId), isNotNull(priceAlarms.firedAt))}
      order by ${priceAlarms.firedAt} asc, ${priceAlarms.id} asc limit ${over})`);
  };

  return {
    /** the account's alarms: armed first (newest first), then fired (latest fired first) */
    async list(userId: number): Promise<AlarmRow[]> {
      const rows = await db
        .select()
        .from(priceAlarms)
        .where(eq(priceAlarms.userId, userId))
        .orderBy(
          sql`${priceAlarms.firedAt} is not null`,
          sql`${priceAlarms.firedAt} desc`,
          sql`${priceAlarms.createdAt} desc`,
          sql`${priceAlarms.id} desc`,
        );
      return rows.map(alarmRowOf);
    },

    /** stores an armed alarm unless the account holds ALARM_ARMED_MAX armed ones already */
    async add(userId: number, alarm: NewAlarm, now: Date): Promise<ArmResult> {
      return db.transaction(async (tx) => {
        await lock(tx, userId);
        if ((await armedCount(tx, userId)) >= ALARM_ARMED_MAX) return { ok: false, reason: "limit" } as const;
        const [row] = await tx
          .insert(priceAlarms)
          .values({ userId, ...alarm, createdAt: now })
          .returning();
        if (!row) throw new Error("alarm not stored");
        await prune(tx, userId);
        return { ok: true, row: alarmRowOf(row) } as const;
      });
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(priceAlarms)
        .where(and(eq(priceAlarms.id, id), eq(priceAlarms.userId, userId)))
        .returning({ id: priceAlarms.id });
      return rows.length > 0;
    },

    /**
     * Arms a fired alarm again with what `target` works out from it (which may refuse by throwing); an armed alarm
     * is returned as it is. Undefined: no such alarm of this account.
     */
    async rearm(
      userId: number,
      id: number,
      now: Date,
      target: (row: AlarmRow) => { targetPrice: number; basePrice: number },
    ): Promise<ArmResult | undefined> {
      return db.transaction(async (tx) => {
        await lock(tx, userId);
        const [found] = await tx
          .select()
          .from(priceAlarms)
          .where(and(eq(priceAlarms.id, id), eq(priceAlarms.userId, userId)))
          .limit(1);
        if (!found) return undefined;
        const current = alarmRowOf(found);
        if (current.firedAt === null) return { ok: true, row: current } as const;
        if ((await armedCount(tx, userId)) >= ALARM_ARMED_MAX) return { ok: false, reason: "limit" } as const;
        const [row] = await tx
          .update(priceAlarms)
          .set({
            ...target(current),
            createdAt: now,
            firedAt: null,
            firedPrice: null,
            firedSource: null,
            seenAt: null,
            botSentAt: null,
          })
          .where(and(eq(priceAlarms.id, id), eq(priceAlarms.userId, userId)))
          .returning();
        if (!row) throw new Error("alarm not re-armed");
        return { ok: true, row: alarmRowOf(row) } as const;
      });
    },

    /** marks fired alarms seen (these ids, or all); answers how many fired ones stay unseen */
    async seen(userId: number, ids: readonly number[] | undefined, now: Date): Promise<number> {
      const owned = and(eq(priceAlarms.userId, userId), isNotNull(priceAlarms.firedAt), isNull(priceAlarms.seenAt));
      if (ids === undefined || ids.length > 0) {
        await db
          .update(priceAlarms)
          .set({ seenAt: now })
          .where(ids === undefined ? owned : and(owned, inArray(priceAlarms.id, [...ids])));
      }
      const [row] = await db.select({ n: count() }).from(priceAlarms).where(owned);
      return row?.n ?? 0;
    },

    /**
     * Fires every armed alarm the tick's prices reached, in one statement: fired_at is the tick's market time,
     * fired_price the coin's price and fired_source the market feed the tick came from. Per coin and side, a
     * lateral subquery reads the side's partial index by coin and target (the bounds `> 0` and `< Infinity` hold
     * for every stored target; they let the planner see a range of the index, not a third of it, so it keeps to the
     * index instead of scanning the table). An alarm another run fired meanwhile is no longer armed when its row is
     * locked and is left alone.
     */
    async fire(prices: readonly TickPrice[], firedAt: Date, source: string): Promise<AlarmRow[]> {
      const valid = prices.filter((p) => SYMBOL.test(p.coinAbbr) && Number.isFinite(p.price) && p.price > 0);
      if (valid.length === 0) return [];
      const coins = `{${valid.map((p) => p.coinAbbr).join(",")}}`;
      const values = `{${valid.map((p) => String(p.price)).join(",")}}`;
      const result = await db.execute(sql`with tick(coin, price) as (
          select * from unnest(${coins}::text[], ${values}::float8[])
        ),
        crossed as (
          select hit.id, tick.price from tick cross join lateral (
            select id from price_alarms
            where fired_at is null and direction = 'above' and coin_abbr = tick.coin
              and target_price <= tick.price and target_price > 0
            offset 0
          ) hit
          union all
          select hit.id, tick.price from tick cross join lateral (
            select id from price_alarms
            where fired_at is null and direction = 'below' and coin_abbr = tick.coin
              and target_price >= tick.price and target_price < 'Infinity'::float8
            offset 0
          ) hit
        )
        update price_alarms a set fired_at = ${firedAt.toISOString()}::timestamptz, fired_price = crossed.price,
          fired_source = ${source}
        from crossed
        where a.id = crossed.id and a.fired_at is null
          and case a.direction when 'above' then a.target_price <= crossed.price else a.target_price >= crossed.price end
        returning a.id::text as id, a.user_id::text as user_id, a.coin_abbr, a.kind, a.direction, a.target_price,
          a.percent, a.base_price, (extract(epoch from a.created_at) * 1000)::float8 as created_ms,
          (extract(epoch from a.fired_at) * 1000)::float8 as fired_ms, a.fired_price, a.fired_source,
          (extract(epoch from a.seen_at) * 1000)::float8 as seen_ms`);
      return (result as unknown as { rows: unknown[] }).rows.map(readFired);
    },
  };
}

export type AlarmsRepository = ReturnType<typeof createAlarmsRepository>;
