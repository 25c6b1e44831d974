import type { User } from "grammy/types";
import type { UserRow, UsersRepository } from "../features/accounts/users.repository.ts";

/**
 * One person, one account: a Telegram user who talks to the bot has the account the mini app's Telegram sign-in
 * gives them, the users row whose telegram_id is their Telegram id (as a decimal string, as the sign-in stores
 * it). Talking to the bot creates none: the account (and its new user's trial) begins when they first open the
 * app; until then the bot knows them by their Telegram id alone (telegram_chats.telegram_user_id).
 */
export async function accountOfTelegramUser(users: UsersRepository, from: User): Promise<UserRow | undefined> {
  return users.findByTelegramId(String(from.id));
}
