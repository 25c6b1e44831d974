import type { User } from "grammy/types";
import { telegramUsername } from "../features/accounts/identity-auth.service.ts";
import type { UserRow, UsersRepository } from "../features/accounts/users.repository.ts";

/**
 * One person, one account: a Telegram user who talks to the bot has the account the mini app signs them in to
 * (users.telegram_id). When there is none yet it is created as the mini app's sign-in creates it (the users
 * repository, with the same name); a concurrent first sign-in in the app creates it first and is found.
 */
export async function accountOfTelegramUser(users: UsersRepository, from: User): Promise<UserRow> {
  const telegramId = String(from.id);
  const account =
    (await users.findByTelegramId(telegramId)) ??
    (await users.create({ telegramId, username: telegramUsername(from) })) ??
    (await users.findByTelegramId(telegramId));
  if (!account) throw new Error("the account of a Telegram user was neither found nor created");
  return account;
}
