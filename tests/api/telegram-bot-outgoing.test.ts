import { describe, expect, it } from "vitest";
import {
  botServerForTests,
  callsTo,
  chatRow,
  deliver,
  myChatMemberUpdate,
  telegramUserId,
  textUpdate,
} from "./telegram-bot-harness.ts";

const fixture = botServerForTests({ mode: "webhook" });

const toChat = (chatId: number) => (params: Record<string, unknown>) => Number(params.chat_id) === chatId;

describe("messages the bot sends", () => {
  it("waits out a 429 with a short retry_after and sends the reply after it", async () => {
    const user = { id: telegramUserId() };
    fixture.standIn.failNext(
      "sendMessage",
      { error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } },
      { when: toChat(user.id) },
    );
    await deliver(fixture.srv, textUpdate(user, "/help"));
    const attempts = callsTo(fixture.standIn, "sendMessage", user.id);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.params.text).toContain("Here is what I can do:");
    expect((await chatRow(fixture.srv, user.id))?.active).toBe(1);
  });

  it("gives up at once on a 429 that asks for a long wait instead of holding the update", async () => {
    const user = { id: telegramUserId() };
    fixture.standIn.failNext(
      "sendMessage",
      { error_code: 429, description: "Too Many Requests: retry after 3600", parameters: { retry_after: 3600 } },
      { when: toChat(user.id) },
    );
    await deliver(fixture.srv, textUpdate(user, "/help"));
    expect(callsTo(fixture.standIn, "sendMessage", user.id)).toHaveLength(1);
  });

  it("marks a chat inactive when Telegram says the user blocked the bot, without trying again", async () => {
    const user = { id: telegramUserId() };
    fixture.standIn.failNext(
      "sendMessage",
      { error_code: 403, description: "Forbidden: bot was blocked by the user" },
      { when: toChat(user.id), times: 5 },
    );
    await deliver(fixture.srv, textUpdate(user, "/start"));
    expect(callsTo(fixture.standIn, "sendMessage", user.id)).toHaveLength(1);
    expect(await chatRow(fixture.srv, user.id)).toMatchObject({ active: 0, inactiveReason: "blocked" });
    // a refusal of Telegram's gets no apology (it would be refused too)
    expect(callsTo(fixture.standIn, "sendMessage", user.id)).toHaveLength(1);
  });

  it("follows the bot's membership: blocked makes the chat inactive, unblocked active again", async () => {
    const userId = telegramUserId();
    await deliver(fixture.srv, textUpdate({ id: userId }, "/help"));
    expect((await chatRow(fixture.srv, userId))?.active).toBe(1);
    await deliver(fixture.srv, myChatMemberUpdate(userId, "kicked"));
    expect(await chatRow(fixture.srv, userId)).toMatchObject({ active: 0, inactiveReason: "blocked" });
    await deliver(fixture.srv, myChatMemberUpdate(userId, "member"));
    expect(await chatRow(fixture.srv, userId)).toMatchObject({ active: 1, inactiveReason: null });
    // membership changes are recorded, never answered
    expect(callsTo(fixture.standIn, "sendMessage", userId)).toHaveLength(1);
  });
});
