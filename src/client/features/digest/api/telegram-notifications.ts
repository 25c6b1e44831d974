import useSWR from "swr";
import { routes } from "../../../../contract/routes.ts";
import { type TelegramNotificationsData, telegramNotificationsDataSchema } from "../../../../contract/telegram.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type { TelegramNotificationsData };

const parse = (data: unknown) => telegramNotificationsDataSchema.parse(data);

/** GET telegram/notifications: the signed-in user's daily digest in Telegram (whether it can be had, on, hour). */
export function useTelegramNotifications(enabled: boolean) {
  return useSWR<TelegramNotificationsData, ApiError>(
    enabled ? routes.telegramNotifications.path : null,
    (path: string) => http.get(path, { parse }),
    swrOptions,
  );
}

/** POST telegram/notifications: turns the digest on or off and sets its hour (UTC). */
export function setTelegramNotifications(change: { subscribed: boolean; hour?: number }) {
  return http.post(routes.telegramNotificationsSet.path, { parse, json: change });
}
