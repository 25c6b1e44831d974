import { z } from "zod";
import { coinAbbrSchema, marketSourceSchema } from "./market.ts";
import { amountText } from "./number-format.ts";

/**
 * Price alarms (spec §3 price alarm entry, §2 price alarm popup and the header's news-and-alarm popover, §4 live push
 * channel). An alarm watches one coin against USDT for a target price, set directly or as a percent move from the
 * price when it was set. It fires once, on the first market tick that reaches the target, and stays fired (listed,
 * with the price that fired it) until the user re-arms or deletes it.
 */

/** armed alarms an account may hold at once (fired ones do not count) */
export const ALARM_ARMED_MAX = 20;
/** alarms an account keeps listed, armed and fired together; the oldest fired ones go first beyond it */
export const ALARM_STORED_MAX = 50;
/** a target more than this factor away from the current price is refused as absurd (both ways) */
export const ALARM_PRICE_FACTOR_MAX = 100;
/** a percent move: at least this much either way */
export const ALARM_PERCENT_MIN = 0.1;
/** and at most these: a fall below -99 % or a rise above +10000 % is refused */
export const ALARM_PERCENT_FALL_MAX = 99;
export const ALARM_PERCENT_RISE_MAX = 10_000;

/**
 * The limits as the refusals' texts name them (placeholders {factor}, {min}, {fall}, {rise}, {max}), written by the
 * one number formatter: "10,000", "0.1".
 */
export const alarmLimitTexts = {
  factor: amountText(ALARM_PRICE_FACTOR_MAX),
  min: amountText(ALARM_PERCENT_MIN),
  fall: amountText(ALARM_PERCENT_FALL_MAX),
  rise: amountText(ALARM_PERCENT_RISE_MAX),
  max: amountText(ALARM_ARMED_MAX),
} as const;

export const alarmKinds = ["price", "percent"] as const;
export type AlarmKind = (typeof alarmKinds)[number];
export const alarmDirections = ["above", "below"] as const;
export type AlarmDirection = (typeof alarmDirections)[number];

/**
 * The rules the server and the app share (the server decides; the app uses the same functions to show what the
 * server will answer): the side of the price a target lies on, the target a percent move reaches, and whether a
 * move is one an alarm may watch.
 */

/** The side of `price` a target lies on; none when they are equal (such a target is crossed already). */
export function alarmDirectionOf(target: number, price: number): AlarmDirection | undefined {
  if (target > price) return "above";
  if (target < price) return "below";
  return undefined;
}

/** The target a move of `percent` from `base` reaches (-5 is 5 % below it). */
export function percentTarget(base: number, percent: number): number {
  return base * (1 + percent / 100);
}

/** Whether a percent move is one an alarm may watch: at least ALARM_PERCENT_MIN either way, within the bounds. */
export function percentInRange(percent: number): boolean {
  return (
    Number.isFinite(percent) &&
    Math.abs(percent) >= ALARM_PERCENT_MIN &&
    percent >= -ALARM_PERCENT_FALL_MAX &&
    percent <= ALARM_PERCENT_RISE_MAX
  );
}

/** a number, or a numeric string ("3000"); NaN and infinities are refused */
const finite = () => z.coerce.number({ error: "invalidValue" });

/**
 * POST priceAlarm/add. kind "price": `price` is the target; `direction` may be left out (it is then the side the
 * target is on from the current price) and, when given, must agree with it (an alarm already crossed is refused).
 * kind "percent": `percent` is the move from the current price (negative for a fall); the target is computed.
 */
export const addAlarmBodySchema = z
  .object({
    coinAbbr: coinAbbrSchema,
    kind: z.enum(alarmKinds, { error: "invalidValue" }).default("price"),
    price: finite().optional(),
    percent: finite().optional(),
    direction: z.enum(alarmDirections, { error: "invalidValue" }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === "price" && body.price === undefined)
      ctx.addIssue({ code: "custom", path: ["price"], message: "required" });
    if (body.kind === "percent" && body.percent === undefined)
      ctx.addIssue({ code: "custom", path: ["percent"], message: "required" });
  });
export type AddAlarmBody = z.infer<typeof addAlarmBodySchema>;

export const alarmIdBodySchema = z.object({
  id: z.coerce.number({ error: "invalidValue" }).int({ error: "invalidValue" }).positive({ error: "invalidValue" }),
});
export type AlarmIdBody = z.infer<typeof alarmIdBodySchema>;

