/** Business constants and limits of the spec (§9, §5). Later features read them from here. */

export const API_PREFIX = "/v2/api";

/** Header names every call may carry (spec §7). */
export const Headers = {
  deviceNo: "x-device-no",
  authorization: "authorization",
  apiKey: "x-api-key",
  requestId: "x-request-id",
} as const;

/** A device number is created by the client once and persisted. */
export const DEVICE_NO_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const REQUEST_TIMEOUT_MS = 1_200_000;

export const Quotas = {
  visitorDailyChats: 1,
  /**
   * visitors from one address (an IPv4 address, an IPv6 /64) share this many times the visitor's daily chats:
   * room for a household or office behind one NAT, not for a client that makes up a device number per call
   */
  visitorsPerAddress: 5,
  userDailyChats: 2,
  plusExtraDailyChats: 20,
  newUserVipDays: 7,
  trialPackageDays: [1, 3],
  planDailyChats: { monthly: 10, quarterly: 15, annual: 20 },
  planAdvancedAnalysis: { monthly: 5, quarterly: 20, annual: 90 },
  basicPlanDiscountPercent: 30,
  /**
   * Unlocks a standard user may make a day without points (user info `allowance_num`, the confirm-unlock dialog of
   * spec §4 state 2). The spec gives no number: one a day lets a standard user try a strategy diagram or a 24-hour
   * feature before paying. Trial and VIP cards never need one (state 1: unlimited); the plans' advanced-analysis
   * numbers (§9) stay nominal, as the app shows VIP as unlimited.
   */
  standardDailyUnlocks: 1,
  /**
   * Chats a standard user may redeem with points a day once the free ones are used up (user info
   * `queryTimes.exchange`, spec §8 20006). The spec gives no number: five keep a busy day going while a plan stays
   * the way to chat without counting.
   */
  dailyChatRedemptions: 5,
} as const;

export const CardTier = { standard: "0", trial: "1", monthly: "3", quarterly: "4", annual: "5" } as const;

export const PlanProductId = { monthly: 3, quarterly: 4 } as const;

/**
 * The packages on sale (spec §3 package product, §6 plans, §9). The spec names the packages and product ids
 * (3 monthly, 4 quarterly, any other annual) but not their prices or lengths: these are ours. `card` is the
 * membership card a purchase gives for `days` days; trials can be bought once per account (9004 after).
 */
export const Packages = [
  { productId: 1, name: "trial1", card: "1", days: 1, priceUsdt: "0.99", oncePerAccount: true },
  { productId: 2, name: "trial3", card: "1", days: 3, priceUsdt: "2.49", oncePerAccount: true },
  { productId: 3, name: "monthly", card: "3", days: 30, priceUsdt: "19.99", oncePerAccount: false },
  { productId: 4, name: "quarterly", card: "4", days: 90, priceUsdt: "49.99", oncePerAccount: false },
  { productId: 5, name: "annual", card: "5", days: 365, priceUsdt: "159.99", oncePerAccount: false },
] as const;

/**
 * The points products (spec §3 points product: chargeId, productId, points, extraPoints, price). 1 USDT = 1000
 * points (§9); the bonus for larger recharges is ours.
 */
export const PointsProducts = [
  { chargeId: 1, productId: 101, points: 1_000, extraPoints: 0, priceUsdt: "1" },
  { chargeId: 2, productId: 102, points: 5_000, extraPoints: 250, priceUsdt: "5" },
  { chargeId: 3, productId: 103, points: 10_000, extraPoints: 1_000, priceUsdt: "10" },
  { chargeId: 4, productId: 104, points: 50_000, extraPoints: 7_500, priceUsdt: "50" },
] as const;

/** USDT amounts are kept as integers of micro-USDT (6 decimals) on the server and in the database. */
export const MICRO_PER_USDT = 1_000_000;

