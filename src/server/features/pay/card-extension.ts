import { CardTier } from "../../../contract/constants.ts";
import { effectiveCard } from "../accounts/card.ts";

const DAY_MS = 86_400_000;

/** A user's membership card: the card and when it ends. */
export interface CardState {
  card: string;
  cardExpiresAt: Date | null;
}

/** How the cards rank: standard < trial < monthly < quarterly < annual. */
const RANK: Readonly<Record<string, number>> = {
  [CardTier.standard]: 0,
  [CardTier.trial]: 1,
  [CardTier.monthly]: 3,
  [CardTier.quarterly]: 4,
  [CardTier.annual]: 5,
};
const rankOf = (card: string): number => RANK[card] ?? 0;

/**
 * The card after buying a package of `card` for `days` days. Days bought are never lost and a card is never
 * lowered by a purchase:
 * - nothing running (standard, or the last card has ended): the package's card from now for its days;
 * - the same or a lower card running: the package's card, its days added to the running card's end (the days left
 *   of a trial carry over into the monthly bought on top of it);
 * - a higher card running (a monthly bought during an annual): the higher card stays, and its end moves out by the
 *   package's days. One card is in force at a time, so the lower card cannot queue after the higher one; keeping
 *   the better card for those days gives at least what was paid for.
 */
export function extendCard(current: CardState, bought: { card: string; days: number }, now: Date): CardState {
  const running = effectiveCard(current, now);
  const add = bought.days * DAY_MS;
  if (running === CardTier.standard || !current.cardExpiresAt) {
    return { card: bought.card, cardExpiresAt: new Date(now.getTime() + add) };
  }
  const end = new Date(current.cardExpiresAt.getTime() + add);
  return { card: rankOf(bought.card) >= rankOf(running) ? bought.card : running, cardExpiresAt: end };
}

/**
 * The card after a refunded package is taken back, as far as it still can be: its days come off the card's end.
 * When that end is then past, the user is back on the standard card. A card the package raised stays raised for
 * what is left (the card it replaced is not remembered).
 */
export function revokeCard(current: CardState, refunded: { days: number }, now: Date): CardState {
  const running = effectiveCard(current, now);
  if (running === CardTier.standard || !current.cardExpiresAt) return current;
  const end = new Date(current.cardExpiresAt.getTime() - refunded.days * DAY_MS);
  if (end.getTime() <= now.getTime()) return { card: CardTier.standard, cardExpiresAt: null };
  return { card: current.card, cardExpiresAt: end };
}
