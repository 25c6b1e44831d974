import { atom, useAtomValue } from "jotai";
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { z } from "zod";
import {
  type AddAlarmBody,
  type AlarmListData,
  addAlarmBodySchema,
  alarmIdBodySchema,
  alarmListDataSchema,
  alarmRoutes,
  alarmSeenBodySchema,
  type PriceAlarm,
  priceAlarmSchema,
} from "../../../../contract/alarms.ts";
import { realTimePriceDataSchema } from "../../../../contract/market.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";

/** Typed calls for the price-alarm routes (src/contract/alarms.ts). */

export type { AddAlarmBody, AlarmListData, PriceAlarm };

const listPath = alarmRoutes.alarmList.path;
export type AlarmListKey = readonly [typeof listPath, string];

/** GET priceAlarm/list: armed alarms (newest first), then fired ones (latest first), with the counts. */
export function getAlarmList(): Promise<AlarmListData> {
  return http.get(listPath, { parse: (data) => alarmListDataSchema.parse(data) });
}

/** POST priceAlarm/add: a target price, or a percent move from the current price. */
export function addAlarm(body: AddAlarmBody): Promise<PriceAlarm> {
  return http.post(alarmRoutes.alarmAdd.path, {
    json: addAlarmBodySchema.parse(body),
    parse: (data) => priceAlarmSchema.parse(data),
  });
}

/** POST priceAlarm/delete: armed or fired. */
export function deleteAlarm(id: number): Promise<{ id: number }> {
  return http.post(alarmRoutes.alarmDelete.path, {
    json: alarmIdBodySchema.parse({ id }),
    parse: (data) => z.object({ id: z.number().int() }).parse(data),
  });
}

/** POST priceAlarm/rearm: a fired alarm watches again (a percent alarm from the price now). */
export function rearmAlarm(id: number): Promise<PriceAlarm> {
  return http.post(alarmRoutes.alarmRearm.path, {
    json: alarmIdBodySchema.parse({ id }),
    parse: (data) => priceAlarmSchema.parse(data),
  });
}

/** POST priceAlarm/seen: the given fired alarms (all fired ones when `ids` is left out) are seen. */
export function markAlarmsSeen(ids?: readonly number[]): Promise<{ unseen: number }> {
  return http.post(alarmRoutes.alarmSeen.path, {
    json: alarmSeenBodySchema.parse(ids ? { ids: [...ids] } : {}),
    parse: (data) => z.object({ unseen: z.number().int() }).parse(data),
  });
}

/** The signed-in user's id, or null for a visitor (who has no alarms and reads nothing). */
export const alarmUserIdAtom = atom((get) => (get(loginStatusAtom) === "loggedIn" ? get(userIdAtom) : null));

export function useAlarmUserId(): string | null {
  return useAtomValue(alarmUserIdAtom);
}

/** A coin's price now, with the market feed and time it comes from; undefined when the market has no price for it. */
export async function getCoinPrice(
  coinAbbr: string,
): Promise<{ price: number; source: z.infer<typeof realTimePriceDataSchema>["source"] } | undefined> {
  const data = await http.get(routes.getRealTimePrice.path, {
    parse: (raw) => realTimePriceDataSchema.parse(raw),
    searchParams: { coinAbbr },
  });
  const found = data.list.find((item) => item.coinAbbr.toUpperCase() === coinAbbr.toUpperCase());
  return found ? { price: found.lastPrice, source: data.source } : undefined;
}

const isAlarmListKey = (key: unknown) => Array.isArray(key) && key[0] === listPath;

/** The alarm list of the signed-in user; its key names the user, so another account reads afresh. */
export function useAlarmList() {
  const userId = useAlarmUserId();
  const key: AlarmListKey | null = userId === null ? null : [listPath, userId];
  return useSWR<AlarmListData, ApiError, AlarmListKey | null>(key, getAlarmList, swrOptions);
}

/** Reads every cached alarm list again (after a change here, or an alarm that fired). */
export function useRefreshAlarms(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(isAlarmListKey);
  }, [mutate]);
}

/**
 * Reads the signed-in user's alarm list now (into the cache the list hooks share) and returns it with the account
 * it belongs to; undefined for a visitor.
 */
export function useReloadAlarmList(): () => Promise<{ owner: string; data: AlarmListData } | undefined> {
  const userId = useAlarmUserId();
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    if (userId === null) return undefined;
    const key: AlarmListKey = [listPath, userId];
    const data = await mutate<AlarmListData>(key, getAlarmList(), { revalidate: false });
    return data ? { owner: userId, data } : undefined;
  }, [mutate, userId]);
}

/**
 * The changes a user makes (add, delete, re-arm, seen); each reads the list again afterwards, also when it
 * failed (the alarm may have fired or gone meanwhile, and the list should say so).
 */
export function useAlarmActions() {
  const refresh = useRefreshAlarms();
  return {
    add: useCallback((body: AddAlarmBody) => addAlarm(body).finally(refresh), [refresh]),
    remove: useCallback((id: number) => deleteAlarm(id).finally(refresh), [refresh]),
    rearm: useCallback((id: number) => rearmAlarm(id).finally(refresh), [refresh]),
    seen: useCallback((ids?: readonly number[]) => markAlarmsSeen(ids).finally(refresh), [refresh]),
  };
}