/** POST priceAlarm/seen: the fired alarms the user has now seen (all fired ones when `ids` is left out) */
export const alarmSeenBodySchema = z.object({
  ids: z
    .array(z.coerce.number({ error: "invalidValue" }).int({ error: "invalidValue" }).positive(), {
      error: "invalidValue",
    })
    .max(ALARM_STORED_MAX, { error: "invalidValue" })
    .optional(),
});
export type AlarmSeenBody = z.infer<typeof alarmSeenBodySchema>;

/** One price alarm entry (spec §3: coin pair, price, percent change, unused, time, icon, coin id). */
export const priceAlarmSchema = z.object({
  id: z.number().int(),
  /** "ETH/USDT" */
  coinPair: z.string(),
  coinAbbr: z.string(),
  /** the coin's code in the market data (the token page's route) */
  coinId: z.string(),
  /** the coin's image URL */
  icon: z.string(),
  kind: z.enum(alarmKinds),
  direction: z.enum(alarmDirections),
  /** the target price in USDT */
  price: z.number(),
  /** the percent move asked for (kind "percent"), else null */
  percent: z.number().nullable(),
  /** the price when the alarm was set (or last re-armed) */
  basePrice: z.number(),
  /** true while armed: not fired yet */
  unused: z.boolean(),
  /** when it was set (or last re-armed), Unix ms */
  time: z.number(),
  /** when it fired, Unix ms of the market time of the tick; null while armed */
  firedAt: z.number().nullable(),
  /** the price of the tick that fired it */
  firedPrice: z.number().nullable(),
  /** a fired alarm the user has seen (dialog closed, popover opened) */
  seen: z.boolean(),
  /** the market feed the prices come from ("Binance (replay)", ...): for a fired alarm the one that fired it */
  source: z.string(),
});
export type PriceAlarm = z.infer<typeof priceAlarmSchema>;

export const alarmListDataSchema = z.object({
  /** armed first (newest first), then fired (latest fired first) */
  list: z.array(priceAlarmSchema),
  armed: z.number().int(),
  armedMax: z.number().int(),
  /** fired alarms not seen yet */
  unseen: z.number().int(),
});
export type AlarmListData = z.infer<typeof alarmListDataSchema>;

/** The push channel's `alarm` event: an alarm of the signed-in account fired. */
export const alarmEventSchema = z.object({
  alarm: priceAlarmSchema,
  market: marketSourceSchema,
});
export type AlarmEvent = z.infer<typeof alarmEventSchema>;

/** POST push/ticket: a short-lived ticket that names the account on the push channel (EventSource sends no header). */
export const pushTicketDataSchema = z.object({
  ticket: z.string(),
  /** Unix ms */
  expiresAt: z.number(),
});

/** The price-alarm routes; routes.ts takes them in. */
export const alarmRoutes = {
  alarmList: {
    method: "get",
    path: "/priceAlarm/list",
    summary: "The signed-in user's price alarms: armed ones, then fired ones with the price that fired them",
    tag: "alarms",
    data: alarmListDataSchema,
    errors: [4001],
  },
  alarmAdd: {
    method: "post",
    path: "/priceAlarm/add",
    summary: "Set a price alarm on a coin: a target price or a percent move from the current price",
    tag: "alarms",
    body: addAlarmBodySchema,
    maxBodyBytes: 1024,
    data: priceAlarmSchema,
    errors: [1001, 4001],
  },
  alarmDelete: {
    method: "post",
    path: "/priceAlarm/delete",
    summary: "Delete a price alarm, armed or fired",
    tag: "alarms",
    body: alarmIdBodySchema,
    maxBodyBytes: 1024,
    data: z.object({ id: z.number().int() }),
    errors: [1001, 4001],
  },
  alarmRearm: {
    method: "post",
    path: "/priceAlarm/rearm",
    summary: "Arm a fired alarm again (a percent alarm measures its move from the price now)",
    tag: "alarms",
    body: alarmIdBodySchema,
    maxBodyBytes: 1024,
    data: priceAlarmSchema,
    errors: [1001, 4001],
  },
  alarmSeen: {
    method: "post",
    path: "/priceAlarm/seen",
    summary: "Mark fired alarms as seen",
    tag: "alarms",
    body: alarmSeenBodySchema,
    maxBodyBytes: 4096,
    data: z.object({ unseen: z.number().int() }),
    errors: [4001],
  },
  pushTicket: {
    method: "post",
    path: "/push/ticket",
    summary: "A ticket (one minute) that opens the push channel as the signed-in user, so their alarms reach it",
    tag: "alarms",
    data: pushTicketDataSchema,
    errors: [4001],
  },
} as const;
