import { routes } from "../../../../contract/routes.ts";
import { telegramShareDataSchema } from "../../../../contract/telegram.ts";
import { http } from "../../../shared/api/http.ts";
import type { ChatLanguage } from "./chat-paths.ts";

/**
 * POST telegram/share: the server stores the shared chat's card with the bot (a prepared inline message for the
 * signed-in Telegram user) and answers its id, which the Telegram host hands to shareMessage.
 */
export function prepareTelegramShare(code: string, language: ChatLanguage) {
  return http.post(routes.telegramShare.path, {
    parse: (data) => telegramShareDataSchema.parse(data),
    json: { code, language },
  });
}
