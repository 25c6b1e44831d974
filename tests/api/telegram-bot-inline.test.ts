import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatGroups, chatMessages, telegramInlineChoices } from "../../src/server/db/schema.ts";
import { call, newDeviceNo } from "./harness.ts";
import {
  BOT_USERNAME,
  contentBotForTests,
  freshId,
  inlineQuery,
  type Person,
  person,
} from "./telegram-bot-content-setup.ts";

/**
 * Inline mode (`@bot BTC` typed in any chat) through the webhook, against the loopback Bot API stand-in: price
 * cards, the top coins for an empty query, a shared chat by its code, nothing (and no crash) for nonsense, and the
 * results users send recorded once each.
 */

const bot = contentBotForTests();

interface Article {
  type: string;
  id: string;
  title: string;
  description?: string;
  input_message_content: { message_text: string; parse_mode?: string };
  reply_markup?: { inline_keyboard: Record<string, unknown>[][] };
}

async function ask(from: Person, query: string): Promise<{ results: Article[]; params: Record<string, unknown> }> {
  const inline = inlineQuery(from, query);
  const response = await bot.send(inline.update);
  expect(response.status).toBe(200);
  const answers = bot.standIn.callsOf("answerInlineQuery").filter((c) => c.params.inline_query_id === inline.id);
  expect(answers).toHaveLength(1);
  const params = answers[0]?.params ?? {};
  return { results: (params.results ?? []) as Article[], params };
}

describe("inline queries", () => {
  it("answers a symbol with its price card and an Open in app button to the coin", async () => {
    const { results, params } = await ask(person(), "btc");
    expect(results).toHaveLength(1);
    const [card] = results;
    expect(card).toMatchObject({ type: "article", id: "coin:BTC", title: "Bitcoin (BTC)" });
    expect(card?.description).toMatch(/USDT · [▲▼▬]/);
    const text = card?.input_message_content.message_text ?? "";
    expect(card?.input_message_content.parse_mode).toBe("HTML");
    expect(text).toContain("<b>Bitcoin (BTC)</b>");
    expect(text).toMatch(/<code>[▁▂▃▄▅▆▇█]+<\/code>/);
    expect(text).toMatch(/as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(card?.reply_markup?.inline_keyboard[0]?.[0]).toEqual({
      text: "Open in app",
      url: `https://t.me/${BOT_USERNAME}?startapp=coin_BTC`,
    });
    expect(params.cache_time).toBeGreaterThan(0);
  });

  it("answers an empty query with the top coins", async () => {
    const { results } = await ask(person(), "");
    expect(results.length).toBe(5);
    expect(results.map((r) => r.id)).toContain("coin:BTC");
    expect(new Set(results.map((r) => r.id)).size).toBe(5);
  });

  it("answers nonsense with no results and does not cache that", async () => {
    for (const query of ["zzqqxx", "<script>", "%%%'\"", "💥".repeat(100)]) {
      const { results, params } = await ask(person(), query);
      expect(results).toEqual([]);
      expect(params.cache_time).toBe(0);
    }
  });

  it("answers a share code with the shared chat's card and a button that opens it", async () => {
    const db = bot.server.server.database.db;
    const owner = newDeviceNo();
    const msggroup = `${Date.now()}${owner.slice(0, 20)}`;
    const question = "Is <BTC> & ETH a good pair?";
    await db.insert(chatGroups).values({ msggroup, owner: `v:${owner}`, content: question });
    const codes = [`${msggroup}-q`, `${msggroup}-a`];
    await db.insert(chatMessages).values([
      { code: codes[0] ?? "", msggroup, role: "user", content: question, model: 6, status: "complete" },
      {
        code: codes[1] ?? "",
        msggroup,
        role: "assistant",
        content: "**BTC** leads.\n\n| Coin | Price |\n|---|---|\n| BTC | 64,000 |\n\nSource: Binance (replay)",
        model: 6,
        status: "complete",
      },
    ]);
    const shared = await call(bot.server.url, "/shareMessages", {
      deviceNo: owner,
      body: { msggroup, messages: codes },
    });
    const code = String(shared.json?.data.code);
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);

    for (const query of [code, `share_${code}`, `https://app.example/chatDetail/${code}`]) {
      const { results } = await ask(person(), query);
      expect(results).toHaveLength(1);
      const [card] = results;
      expect(card?.id).toBe(`share:${code}`);
      const text = card?.input_message_content.message_text ?? "";
      expect(text).toContain("<b>Shared chat</b>");
      expect(text).toContain("Is &lt;BTC&gt; &amp; ETH a good pair?");
      expect(text).toContain("<b>BTC</b> leads.");
      expect(text).toContain("Source: Binance (replay)");
      expect(card?.reply_markup?.inline_keyboard[0]?.[0]).toEqual({
        text: "Open in app",
        url: `https://t.me/${BOT_USERNAME}?startapp=share_${code}`,
      });
    }
  });

  it("records a result sent into a chat once, even when Telegram delivers the update again", async () => {
    const ada = person();
    const chosen = {
      update_id: freshId(),
      chosen_inline_result: { result_id: "coin:ETH", from: { ...ada, is_bot: false }, query: "eth" },
    };
    await bot.send(chosen);
    await bot.send(chosen);
    const db = bot.server.server.database.db;
    const rows = await db.select().from(telegramInlineChoices).where(eq(telegramInlineChoices.telegramUserId, ada.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ resultId: "coin:ETH", query: "eth" });

    await bot.send({ ...chosen, update_id: freshId(), chosen_inline_result: { ...chosen.chosen_inline_result } });
    const again = await db.select().from(telegramInlineChoices).where(eq(telegramInlineChoices.telegramUserId, ada.id));
    expect(again).toHaveLength(2);
  });
});
