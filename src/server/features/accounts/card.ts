import { CardTier, Quotas } from "../../../contract/constants.ts";
import type { UserInfoData } from "../../../contract/user.ts";

/**
 * Membership cards and the daily allowances they give (spec §6 roles, §9 quotas). Pure functions of a user
 * row and the time, so the rules are tested without a database.
 *
 * Readings where the spec is silent:
 * - A card other than "0" counts while `card_expires_at` is in the future. One whose end has passed, one
 *   without an end, or an unknown card value falls back to standard ("0"): nobody gets unlimited use by
 *   accident.
 * - Trial ("1") and VIP ("3", "4", "5") give unlimited chats and advanced analysis (§6). Nothing is counted
 *   for them, so `today` and `dataAnalysisTimes` answer remain 0 / total 0 beside `isUnlimited: true`; the
 *   client shows "unlimited" ("VIP shown as unlimited", §9). The plan numbers of §9 (10/15/20 chats,
 *   5/20/90 analyses) are nominal plan benefits, published by `planBenefits` for the purchase page.
 * - Standard users get `Quotas.standardDailyUnlocks` advanced analyses a day (`dataAnalysisTimes`): the counted
 *   unlock allowance of §7 ("unlock calls with points, or with a counted allowance"), used by
 *   points/confirmExchange for a strategy diagram or a 24-hour unlock. `allowance_num` is what is left of it.
 *   Trial and VIP need none (spec §4 state 1), so theirs is 0 beside `isUnlimited: true`.
 * - `exchange` is the daily number of chats a standard user may redeem with points (§8 20006 "chat quota
 *   used up, redeem with points", `Quotas.dailyChatRedemptions`). A redeemed chat is one more chat that day:
 *   `today.total` grows by the chats redeemed.
 * - `expiredDays` rounds up: a card ending in 2 hours has 1 day left; 0 only when there is no card.
 */

export type Card = UserInfoData["card"];
export type Edition = UserInfoData["edition"];

const DAY_MS = 86_400_000;
/** The card warns when it ends within this many days (spec §2 "expiry date and warning"). */
export const EXPIRY_ALERT_DAYS = 3;

const CARDS: readonly string[] = Object.values(CardTier);
const UNLIMITED_CARDS: readonly string[] = [CardTier.trial, CardTier.monthly, CardTier.quarterly, CardTier.annual];
const VIP_CARDS: readonly string[] = [CardTier.monthly, CardTier.quarterly, CardTier.annual];

/** What the rules read from a user row. */
export interface CardHolder {
  card: string;
  cardExpiresAt: Date | null;
  edition: string;
}

export function isCard(value: string): value is Card {
  return CARDS.includes(value);
}

export function editionOf(value: string | undefined): Edition {
  return value === "BasicEdition" ? "BasicEdition" : "PLUSEdition";
}

/** The card in force now: a card past its end (or without one) is standard. */
export function effectiveCard(holder: Pick<CardHolder, "card" | "cardExpiresAt">, now: Date): Card {
  if (!isCard(holder.card) || holder.card === CardTier.standard) return CardTier.standard;
  if (!holder.cardExpiresAt || holder.cardExpiresAt.getTime() <= now.getTime()) return CardTier.standard;
  return holder.card;
}

/** Trial and VIP cards: unlimited chats and advanced analysis. */
export function isUnlimitedCard(card: Card): boolean {
  return UNLIMITED_CARDS.includes(card);
}

/** Cards 3, 4 and 5 show VIP. */
export function isVipCard(card: Card): boolean {
  return VIP_CARDS.includes(card);
}

/** Free chats a day of a counted account: visitors 1; users 2, and 20 more with the PLUS edition. */
export function dailyChatTotal(who: { kind: "visitor" } | { kind: "user"; edition: Edition }): number {
  if (who.kind === "visitor") return Quotas.visitorDailyChats;
  return Quotas.userDailyChats + (who.edition === "PLUSEdition" ? Quotas.plusExtraDailyChats : 0);
}

/** Unlocks a day a standard user may make without points (the allowance of spec §4 state 2). */
export const STANDARD_DAILY_ANALYSIS: number = Quotas.standardDailyUnlocks;

/** Chats a day a standard user may redeem with points once the free ones are used up. */
export const STANDARD_DAILY_EXCHANGE: number = Quotas.dailyChatRedemptions;

