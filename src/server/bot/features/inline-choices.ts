import type { Database } from "../../db/client.ts";
import { telegramInlineChoices } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";

/**
 * Inline results users sent into a chat (Telegram's chosen_inline_result, which arrives when inline feedback is on
 * in BotFather): who, which result (its id names the card: "coin:BTC", "share:<code>") and what they had typed.
 * Kept for the points issue's share rewards, which count them.
 */

export interface InlineChoice {
  telegramUserId: number;
  resultId: string;
  query: string;
}

export interface InlineChoices {
  record(choice: InlineChoice): Promise<void>;
}

/** Telegram's inline queries are at most 256 characters; the column keeps what came, cut to that. */
const QUERY_MAX = 256;

export function createInlineChoices(db: Database, clock: Clock): InlineChoices {
  return {
    async record(choice) {
      await db.insert(telegramInlineChoices).values({
        telegramUserId: choice.telegramUserId,
        resultId: choice.resultId.slice(0, 64),
        query: Array.from(choice.query).slice(0, QUERY_MAX).join(""),
        createdAt: clock.now(),
      });
    },
  };
}
