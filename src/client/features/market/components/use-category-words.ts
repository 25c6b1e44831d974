import { useLingui } from "@lingui/react/macro";
import {
  type CategoryEmptyReason,
  type DashboardCategory,
  GAINER_CATEGORY_SIZE,
  HOT_CATEGORY_SIZE,
} from "../../../../contract/market.ts";

/**
 * A category's rule and its empty reason in the reader's language. The server sends both in English for readers of
 * the API (coinList / getDashboardSupCategory); the app words them itself from the category, the reason's code and
 * the market's mode. `label` is the category's shown name ("DeFAI").
 */
export function useCategoryWords() {
  const { t } = useLingui();
  const hotSize = HOT_CATEGORY_SIZE;
  const gainerSize = GAINER_CATEGORY_SIZE;
  return {
    rule(category: DashboardCategory, label: string): string {
      if (category === "total") return t`Every coin of this market, by market-cap rank; coins without a rank follow.`;
      if (category === "hot") return t`The ${hotSize} coins with the highest 24h trading volume in USDT.`;
      if (category === "gainer") return t`The ${gainerSize} coins that rose most over the last 24 hours.`;
      return t`Coins the market's data tags ${label}, by market-cap rank.`;
    },
    reason(reason: CategoryEmptyReason, label: string, mode: "replay" | "live"): string {
      switch (reason.code) {
        case "untagged":
          return mode === "replay"
            ? t`No coin in the replay data is tagged ${label}. Live data may have some.`
            : t`No coin this market prices is tagged ${label} by its source yet.`;
        case "noneRose":
          return t`No coin rose over the last 24 hours.`;
        case "noPrices":
          return t`No coin has prices at this market time.`;
        default:
          return reason.text;
      }
    },
  };
}
