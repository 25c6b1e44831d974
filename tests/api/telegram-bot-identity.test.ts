import { sign as signInitData } from "@telegram-apps/init-data-node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call } from "./harness.ts";
import { BOT_TOKEN, botServerForTests, chatRow, deliver, telegramUserId, textUpdate } from "./telegram-bot-harness.ts";

const clock = manualClock(new Date());
const fixture = botServerForTests({ mode: "webhook", clock });

/** Signs in to the mini app as this Telegram user (init data signed with the bot's token); answers the user id. */
async function signInToMiniApp(user: { id: number; first_name: string; username: string }): Promise<string> {
  const initData = signInitData({ user, query_id: "AAHbot" } as never, BOT_TOKEN, clock.now());
  const res = await call(fixture.srv.url, "/telegramLogin", { body: { initData } });
  expect(res.status).toBe(200);
  return String(res.json?.data.user_id);
}

async function accountsOf(telegramId: number) {
  return fixture.srv.server.database.db
    .select()
    .from(users)
    .where(eq(users.telegramId, String(telegramId)));
}

describe("one person, one account", () => {
  it("gives a user who meets the bot first the account the mini app then signs in to, linked to their chat", async () => {
    const user = { id: telegramUserId(), first_name: "Ada", username: "ada_bot_first" };
    await deliver(fixture.srv, textUpdate(user, "/start"));
    // talking to the bot creates no account: it (and its trial) begins with the first sign-in to the app
    expect(await accountsOf(user.id)).toEqual([]);
    expect(await chatRow(fixture.srv, user.id)).toMatchObject({ telegramUserId: user.id, userId: null });

    const signedIn = await signInToMiniApp(user);
    await deliver(fixture.srv, textUpdate(user, "/help"));
    const accounts = await accountsOf(user.id);
    expect(accounts.map((account) => String(account.id))).toEqual([signedIn]);
    expect(String((await chatRow(fixture.srv, user.id))?.userId)).toBe(signedIn);
    // signing in again from the app finds the same account
    expect(await signInToMiniApp(user)).toBe(signedIn);
  });

  it("links the bot's chat to the account of a user who signed in to the mini app first", async () => {
    const user = { id: telegramUserId(), first_name: "Bo", username: "bo_app_first" };
    const signedIn = await signInToMiniApp(user);
    await deliver(fixture.srv, textUpdate(user, "/start"));
    await deliver(fixture.srv, textUpdate(user, "/help"));
    expect(String((await chatRow(fixture.srv, user.id))?.userId)).toBe(signedIn);
    expect(await accountsOf(user.id)).toHaveLength(1);
  });
});
