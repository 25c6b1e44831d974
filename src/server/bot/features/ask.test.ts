import type { Message, User } from "grammy/types";
import { describe, expect, it } from "vitest";
import { cutQuestion, QUESTION_MAX, questionOf } from "./ask.ts";

const bot: User = { id: 42, is_bot: true, first_name: "MountainLion", username: "ml_bot" };
const ada: User = { id: 7, is_bot: false, first_name: "Ada" };

function message(text: string, chat: "private" | "supergroup", extra: Partial<Message> = {}): Message {
  const base = {
    message_id: 1,
    date: 0,
    from: ada,
    text,
    chat:
      chat === "private" ? { id: 7, type: "private", first_name: "Ada" } : { id: -5, type: "supergroup", title: "G" },
    ...extra,
  };
  return base as Message;
}

describe("questionOf", () => {
  it("takes any text of a private chat but commands", () => {
    expect(questionOf(message("  BTC price?  ", "private"), bot)).toBe("BTC price?");
    const command = message("/price btc", "private", { entities: [{ type: "bot_command", offset: 0, length: 6 }] });
    expect(questionOf(command, bot)).toBeUndefined();
  });

  it("takes a group message only when it mentions the bot (the mention taken out) or replies to it", () => {
    expect(questionOf(message("BTC to the moon", "supergroup"), bot)).toBeUndefined();
    const mention = message("hey @ML_bot what about ETH?", "supergroup", {
      entities: [{ type: "mention", offset: 4, length: 7 }],
    });
    expect(questionOf(mention, bot)).toBe("hey what about ETH?");
    const other = message("@someone_else ETH?", "supergroup", {
      entities: [{ type: "mention", offset: 0, length: 13 }],
    });
    expect(questionOf(other, bot)).toBeUndefined();
    const reply = message("and SOL?", "supergroup", {
      reply_to_message: { message_id: 0, date: 0, chat: { id: -5, type: "supergroup", title: "G" }, from: bot },
    } as Partial<Message>);
    expect(questionOf(reply, bot)).toBe("and SOL?");
  });

  it("leaves alone the bot's own inline cards sent into a chat", () => {
    expect(questionOf(message("card", "private", { via_bot: bot }), bot)).toBeUndefined();
  });
});

describe("cutQuestion", () => {
  it("keeps the first QUESTION_MAX characters, emoji whole", () => {
    expect(cutQuestion("short")).toEqual({ text: "short", cut: false });
    const long = cutQuestion("💥".repeat(QUESTION_MAX + 5));
    expect(long.cut).toBe(true);
    expect(Array.from(long.text)).toHaveLength(QUESTION_MAX);
    expect(long.text.endsWith("💥")).toBe(true);
  });
});
