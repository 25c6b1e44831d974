/**
 * What happens once a new account exists, its owner verified (an email sign-up by its emailed code, a Telegram
 * account by its signed init data, a wallet by its signature): the invitation rewards of the points system. The
 * sign-in services take it as an argument, so they know nothing of points.
 */
export interface AccountHooks {
  /** a new account was created; never throws (a sign-up does not fail over its reward) */
  accountCreated(account: { id: number; inviterCode: string | null }): Promise<unknown>;
  /**
   * the inviter code a new Telegram account is created with: a referral the bot recorded for this Telegram user, or
   * a `ref_<code>` start parameter of its (verified) init data
   */
  telegramInviterCode(telegramUserId: string, startParam: string | undefined): Promise<string | undefined>;
}
