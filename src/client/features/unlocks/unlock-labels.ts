import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Points } from "../../../contract/constants.ts";
import type { UnlockScenario } from "../../../contract/unlocks.ts";

const hours = Points.unlockHours;

/** What an unlock gives, as the dialogs name it (spec §4: the strategy diagram, the 24-hour features, a chat). */
export const unlockLabels: Readonly<Record<UnlockScenario, MessageDescriptor>> = {
  STRATEGY_DIAGRAM: msg`Strategy diagram analysis`,
  CHAT: msg`One more chat today`,
  REPORT: msg`Research reports for ${hours} hours`,
  ADDRESS_ANALYSIS: msg`Address analysis for ${hours} hours`,
  DAILY_REPORT: msg`The daily report for ${hours} hours`,
  IN_DEPTH_ANALYSIS: msg`In-depth analysis for ${hours} hours`,
  AI_MARKET_ANALYSIS: msg`AI market analysis for ${hours} hours`,
  PRICE_FORECAST: msg`Forecast sharing for ${hours} hours`,
  INSIGHT: msg`Insight for ${hours} hours`,
};
