import { createHash, timingSafeEqual } from "node:crypto";
import type { Update } from "grammy/types";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import { type TelegramWebhookReceiver, WEBHOOK_PATH_PREFIX } from "../../bot/telegram-bot.ts";
import { JSON_MAX_DEPTH, readJson } from "../../json-text.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody, readBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requestLog } from "../middleware/request-context.ts";

export type { TelegramWebhookReceiver };

/** Telegram's updates are small (a message is at most 4096 characters, a few kilobytes with its entities). */
export const TELEGRAM_WEBHOOK_MAX_BYTES = 1024 * 1024;

/** Equal strings, compared in constant time (digests of the same length, so no length is given away either). */
function sameSecret(candidate: string | undefined, secret: string): boolean {
  if (candidate === undefined || secret.length === 0) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(candidate), digest(secret));
}

function isUpdate(value: unknown): value is Update {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const id = (value as { update_id?: unknown }).update_id;
  return typeof id === "number" && Number.isSafeInteger(id) && id >= 0;
}

/**
 * POST /telegram/webhook/<secret>: Telegram's updates when the bot runs on a webhook (any API node takes them).
 * The path's secret and the X-Telegram-Bot-Api-Secret-Token header must both be the webhook secret, else 401;
 * a body that is not an update is 400; an update is claimed and answered 200 at once, and handled after. While
 * the bot cannot take updates (starting, stopping) the answer is 503 and Telegram sends the update again.
 */
export function telegramWebhookRoutes(receiver: TelegramWebhookReceiver) {
  const secretChecked = createMiddleware<AppEnv>(async (c, next) => {
    const pathSecret = c.req.param("secret");
    const headerSecret = c.req.header("x-telegram-bot-api-secret-token");
    if (!sameSecret(pathSecret, receiver.secret) || !sameSecret(headerSecret, receiver.secret)) {
      throw new ApiError(ErrorCode.RequestFailed, "apiKeyInvalid", 401, [], "wrong or missing webhook secret");
    }
    await next();
  });
  return new Hono<AppEnv>().post(
    `${WEBHOOK_PATH_PREFIX}:secret`,
    secretChecked,
    limitBody(TELEGRAM_WEBHOOK_MAX_BYTES),
    async (c) => {
      const read = readJson(await readBody(c, TELEGRAM_WEBHOOK_MAX_BYTES), JSON_MAX_DEPTH);
      if (!read.ok) {
        const issues = [{ field: "body", key: "malformedBody" as const }];
        throw new ApiError(ErrorCode.RequestFailed, "malformedBody", 400, issues, "the body is not an update");
      }
      if (!isUpdate(read.value)) {
        const issues = [{ field: "update_id", key: "invalidValue" as const }];
        throw new ApiError(ErrorCode.RequestFailed, "invalidValue", 400, issues, "the body is not an update");
      }
      let outcome: Awaited<ReturnType<TelegramWebhookReceiver["receive"]>>;
      try {
        outcome = await receiver.receive(read.value);
      } catch (error) {
        // not claimed (the database did not answer): Telegram sends it again
        requestLog(c).warn({ err: error, updateId: read.value.update_id }, "telegram update not claimed");
        outcome = "unavailable";
      }
      if (outcome === "unavailable") {
        throw new ApiError(ErrorCode.RequestFailed, "Serverbusy", 503, [], "the bot is not taking updates now");
      }
      return ok(c, null);
    },
  );
}
