import { Hono } from "hono";
import { ErrorCode } from "../../../contract/errors.ts";
import { routes } from "../../../contract/routes.ts";
import { ApiError } from "../../api-error.ts";
import { type DigestSettings, noBotNotifications } from "../../bot/digest/digest-settings.ts";
import type { TelegramShare } from "../../bot/share/telegram-share.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { jsonBody } from "../validate.ts";
import { publicOrigin } from "./chat-extras.routes.ts";

export interface TelegramShareRouteDeps {
  /** the bot's services; undefined when this server has no bot (no BOT_TOKEN) */
  telegram: { share: TelegramShare; digest: DigestSettings } | undefined;
  /** PUBLIC_URL: where shared chats' public pages are; the request's own origin when unset */
  publicUrl: string | undefined;
}

/**
 * Without a bot there is nothing to prepare a card with: a clear 'not configured' (as a model or speech that is not
 * set up answers), never a made-up id and never a 5xx, since nothing failed.
 */
const noBot = () =>
  new ApiError(
    ErrorCode.RequestFailed,
    "notConfigured",
    400,
    [],
    "Telegram is not configured on this server (no bot token)",
  );

/** Sharing a chat into Telegram as a card, and the daily digest's settings (mounted inside the API's guards). */
export function telegramShareRoutes(deps: TelegramShareRouteDeps) {
  const { telegram } = deps;
  return new Hono<AppEnv>()
    .post(routes.telegramShare.path, limitBody(routes.telegramShare.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, routes.telegramShare.body);
      if (!telegram) throw noBot();
      const source =
        body.code !== undefined
          ? { code: body.code }
          : { msggroup: body.msggroup ?? "", messages: body.messages ?? [] };
      return ok(
        c,
        await telegram.share.prepare({
          userId,
          source,
          language: body.language === "cn" ? "zh" : "en",
          pageOrigin: publicOrigin(c, deps),
        }),
      );
    })
    .get(routes.telegramNotifications.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, telegram ? await telegram.digest.read(userId) : noBotNotifications);
    })
    .post(routes.telegramNotificationsSet.path, limitBody(routes.telegramNotificationsSet.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, routes.telegramNotificationsSet.body);
      if (!telegram) throw noBot();
      return ok(c, await telegram.digest.update(userId, body));
    });
}