/** The nominal daily benefits of a plan (§9); the app shows them as unlimited. */
export function planBenefits(card: Card): { dailyChats: number; advancedAnalysis: number } | undefined {
  switch (card) {
    case CardTier.monthly:
      return { dailyChats: Quotas.planDailyChats.monthly, advancedAnalysis: Quotas.planAdvancedAnalysis.monthly };
    case CardTier.quarterly:
      return { dailyChats: Quotas.planDailyChats.quarterly, advancedAnalysis: Quotas.planAdvancedAnalysis.quarterly };
    case CardTier.annual:
      return { dailyChats: Quotas.planDailyChats.annual, advancedAnalysis: Quotas.planAdvancedAnalysis.annual };
    default:
      return undefined;
  }
}

export interface CardExpiry {
  expiredTime: string | null;
  expiredDays: number;
  timeAlert: boolean;
}

/** When the card in force ends: ISO time, whole days left (rounded up), and the 3-day warning. */
export function cardExpiry(holder: Pick<CardHolder, "card" | "cardExpiresAt">, now: Date): CardExpiry {
  const card = effectiveCard(holder, now);
  if (card === CardTier.standard || !holder.cardExpiresAt) {
    return { expiredTime: null, expiredDays: 0, timeAlert: false };
  }
  const left = holder.cardExpiresAt.getTime() - now.getTime();
  return {
    expiredTime: holder.cardExpiresAt.toISOString(),
    expiredDays: Math.ceil(left / DAY_MS),
    timeAlert: left <= EXPIRY_ALERT_DAYS * DAY_MS,
  };
}

/** Uses counted today, by kind. */
export interface UsedToday {
  chat: number;
  /** unlocks made with the day's allowance */
  analysis: number;
  /** chats redeemed with points */
  exchange: number;
}

const remainOf = (total: number, used: number) => Math.max(0, total - used);

/** The quota part of user info (everything but the profile) of a signed-in user. */
export function userAllowance(holder: CardHolder, used: UsedToday, now: Date): Omit<UserInfoData, "profile"> {
  const card = effectiveCard(holder, now);
  const edition = editionOf(holder.edition);
  const unlimited = isUnlimitedCard(card);
  const chatTotal = unlimited ? 0 : dailyChatTotal({ kind: "user", edition }) + used.exchange;
  const analysisTotal = unlimited ? 0 : STANDARD_DAILY_ANALYSIS;
  const analysisRemain = remainOf(analysisTotal, used.analysis);
  const exchangeTotal = unlimited ? 0 : STANDARD_DAILY_EXCHANGE;
  return {
    card,
    queryTimes: {
      today: { remain: remainOf(chatTotal, used.chat), total: chatTotal },
      exchange: { remain: remainOf(exchangeTotal, used.exchange), total: exchangeTotal },
      isUnlimited: unlimited,
    },
    dataAnalysisTimes: { remain: analysisRemain, total: analysisTotal, isUnlimited: unlimited },
    allowance_num: unlimited ? 0 : analysisRemain,
    ...cardExpiry(holder, now),
    edition,
  };
}

/** The quota part of user info of a visitor: standard card, 1 chat a day, no profile. */
export function visitorAllowance(used: UsedToday): Omit<UserInfoData, "profile"> {
  const chatTotal = dailyChatTotal({ kind: "visitor" });
  return {
    card: CardTier.standard,
    queryTimes: {
      today: { remain: remainOf(chatTotal, used.chat), total: chatTotal },
      exchange: { remain: 0, total: 0 },
      isUnlimited: false,
    },
    dataAnalysisTimes: { remain: 0, total: 0, isUnlimited: false },
    allowance_num: 0,
    expiredTime: null,
    expiredDays: 0,
    timeAlert: false,
    edition: "PLUSEdition",
  };
}

/**
 * The daily chat limit a chat call enforces: Infinity for trial and VIP (they do not consume); a user's free chats
 * and the chats they redeemed with points today.
 */
export function dailyChatLimit(holder: CardHolder | undefined, now: Date, redeemedToday = 0): number {
  if (!holder) return dailyChatTotal({ kind: "visitor" });
  if (isUnlimitedCard(effectiveCard(holder, now))) return Number.POSITIVE_INFINITY;
  return dailyChatTotal({ kind: "user", edition: editionOf(holder.edition) }) + redeemedToday;
}

/** Whether a standard user out of chats may still redeem one with points today (20006 rather than 5004). */
export function mayRedeemChat(holder: CardHolder, now: Date, redeemedToday: number): boolean {
  return !isUnlimitedCard(effectiveCard(holder, now)) && redeemedToday < STANDARD_DAILY_EXCHANGE;
}
