import { type Clock, startOfUtcDay } from "../../providers/clock.ts";
import { kycNeeded } from "../swap/swap-validation.ts";

/**
 * The AI wallet's daily exchange limit (AI_WALLET_DAILY_LIMIT_USD, spec §8 331): what one account's AI wallet swapped
 * (market swaps and limit executions) and withdrew in a UTC day, at the USD values stored when each was made. The one
 * owner of "AI wallet USD used today": withdrawals, AI market swaps, limit placement and limit execution all check
 * against it, and the wallet's screen shows it.
 */
export interface AiWalletDailyLimit {
  readonly limitUsd: number;
  /** USD the account's AI wallet swapped and withdrew since `since` */
  usedSince(userId: number, since: Date): Promise<number>;
  /** USD the account's AI wallet swapped and withdrew in the UTC day of now */
  usedToday(userId: number): Promise<number>;
  /** 331 kycNeeded when today's use and `usd` together pass the limit */
  check(userId: number, usd: number): Promise<void>;
}

export function createAiWalletDailyLimit(deps: {
  limitUsd: number;
  /** USD of the account's swaps from its AI wallet since the time */
  swapUsdSince(userId: number, since: Date): Promise<number>;
  /** USD of the account's withdrawals that moved (or will move) coins since the time */
  withdrawUsdSince(userId: number, since: Date): Promise<number>;
  clock: Clock;
}): AiWalletDailyLimit {
  const { limitUsd, clock } = deps;
  const usedSince = async (userId: number, since: Date) => {
    const [swaps, withdrawn] = await Promise.all([
      deps.swapUsdSince(userId, since),
      deps.withdrawUsdSince(userId, since),
    ]);
    return swaps + withdrawn;
  };
  const usedToday = (userId: number) => usedSince(userId, startOfUtcDay(clock.now()));
  return {
    limitUsd,
    usedSince,
    usedToday,
    async check(userId, usd) {
      if ((await usedToday(userId)) + usd > limitUsd) throw kycNeeded(limitUsd);
    },
  };
}
