import { beforeAll, describe, expect, it } from "vitest";
import {
  BOT_TOKEN,
  botOf,
  botServerForTests,
  callsTo,
  deliver,
  postWebhook,
  telegramUserId,
  textUpdate,
  updateId,
  WEBHOOK_SECRET,
} from "./telegram-bot-harness.ts";

const fixture = botServerForTests({ mode: "webhook" });
beforeAll(async () => {
  await fixture.standIn.waitForCall("setWebhook");
});

describe("the bot on a webhook", () => {
  it("announces itself on start: commands in English and Chinese, the menu button, the webhook with its secret", () => {
    const [webhook] = fixture.standIn.callsOf("setWebhook");
    expect(webhook?.token).toBe(BOT_TOKEN);
    expect(webhook?.params).toMatchObject({
      url: `https://app.example/telegram/webhook/${WEBHOOK_SECRET}`,
      secret_token: WEBHOOK_SECRET,
    });
    expect(webhook?.params.allowed_updates).toEqual(expect.arrayContaining(["message", "callback_query"]));
    const commands = fixture.standIn.callsOf("setMyCommands");
    expect(commands.map((c) => c.params.language_code ?? "default")).toEqual(["default", "zh"]);
    const names = ((commands[0]?.params.commands ?? []) as { command: string }[]).map((c) => c.command);
    expect(names).toEqual(expect.arrayContaining(["start", "language", "help", "predict", "alerts", "paysupport"]));
    expect(fixture.standIn.callsOf("setChatMenuButton")[0]?.params).toMatchObject({
      menu_button: { type: "web_app", web_app: { url: "https://app.example/" } },
    });
    // a webhook node never polls
    expect(fixture.standIn.callsOf("getUpdates")).toHaveLength(0);
  });

  it("takes an update with the secret in the path and the header, and handles a replayed update_id once", async () => {
    const user = { id: telegramUserId() };
    const update = textUpdate(user, "/help");
    const first = await postWebhook(fixture.srv, update);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ code: 200 });
    const replay = await postWebhook(fixture.srv, update);
    expect(replay.status).toBe(200);
    await botOf(fixture.srv).idle();
    const replies = callsTo(fixture.standIn, "sendMessage", user.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.params.text).toContain("Here is what I can do:");
  });

  it("refuses a call without the right secret in the header or the path with 401, and handles nothing", async () => {
    const user = { id: telegramUserId() };
    const tries = [
      { headerSecret: null },
      { headerSecret: "webhook-secret-0123456789abcdeX" },
      { pathSecret: "webhook-secret-0123456789abcdeX" },
      { pathSecret: "x", headerSecret: "x" },
    ];
    for (const options of tries) {
      const answer = await postWebhook(fixture.srv, textUpdate(user, "/start"), options);
      expect(answer.status).toBe(401);
      expect(answer.json).toMatchObject({ code: 1001, data: { key: "apiKeyInvalid" } });
    }
    await botOf(fixture.srv).idle();
    expect(callsTo(fixture.standIn, "sendMessage", user.id)).toHaveLength(0);
  });

  it("answers a body that is not an update with 400, never a server error", async () => {
    const bodies = ["{", "[]", "null", '"text"', '{"update_id":"1"}', '{"update_id":-4}', '{"message":{}}', ""];
    for (const rawBody of bodies) {
      const answer = await postWebhook(fixture.srv, undefined, { rawBody });
      expect(answer.status, rawBody).toBe(400);
      expect(answer.json, rawBody).toMatchObject({ code: 1001 });
    }
  });

  it("drops malformed updates silently, answers a huge message and an unknown command, and keeps working", async () => {
    const user = { id: telegramUserId() };
    const strange = [
      { update_id: updateId() },
      { update_id: updateId(), message: { text: "/start" } },
      { update_id: updateId(), message: { chat: { id: user.id, type: "private" }, date: 1, message_id: 1 } },
      { update_id: updateId(), callback_query: { id: "x", from: { id: user.id, is_bot: false, first_name: "A" } } },
      { update_id: updateId(), unknown_kind: { anything: [1, 2, 3] } },
    ];
    const logged = fixture.srv.logs.length;
    for (const update of strange) expect((await postWebhook(fixture.srv, update)).status).toBe(200);
    await botOf(fixture.srv).idle();
    // dropped without a word: no reply, no error
    expect(fixture.srv.logs.slice(logged).filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(callsTo(fixture.standIn, "sendMessage", user.id)).toHaveLength(0);

    await deliver(fixture.srv, textUpdate(user, "x".repeat(10_000)));
    await deliver(fixture.srv, textUpdate(user, "/nosuchcommand and some words"));
    await deliver(fixture.srv, textUpdate(user, `/start ${"coin_".repeat(3_000)}`));
    const replies = callsTo(fixture.standIn, "sendMessage", user.id);
    // the last /start gets the plain welcome; the others are left to the features that take free text
    expect(replies.at(-1)?.params.text).toContain("Welcome to MountainLion");
    expect(fixture.srv.logs.filter((line) => Number(line.level) >= 60)).toEqual([]);
  });

  it("never writes the token or the webhook secret into its logs, also when a call fails", async () => {
    const user = { id: telegramUserId() };
    fixture.standIn.failNext("sendMessage", {
      error_code: 400,
      description: `Bad Request: chat ${BOT_TOKEN} not found`,
    });
    await deliver(fixture.srv, textUpdate(user, "/help"));
    await postWebhook(fixture.srv, textUpdate(user, "/help"), { headerSecret: "wrong-wrong-wrong-wrong" });
    const failure = fixture.srv.logs.find(
      (line) => line.msg === "telegram update not handled to the end" && JSON.stringify(line).includes("sendMessage"),
    );
    expect(failure).toMatchObject({ err: { method: "sendMessage", error_code: 400 } });
    const written = JSON.stringify(fixture.srv.logs);
    expect(written).not.toContain(BOT_TOKEN.split(":")[1]);
    expect(written).not.toContain(WEBHOOK_SECRET);
    expect(written).toContain("/telegram/webhook/[secret]");
  });
});
