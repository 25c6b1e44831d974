import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { CardTier } from "../../../contract/constants.ts";
import type { UserInfoData } from "../../../contract/user.ts";

/** How the membership card and the header badge show a user (spec §2, §3 card, §6 card tiers). */
export type MembershipView = "standard" | "trial" | "vip";

/**
 * Cards 3, 4, 5 are VIP; card 1, or "0" with unlimited use (spec §3), is a trial; anything else, and a visitor,
 * is standard.
 */
export function membershipView(info: UserInfoData | undefined): MembershipView {
  if (!info) return "standard";
  if (info.card === CardTier.monthly || info.card === CardTier.quarterly || info.card === CardTier.annual) {
    return "vip";
  }
  if (info.card === CardTier.trial || info.queryTimes.isUnlimited) return "trial";
  return "standard";
}

/** The plan a VIP card comes from, for the card's heading. */
export function cardPlanName(card: UserInfoData["card"]): MessageDescriptor | undefined {
  switch (card) {
    case CardTier.monthly:
      return msg`Monthly plan`;
    case CardTier.quarterly:
      return msg`Quarterly plan`;
    case CardTier.annual:
      return msg`Annual plan`;
    default:
      return undefined;
  }
}
