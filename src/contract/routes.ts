import { z } from "zod";
import { appConfigDataSchema } from "./app-config.ts";
import {
  captchaDataSchema,
  checkLoginDataSchema,
  humanCheckChallengeSchema,
  loginDataSchema,
  modifyPasswordBodySchema,
  registerBodySchema,
  sendEmailCodeBodySchema,
  sendEmailCodeDataSchema,
  socialLoginBodySchema,
  telegramLoginBodySchema,
  userLoginBodySchema,
  userLoginOtherBodySchema,
  walletNonceDataSchema,
} from "./auth.ts";
import { Limits } from "./constants.ts";
import { addFeedbackBodySchema, addFeedbackDataSchema } from "./feedback.ts";
import {
  categoryListDataSchema,
  coinListDataSchema,
  coinListQuerySchema,
  klineDataSchema,
  klineQuerySchema,
  marketStatusDataSchema,
  realTimePriceDataSchema,
  realTimePriceQuerySchema,
  sentimentDataSchema,
  symbolSearchDataSchema,
  symbolSearchQuerySchema,
  tokenInfoDataSchema,
  tokenInfoQuerySchema,
} from "./market.ts";
import { modelListDataSchema } from "./models.ts";
import {
  dailyHotDataSchema,
  hotWordsDataSchema,
  newsDetailQuerySchema,
  newsItemSchema,
  newsListDataSchema,
  newsListQuerySchema,
} from "./news.ts";
import { editionBodySchema, modifyProfileBodySchema, userInfoDataSchema, visitorInfoBodySchema } from "./user.ts";

const empty = z.object({});
const SMALL_BODY = 16 * 1024;

export interface RouteContract {
  method: "get" | "post";
  /** path under /v2/api */
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  /** largest body the route reads, in bytes (POST routes) */
  maxBodyBytes?: number;
  query?: z.ZodType;
  data: z.ZodType;
  /** error codes this route may answer besides 1001 and 4003 */
  errors?: readonly number[];
}

