import { z } from "zod";
import { aiWalletRoutes } from "./ai-wallet.ts";
import { alarmRoutes } from "./alarms.ts";
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
  tonLoginBodySchema,
  tonProofPayloadDataSchema,
  userLoginBodySchema,
  userLoginOtherBodySchema,
  walletNonceDataSchema,
} from "./auth.ts";
import {
  chatEventSchemas,
  chatSendBodySchema,
  chatStopBodySchema,
  chatStopDataSchema,
  deletedDataSchema,
  delMessagesBodySchema,
  delMsgGroupListBodySchema,
  getShareMessagesDataSchema,
  getShareMessagesQuerySchema,
  imageListUploadBodySchema,
  imageListUploadDataSchema,
  messageListDataSchema,
  messageListQuerySchema,
  msgGroupListDataSchema,
  msgGroupListQuerySchema,
  PDF_UPLOAD_MAX_BYTES,
  pdfUploadBodySchema,
  pdfUploadDataSchema,
  polishDataSchema,
  polishQuerySchema,
  recommendDataSchema,
  recommendQuerySchema,
  shareMessagesBodySchema,
  shareMessagesDataSchema,
  swapAgentQuestionDataSchema,
  swapAgentQuestionQuerySchema,
  userRateDataSchema,
  userRateQuerySchema,
} from "./chat.ts";
import { Limits } from "./constants.ts";
import { depositRoutes } from "./deposits.ts";
import { addFeedbackBodySchema, addFeedbackDataSchema } from "./feedback.ts";
import {
  avatarParamsSchema,
  chatFigureParamsSchema,
  chatUploadParamsSchema,
  coinImageParamsSchema,
  compareFigureQuerySchema,
  priceFigureQuerySchema,
} from "./files.ts";
import { fxRateDataSchema, fxRateQuerySchema } from "./fx.ts";
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
  weeklyHotDataSchema,
} from "./news.ts";
import { payRoutes } from "./pay.ts";
import { pointsRoutes } from "./points.ts";
import {
  predictInfoDataSchema,
  predictInfoQuerySchema,
  predictShareBodySchema,
  predictShareDataSchema,
  weekPriceDataSchema,
  weekPriceQuerySchema,
} from "./predict.ts";
import { pushEventSchemas, pushQuerySchema } from "./push.ts";
import { reportRoutes } from "./report.ts";
import { aiRankingDataSchema, aiRankingQuerySchema, aiScoreDataSchema, aiScoreQuerySchema } from "./score.ts";
import { starsRoutes } from "./stars.ts";
import { swapRoutes } from "./swap.ts";
import { telegramRoutes } from "./telegram.ts";
import { unlockRoutes } from "./unlocks.ts";
import { editionBodySchema, modifyProfileBodySchema, userInfoDataSchema, visitorInfoBodySchema } from "./user.ts";

const empty = z.object({});
const SMALL_BODY = 16 * 1024;