export const Points = {
  perUsdt: 1000,
  minUsdt: 0.1,
  adviseRechargeAboveUsdt: 10,
  inviteRewardMin: 10,
  inviteRewardMax: 100,
  shareRewards: { downloadImage: 200, copyLink: 100, wechat: 300, twitter: 300, facebook: 300, weibo: 300 },
  shareRewardsPerDay: 10,
  /**
   * Twitter (X) tasks, once each per user. The spec names the tasks (§1) but no amounts: ours, the same as a share
   * on Twitter.
   */
  twitterTaskRewards: { follow: 300, repost: 300 },
  strategyDiagramUnlock: 4000,
  unlockHours: 24,
  /**
   * A 24-hour unlock of one feature (spec §4: report, address analysis, daily report, in-depth analysis, AI market
   * analysis, price forecast, insight). The spec gives no price: 1 USDT a day is a quarter of a strategy diagram, and
   * about 20 such days cost what the monthly plan does (19.99 USDT for 30 days of everything), so a day now and then
   * is cheap while daily use points to a plan.
   */
  unlock24hPoints: 1000,
  /**
   * One more chat today once the free ones are used up (spec §8 20006). The spec gives no price: 0.1 USDT is the
   * smallest amount a recharge counts (§9), and one share reward (100-300 points) pays for one to three chats.
   */
  chatRedeemPoints: 100,
  /**
   * Daily check-in (points/sign). The spec has a check-in but gives no amounts, so these are our choice: the first
   * day of a streak earns `checkInBase`; each further consecutive UTC day adds `checkInStreakBonus`, up to
   * `checkInStreakBonusMaxDays` days (10, 15, ... 40 points from the 7th day on), so a week's habit is worth more
   * than a single visit while no streak grows the award without end. A missed day starts the streak again.
   */
  checkInBase: 10,
  checkInStreakBonus: 5,
  checkInStreakBonusMaxDays: 7,
} as const;

/** The points one check-in earns on the given day of a streak (1 = the first day). */
export function checkInPoints(streakDay: number): number {
  const bonusDays = Math.min(Math.max(streakDay, 1), Points.checkInStreakBonusMaxDays) - 1;
  return Points.checkInBase + bonusDays * Points.checkInStreakBonus;
}

export const Limits = {
  passwordMin: 6,
  passwordMax: 20,
  usernameMax: 20,
  usernameChangeDays: 7,
  feedbackContentMax: 200,
  feedbackContactMax: 100,
  /** decoded bytes of a feedback screenshot; the spec leaves the size open */
  feedbackScreenshotMaxBytes: 5 * 1024 * 1024,
  questionMax: 5000,
  chatImagesMax: 5,
  chatImageMaxBytes: 10_485_760,
  chatImageCompressAboveBytes: 1_048_576,
  chatImageCompressQuality: 0.5,
  hashMin: 5,
  hashMax: 150,
  shareSelectionMin: 1,
  shareSelectionMax: 6,
  compareMax: 2,
  resendSeconds: 60,
  wrongCodeLockMinutes: 15,
  wrongCodesBeforeLock: 3,
  /** OWASP ASVS 2.2.1: this many wrong passwords for one address within the window lock its sign-in */
  wrongPasswordsBeforeLock: 10,
  wrongPasswordWindowMinutes: 15,
  wrongPasswordLockMinutes: 15,
  orderPageSize: 20,
  shareSummaryMax: 140,
  audioSkipSeconds: 15,
  historyPanelMax: 20,
} as const;

export const Timing = {
  popupPollMs: 15_000,
  carouselMs: 3_000,
  marqueeMs: 30_000,
  newsToastMs: 6_000,
  subscribedNewsMax: 5,
  hotNewsTileMs: 10_000,
  basicEditionTipMs: 3_000,
  voiceAutoStopMs: 5_000,
  voiceAutoSendMs: 1_000,
  debounceMs: 1_000,
  shareLockMs: 2_000,
  sidePanelMs: 300,
  updateCheckMs: 600_000,
  newChatSendDelayMs: 500,
  swapEntrySendDelayMs: 1_000,
} as const;

export const Breakpoints = {
  main: 900,
  hotWords: 800,
  homeTabs: 768,
  mid: 700,
  tabArrows: 500,
  narrowDialogs: 480,
  headerZh: 1150,
  headerEn: 1400,
} as const;

export const Predictions = {
  hourlyHorizonHours: 48,
  dailyHorizonDays: 7,
  chartPastDays: 14,
  winRateWindowDays: 90,
  winRateWindowHours: 24,
  aiScoreBands: [20, 40, 60, 80, 100],
} as const;

export const Swap = {
  slippageWarnPercent: 15,
  walletConnectChainIds: [1, 10, 56, 100, 137, 324, 42161, 42220, 43114],
  topUpChainIds: [1, 56, 137],
  btcChainId: 1994,
  tronLinkChainId: 9999,
} as const;