/** The routes built so far; the server mounts them and publishes them as OpenAPI. */
export const routes = {
  addFeedback: {
    method: "post",
    path: "/addFeedback",
    summary: "Send feedback (seriousness, type, bug location, content, contact, optional screenshot)",
    tag: "feedback",
    body: addFeedbackBodySchema,
    // a screenshot travels as base64 (4/3 of its bytes) beside a few short fields
    maxBodyBytes: Math.ceil((Limits.feedbackScreenshotMaxBytes * 4) / 3) + 16 * 1024,
    data: addFeedbackDataSchema,
  },
  modelList: {
    method: "get",
    path: "/llm/model/list",
    summary: "The model catalogue with each model's availability on this deployment",
    tag: "chat",
    data: modelListDataSchema,
  },
  appConfig: {
    method: "get",
    path: "/app/config",
    summary: "Which optional sign-in methods this deployment has configured",
    tag: "app",
    data: appConfigDataSchema,
  },
  getCaptcha: {
    method: "get",
    path: "/getCaptcha",
    summary: "A new image captcha (PNG as a data URL) and its id",
    tag: "accounts",
    data: captchaDataSchema,
  },
  humanCheckChallenge: {
    method: "get",
    path: "/humanCheck/challenge",
    summary: "A human-check challenge: self-hosted proof of work, or the Turnstile site key when configured",
    tag: "accounts",
    data: humanCheckChallengeSchema,
  },
  sendEmailCode: {
    method: "post",
    path: "/sendEmailCode",
    summary: "Email a six-digit code for sign-up or password reset (human check first; 60 s between sends)",
    tag: "accounts",
    body: sendEmailCodeBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: sendEmailCodeDataSchema,
    errors: [2001, 2005, 2015],
  },
  register: {
    method: "post",
    path: "/register",
    summary: "Create an email account with the emailed code",
    tag: "accounts",
    body: registerBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: z.object({ user_id: z.string() }),
    errors: [2005, 2006, 2015],
  },
  userLogin: {
    method: "post",
    path: "/userLogin",
    summary: "Sign in by email and password, or (type 1) by a signed Sign-In with Ethereum message",
    tag: "accounts",
    body: userLoginBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: loginDataSchema,
    errors: [2001, 2002],
  },
  modifyPassword: {
    method: "post",
    path: "/modifyPassword",
    summary: "Set a new password with the emailed code",
    tag: "accounts",
    body: modifyPasswordBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: empty,
    errors: [2001, 2006, 2015],
  },
  walletNonce: {
    method: "get",
    path: "/wallet/nonce",
    summary: "A single-use nonce and the welcome text for a Sign-In with Ethereum message",
    tag: "accounts",
    data: walletNonceDataSchema,
  },
  telegramLogin: {
    method: "post",
    path: "/telegramLogin",
    summary: "Sign in with the mini app's init data, verified with the bot token or Telegram's public key",
    tag: "accounts",
    body: telegramLoginBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: loginDataSchema,
  },
  userLoginOther: {
    method: "post",
    path: "/userLoginOther",
    summary: "Link the signed-in wallet to an email account (proven by its password) and sign in to it",
    tag: "accounts",
    body: userLoginOtherBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: loginDataSchema,
    errors: [2001, 2002, 4001],
  },
  socialLogin: {
    method: "post",
    path: "/socialLogin",
    summary: "Sign in with a Google access token (when Google sign-in is configured)",
    tag: "accounts",
    body: socialLoginBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: loginDataSchema,
  },
  checkLogin: {
    method: "get",
    path: "/checkLogin",
    summary: "Whether the token is a live session, and whose",
    tag: "accounts",
    data: checkLoginDataSchema,
    errors: [4001],
  },
  loginOut: {
    method: "get",
    path: "/loginOut",
    summary: "Revoke the session of the token",
    tag: "accounts",
    data: empty,
  },
  userInfo: {
    method: "get",
    path: "/user/info",
    summary: "The signed-in user's card, daily quotas, expiry and profile",
    tag: "accounts",
    data: userInfoDataSchema,
    errors: [4001],
  },
  visitorInfo: {
    method: "post",
    path: "/visitor/info",
    summary: "A visitor's daily allowance, by visitor id (the device number when absent)",
    tag: "accounts",
    body: visitorInfoBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: userInfoDataSchema,
  },
  modifyProfile: {
    method: "post",
    path: "/user/modifyProfile",
    summary: "Change the username (once a week) and/or the avatar (png/jpeg)",
    tag: "accounts",
    body: modifyProfileBodySchema,
    maxBodyBytes: 2 * 1024 * 1024,
    data: empty,
    errors: [2014, 4001],
  },
  setEdition: {
    method: "post",
    path: "/user/edition",
    summary: "Switch between the PLUS and Basic editions",
    tag: "accounts",
    body: editionBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: empty,
    errors: [4001],
  },
  marketStatus: {
    method: "get",
    path: "/market/status",
    summary: "Replay or live market, and the label the UI shows",
    tag: "market",
    data: marketStatusDataSchema,
  },
  getCoinList: {
    method: "get",
    path: "/getCoinList",
    summary: "Coins with last price and 24 h change, by category, searchable",
    tag: "market",
    query: coinListQuerySchema,
    data: coinListDataSchema,
  },
  symbolSearch: {
    method: "get",
    path: "/symbolSearch",
    summary: "Coins whose symbol or name matches",
    tag: "market",
    query: symbolSearchQuerySchema,
    data: symbolSearchDataSchema,
  },
  getRealTimePrice: {
    method: "get",
    path: "/getRealTimePrice",
    summary: "Last prices of the given coins",
    tag: "market",
    query: realTimePriceQuerySchema,
    data: realTimePriceDataSchema,
  },
  getKlineInfo: {
    method: "get",
    path: "/getKlineInfo",
    summary: "Candles (1h, 4h, 1d) of a coin up to the market time",
    tag: "market",
    query: klineQuerySchema,
    data: klineDataSchema,
  },
  getDashboardKline: {
    method: "get",
    path: "/getDashboardKline",
    summary: "Candles for the token dashboard (same as getKlineInfo)",
    tag: "market",
    query: klineQuerySchema,
    data: klineDataSchema,
  },
  tokenInfo: {
    method: "get",
    path: "/dashboard/token/info",
    summary: "A token's price, 1h/24h/7d change, volume, market cap and narrative",
    tag: "market",
    query: tokenInfoQuerySchema,
    data: tokenInfoDataSchema,
  },
  getDashboardSupCategory: {
    method: "get",
    path: "/getDashboardSupCategory",
    summary: "Dashboard categories with how many coins of this market belong to each",
    tag: "market",
    data: categoryListDataSchema,
  },
  getCoinSentiment: {
    method: "get",
    path: "/getCoinSentiment",
    summary: "Fear-and-greed index and the top-100 rising/falling counts",
    tag: "market",
    data: sentimentDataSchema,
  },
  newsRealTime: {
    method: "get",
    path: "/news/real/time",
    summary: "Latest news, newest first, paged by cursor",
    tag: "news",
    query: newsListQuerySchema,
    data: newsListDataSchema,
  },
  newsDetail: {
    method: "get",
    path: "/news/detail",
    summary: "One news item",
    tag: "news",
    query: newsDetailQuerySchema,
    data: newsItemSchema,
  },
  newsDailyHot: {
    method: "get",
    path: "/news/daily/hot",
    summary: "The day's hot news in English and Chinese",
    tag: "news",
    data: dailyHotDataSchema,
  },
  newsHotList: {
    method: "get",
    path: "/news/hot/list",
    summary: "Hot news ranked (ranks 1-3 shown as images)",
    tag: "news",
    query: newsListQuerySchema,
    data: newsListDataSchema,
  },
  hotWords: {
    method: "get",
    path: "/word/hot/get",
    summary: "Hot words ranked from recent headlines",
    tag: "news",
    data: hotWordsDataSchema,
  },
  boardNews: {
    method: "get",
    path: "/data/board/news",
    summary: "The home screen's top news",
    tag: "news",
    data: newsListDataSchema,
  },
} as const satisfies Record<string, RouteContract>;