export interface RouteContract {
  method: "get" | "post";
  /** path under /v2/api; `:name` marks a path parameter (named in `params`) */
  path: string;
  summary: string;
  tag: string;
  /** the JSON body the route validates (POST routes) */
  body?: z.ZodType;
  /** largest body the route reads, in bytes (POST routes) */
  maxBodyBytes?: number;
  /** the query parameters the route validates */
  query?: z.ZodType;
  /** the path parameters, by name */
  params?: z.ZodType;
  data: z.ZodType;
  /** error codes this route may answer besides 1001 and 4003 */
  errors?: readonly number[];
  /**
   * A streaming route answers text/event-stream with these events (`event: <name>`, `data: <json>`) instead of
   * the envelope; a request refused before the stream opens still answers the error envelope.
   */
  events?: Readonly<Record<string, z.ZodType>>;
  /**
   * A file of this media type instead of the envelope (`data` is then unused). Such routes are loaded by <img>
   * or read as a document, so they are served ahead of the API's guards: no device number or API key.
   */
  file?: string;
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
  fxRate: {
    method: "get",
    path: "/fx/rate",
    summary:
      "The ECB reference rate in force at the market time for showing USDT prices (read as USD) in EUR or CNY: units per US dollar, the day it was fixed for, and whether it was carried forward over a weekend or holiday; perUsd, date and source are null when there is none for the market date",
    tag: "market",
    query: fxRateQuerySchema,
    data: fxRateDataSchema,
  },
  newsRealTime: {
    method: "get",
    path: "/news/real/time",
    summary:
      "Latest news visible at market time, newest first, paged by cursor; coinAbbr keeps the items tagged with that coin",
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
    summary:
      "The day's hot news in English and Chinese (each item says its language): the last 24 hours' items ranked by score as in news/weekly/hot",
    tag: "news",
    data: dailyHotDataSchema,
  },
  newsWeeklyHot: {
    method: "get",
    path: "/news/weekly/hot",
    summary:
      "The week's hot news: items of the 7 days before the newest visible one, ranked by score = the sum, over its terms and coins that the week mentions more often than the whole archive does, of (how many other items of the week share it) x ln(that ratio)",
    tag: "news",
    data: weeklyHotDataSchema,
  },
  newsHotList: {
    method: "get",
    path: "/news/hot/list",
    summary: "Hot news ranked as in news/weekly/hot, paged (ranks 1-3 shown as images)",
    tag: "news",
    query: newsListQuerySchema,
    data: newsListDataSchema,
  },
  hotWords: {
    method: "get",
    path: "/word/hot/get",
    summary:
      "Hot words: terms and coins of the last 24 hours' items ranked by how much more often they occur there than in the whole archive",
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
  tonProofPayload: {
    method: "get",
    path: "/ton/proof/payload",
    summary: "A single-use payload for a TON Connect ton_proof (expires with the proof's 15 minutes)",
    tag: "accounts",
    data: tonProofPayloadDataSchema,
  },
  tonLogin: {
    method: "post",
    path: "/tonLogin",
    summary: "Sign in with a TON wallet: TON Connect's ton_proof over our payload, checked against its state_init",
    tag: "accounts",
    body: tonLoginBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: loginDataSchema,
  },
  chatSend: {
    method: "post",
    path: "/chat/send",
    summary:
      "Ask a question: the answer streams as Server-Sent Events start, text, tool, then done or error (5004/20006 alone when no chats are left)",
    tag: "chat",
    body: chatSendBodySchema,
    // a recorded question travels as base64 beside the text
    maxBodyBytes: 8 * 1024 * 1024 + 64 * 1024,
    // success is the event stream, not an envelope
    data: z.null(),
    events: chatEventSchemas,
    errors: [5004, 20006],
  },
  chatStop: {
    method: "post",
    path: "/chat/stop",
    summary: "Stop the answer streaming in a chat (on any API node); the partial answer is kept as stopped",
    tag: "chat",
    body: chatStopBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: chatStopDataSchema,
  },
  getMsgGroupList: {
    method: "get",
    path: "/getMsgGroupList",
    summary: "The caller's chats, newest activity first, paged",
    tag: "chat",
    query: msgGroupListQuerySchema,
    data: msgGroupListDataSchema,
  },
  getMessageList: {
    method: "get",
    path: "/getMessageList",
    summary: "The messages of one of the caller's chats, oldest first (none for a chat not opened yet)",
    tag: "chat",
    query: messageListQuerySchema,
    data: messageListDataSchema,
  },
  delMsgGroupList: {
    method: "post",
    path: "/delMsgGroupList",
    summary: "Delete some of the caller's chats; answers how many were deleted",
    tag: "chat",
    body: delMsgGroupListBodySchema,
    // up to 200 ids
    maxBodyBytes: 32 * 1024,
    data: deletedDataSchema,
  },
  delMessages: {
    method: "post",
    path: "/delMessages",
    summary: "Delete some of the caller's messages by code; answers how many were deleted",
    tag: "chat",
    body: delMessagesBodySchema,
    // up to 200 ids
    maxBodyBytes: 32 * 1024,
    data: deletedDataSchema,
  },
  userRate: {
    method: "post",
    path: "/userRate",
    summary: "Rate one of the caller's answers (query code and rate: 1 up, -1 down, 0 none)",
    tag: "chat",
    query: userRateQuerySchema,
    data: userRateDataSchema,
  },
  imageListUpload: {
    method: "post",
    path: "/imageListUpload",
    summary:
      "Upload chat images (at most 5 png/jpeg, each at most 10485760 bytes); answers the paths they are served at",
    tag: "chat",
    body: imageListUploadBodySchema,
    // five images as base64 (4/3 of their bytes) beside short fields
    maxBodyBytes: Math.ceil((Limits.chatImagesMax * Limits.chatImageMaxBytes * 4) / 3) + 64 * 1024,
    data: imageListUploadDataSchema,
  },
  pdfUpload: {
    method: "post",
    path: "/pdfUpload",
    summary: "Upload a PDF (application/pdf, at most 20 MB); its text is extracted for the model's context",
    tag: "chat",
    body: pdfUploadBodySchema,
    maxBodyBytes: Math.ceil((PDF_UPLOAD_MAX_BYTES * 4) / 3) + 16 * 1024,
    data: pdfUploadDataSchema,
  },
  instructionPolish: {
    method: "get",
    path: "/instruction/polish",
    summary: "Polish a prompt into a clear question in the same language; data is the revised text",
    tag: "chat",
    query: polishQuerySchema,
    data: polishDataSchema,
  },
  chatRecommend: {
    method: "get",
    path: "/chat/recommend",
    summary: "Recommended questions the analyst can answer; each call (or seed) gives the next ones",
    tag: "chat",
    query: recommendQuerySchema,
    data: recommendDataSchema,
  },
  getSwapAgentQuestion: {
    method: "get",
    path: "/getSwapAgentQuestion",
    summary: "Suggested questions for the aiSwap tab (data.content1)",
    tag: "chat",
    query: swapAgentQuestionQuerySchema,
    data: swapAgentQuestionDataSchema,
  },
  shareMessages: {
    method: "post",
    path: "/shareMessages",
    summary: "Share 1 to 6 messages of one's chat as a public page; answers its code, path, QR code and summary",
    tag: "chat",
    body: shareMessagesBodySchema,
    maxBodyBytes: SMALL_BODY,
    data: shareMessagesDataSchema,
  },
  getShareMessages: {
    method: "get",
    path: "/getShareMessages",
    summary: "A shared chat's snapshot by code (public: no sign-in needed)",
    tag: "chat",
    query: getShareMessagesQuerySchema,
    data: getShareMessagesDataSchema,
  },
  push: {
    method: "get",
    path: "/push",
    summary:
      "The live channel (Server-Sent Events): hello, lang, then a tick after every market refresh and news for each new item; with a push ticket also the account's fired alarms and limit order outcomes",
    tag: "market",
    query: pushQuerySchema,
    data: z.null(),
    events: pushEventSchemas,
  },
  openApi: {
    method: "get",
    path: "/openapi.json",
    summary: "This document: the contract's routes generated from the schemas the server validates with",
    tag: "app",
    data: z.null(),
    file: "application/json",
  },
  userAvatar: {
    method: "get",
    path: "/user/avatar/:id",
    summary: "A user's avatar image (png/jpeg); the `?v=` of user info's link changes with the image",
    tag: "accounts",
    params: avatarParamsSchema,
    data: z.null(),
    file: "image/*",
  },
  coinImage: {
    method: "get",
    path: "/coin/image/:file",
    summary: "A coin's generated image, `{SYMBOL}.svg`",
    tag: "market",
    params: coinImageParamsSchema,
    data: z.null(),
    file: "image/svg+xml",
  },
  chatUpload: {
    method: "get",
    path: "/chat/upload/:id",
    summary: "An uploaded chat image (files_url of imageListUpload), public to whoever has its unguessable id",
    tag: "chat",
    params: chatUploadParamsSchema,
    data: z.null(),
    file: "image/*",
  },
  chatFigure: {
    method: "get",
    path: "/chat/figure/:file",
    summary: "A price chart of a coin's completed candles, `{SYMBOL}.svg`, as answers embed it",
    tag: "chat",
    params: chatFigureParamsSchema,
    query: priceFigureQuerySchema,
    data: z.null(),
    file: "image/svg+xml",
  },
  chatFigureCompare: {
    method: "get",
    path: "/chat/figure/compare.svg",
    summary: "Two coins' closing prices normalised to 100 (served by the figure route's `compare.svg`)",
    tag: "chat",
    query: compareFigureQuerySchema,
    data: z.null(),
    file: "image/svg+xml",
  },
  getPredictInfo: {
    method: "get",
    path: "/getPredictInfo",
    summary:
      "A coin's price forecast (48 hourly or 7 daily steps with an 80% band) with its record against the naive forecast",
    tag: "predict",
    query: predictInfoQuerySchema,
    data: predictInfoDataSchema,
  },
  getWeekPrice: {
    method: "get",
    path: "/getWeekPrice",
    summary: "The next 7 daily closes forecast for a coin, with bands and the daily record's headline figures",
    tag: "predict",
    query: weekPriceQuerySchema,
    data: weekPriceDataSchema,
  },
  sharePicPricePrediction: {
    method: "post",
    path: "/share/pic/price_prediction",
    summary:
      "A coin's price forecast as a PNG card to share (1200x630, data URL), with its record against the naive forecast and the caveat, in English or Chinese",
    tag: "predict",
    body: predictShareBodySchema,
    maxBodyBytes: 4 * 1024,
    data: predictShareDataSchema,
  },
  aiScore: {
    method: "get",
    path: "/dashboard/token/score",
    summary: "A coin's AI score (0-100) with its parts and weights, and the score's validation",
    tag: "market",
    query: aiScoreQuerySchema,
    data: aiScoreDataSchema,
  },
  aiRanking: {
    method: "get",
    path: "/ai_ranking",
    summary: "Coins by AI score, highest first, within a dashboard category",
    tag: "market",
    query: aiRankingQuerySchema,
    data: aiRankingDataSchema,
  },
  ...telegramRoutes,
  ...reportRoutes,
  ...pointsRoutes,
  ...depositRoutes,
  ...unlockRoutes,
  ...starsRoutes,
  ...payRoutes,
  ...swapRoutes,
  ...alarmRoutes,
  ...aiWalletRoutes,
} as const satisfies Record<string, RouteContract>;
