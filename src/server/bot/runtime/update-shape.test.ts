import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { isWellFormedUpdate } from "./update-shape.ts";

const user = { id: 7, is_bot: false, first_name: "Ada" };
const chat = { id: 7, type: "private", first_name: "Ada" };
const asUpdate = (value: object) => value as Update;

describe("updates the bot reads", () => {
  it("takes Telegram's shapes", () => {
    expect(
      isWellFormedUpdate(
        asUpdate({ update_id: 1, message: { message_id: 1, date: 1, chat, from: user, text: "/start" } }),
      ),
    ).toBe(true);
    expect(
      isWellFormedUpdate(
        asUpdate({ update_id: 2, callback_query: { id: "q", from: user, chat_instance: "c", data: "x" } }),
      ),
    ).toBe(true);
    expect(
      isWellFormedUpdate(asUpdate({ update_id: 3, inline_query: { id: "i", from: user, query: "BTC", offset: "" } })),
    ).toBe(true);
    expect(isWellFormedUpdate(asUpdate({ update_id: 4, poll: { id: "p" } }))).toBe(true);
  });

  it("refuses one that lacks what its kind needs", () => {
    const bad = [
      { update_id: 1, message: { text: "/start" } },
      { update_id: 2, message: { message_id: 1, date: 1, chat: { id: "7", type: "private" } } },
      { update_id: 3, message: { message_id: 1, date: 1, chat, text: 5 } },
      { update_id: 4, callback_query: { id: "q" } },
      { update_id: 5, callback_query: { id: "q", from: user, message: { chat } } },
      { update_id: 6, inline_query: { id: "i", from: user } },
      { update_id: 7, my_chat_member: { chat, from: user, new_chat_member: { status: "kicked" } } },
      { update_id: 8, message: null },
    ];
    for (const update of bad) expect(isWellFormedUpdate(asUpdate(update)), JSON.stringify(update)).toBe(false);
  });
});
