import { Hono } from "hono";
import { compress } from "hono/compress";
import { API_PREFIX } from "../../contract/constants.ts";
import { ErrorCode } from "../../contract/errors.ts";
import { routes } from "../../contract/routes.ts";
import { ApiError } from "../api-error.ts";
import type { Config } from "../config.ts";
import type { CaptchaService } from "../features/accounts/captcha.service.ts";
import type { EmailAuthService } from "../features/accounts/email-auth.service.ts";
import type { IdentityAuthService } from "../features/accounts/identity-auth.service.ts";
import type { SessionsService } from "../features/accounts/sessions.service.ts";
import type { TonAuthService } from "../features/accounts/ton-auth.service.ts";
import type { UserInfoService } from "../features/accounts/user-info.service.ts";
import type { AiSwapService } from "../features/ai-wallet/ai-swap.service.ts";
import type { AiWalletService } from "../features/ai-wallet/ai-wallet.service.ts";
import type { LimitOrdersService } from "../features/ai-wallet/limit-orders.service.ts";
import type { AlarmService } from "../features/alarms/alarm-ports.ts";
import type { PushTickets } from "../features/alarms/push-tickets.ts";
import type { ChatService } from "../features/chat/chat.service.ts";
import type { ChatExtras } from "../features/chat/extras/chat-extras.ts";
import type { FeedbackService } from "../features/feedback/feedback.service.ts";
import type { FxService } from "../features/fx/fx.service.ts";
import type { MarketService } from "../features/market/market.service.ts";
import type { ModelCatalogueService } from "../features/models/model-catalogue.service.ts";
import type { NewsService } from "../features/news/news.service.ts";
import type { DepositService } from "../features/pay/deposits/deposit.service.ts";
import type { PayService } from "../features/pay/pay.service.ts";
import type { StarsInvoiceService } from "../features/pay/stars/stars-invoices.service.ts";
import type { PointsService } from "../features/points/points.service.ts";
import type { PredictService } from "../features/predict/predict.service.ts";
import type { ReportService } from "../features/report/report.service.ts";
import type { ScoreService } from "../features/score/score.service.ts";
import type { SwapAssistant } from "../features/swap/ai/swap-assistant.ts";
import type { SwapService } from "../features/swap/swap.service.ts";
import type { UnlocksService } from "../features/unlocks/unlocks.service.ts";
import type { Logger } from "../logger.ts";
import type { HumanCheck } from "../providers/human-check.ts";
import type { RateLimiter } from "../providers/rate-limiter.ts";
import type { RedisHealth } from "../providers/redis.ts";
import type { AppEnv } from "./app-env.ts";
import { fail } from "./envelope.ts";
import { apiKeyGuard, authRateLimit, deviceAndToken, rateLimit } from "./middleware/api-guards.ts";
import { requestContext, requestLog } from "./middleware/request-context.ts";
import { requestDevice, SIGN_IN_PATHS } from "./middleware/request-device.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { sessionResolver } from "./middleware/session.ts";
import { buildOpenApiDocument } from "./openapi.ts";
import { aiTradeRoutes } from "./routes/ai-trade.routes.ts";
import { aiWalletRoutes } from "./routes/ai-wallet.routes.ts";
import { alarmRoutes } from "./routes/alarm.routes.ts";
import { appConfigRoutes } from "./routes/app-config.routes.ts";
import { chatRoutes } from "./routes/chat.routes.ts";
import {
  chatExtrasRoutes,
  chatUploadFileRoutes,
  SHARE_PAGE_ROUTE,
  sharePageMeta,
} from "./routes/chat-extras.routes.ts";
import { chatFigureRoutes } from "./routes/chat-figure.routes.ts";
import { depositRoutes } from "./routes/deposit.routes.ts";
import type { DevOutboxRoutes } from "./routes/dev-outbox.routes.ts";
import { emailAuthRoutes } from "./routes/email-auth.routes.ts";
import { feedbackRoutes } from "./routes/feedback.routes.ts";
import { fxRoutes } from "./routes/fx.routes.ts";
import { identityAuthRoutes } from "./routes/identity-auth.routes.ts";
import { legacyApiRoutes } from "./routes/legacy-api.routes.ts";
import { coinImageRoutes, marketRoutes } from "./routes/market.routes.ts";
import { modelRoutes } from "./routes/models.routes.ts";
import { newsRoutes } from "./routes/news.routes.ts";
import { payRoutes } from "./routes/pay.routes.ts";
import { type PointsRewards, pointsRoutes } from "./routes/points.routes.ts";
import { predictRoutes } from "./routes/predict.routes.ts";
import { type PushHub, pushRoutes } from "./routes/push.routes.ts";
import { reportPdfRoutes, reportRoutes } from "./routes/report.routes.ts";
import { scoreRoutes } from "./routes/score.routes.ts";
import { sessionRoutes } from "./routes/session.routes.ts";
import { starsRoutes } from "./routes/stars.routes.ts";
import { swapRoutes } from "./routes/swap.routes.ts";
import { swapAssistantRoutes } from "./routes/swap-assistant.routes.ts";
import { type TelegramShareRouteDeps, telegramShareRoutes } from "./routes/telegram-share.routes.ts";
import { type TelegramWebhookReceiver, telegramWebhookRoutes } from "./routes/telegram-webhook.routes.ts";
import { tonAuthRoutes, tonConnectManifestRoutes } from "./routes/ton-auth.routes.ts";
import { requireUnlock, unlocksRoutes } from "./routes/unlocks.routes.ts";
import { avatarRoutes, userRoutes } from "./routes/user.routes.ts";
import { spaRoutes } from "./spa.ts";

export interface HttpDeps {
  config: Pick<
    Config,
    | "apiKey"
    | "trustProxy"
    | "staticDir"
    | "publicUrl"
    | "google"
    | "walletConnectProjectId"
    | "turnstile"
    | "telegram"
    | "tonConnect"
    | "siwe"
  >;
  logger: Logger;
  version: string;
  limiters: { byDevice: RateLimiter; byAddress: RateLimiter; auth: RateLimiter };
  /** throws when the database does not answer */
  ping(): Promise<void>;
  /** Redis, when configured: its health, and whether the node is unready without it (REDIS_REQUIRED) */
  redis?: { required: boolean; health(): Promise<RedisHealth> };
  /** the development mail outbox (page + JSON); composed by the server, off in production */
  devOutbox?: DevOutboxRoutes;
  services: {
    feedback: FeedbackService;
    models: ModelCatalogueService;
    sessions: SessionsService;
    captcha: CaptchaService;
    humanCheck: HumanCheck;
    emailAuth: EmailAuthService;
    identityAuth: IdentityAuthService;
    tonAuth: TonAuthService;
    userInfo: UserInfoService;
    accountName(userId: number): Promise<string>;
    market: MarketService;
    /** the AI score of the market's coins */
    score: ScoreService;
    /** the rate prices are shown in other currencies with */
    fx: FxService;
    news: NewsService;
    /** price forecasts with their record */
    predict: PredictService;
    /** research reports, shared by code, and their PDF */
    report: ReportService;
    chat: ChatService;
    chatExtras: ChatExtras;
    /** the points center: balance, daily check-in, history */
    points: PointsService;
    /** Telegram Stars invoices (with the bot) */
    stars: StarsInvoiceService;
    /** unlocks and redemption with points; guards the features a 24-hour unlock opens */
    unlocks: UnlocksService;
    /** plans and payments: the USDT account, purchases, orders and their popups */
    pay: PayService;
    /** USDT deposits checked on chain */
    deposits: DepositService;
    /** the points system's rewards: invitations, shares, Twitter tasks */
    pointsRewards: PointsRewards;
    /** swaps from the user's own wallet: chains, tokens, balances, quotes, orders and their tracking */
    swap: SwapService;
    /** the swap assistant: a swap request in words read into a draft, and the tokens people trade */
    swapAssistant: SwapAssistant;
    /** the AI wallet of email accounts: its coins, funding, withdrawals with an emailed code, the key's export */
    aiWallet: AiWalletService;
    /** trading from the AI wallet: market swaps and limit orders */
    aiTrade: { swaps: AiSwapService; limits: LimitOrdersService };
    /** price alarms of the signed-in user, and the tickets that open the push channel as them */
    alarms: AlarmService;
    pushTickets: PushTickets;
  };
  /** this node's end of the live push channel (closed by the server on shutdown) */
  push: PushHub;
  /** the Telegram bot's webhook (POST /telegram/webhook/<secret>), when the bot is on (BOT_TOKEN) */
  telegramWebhook?: TelegramWebhookReceiver;
  /** sharing chats into Telegram and the daily digest's settings, when the bot is on */
  telegramApp?: TelegramShareRouteDeps["telegram"];
}

/** Routes that send mail, check passwords or mint identities get a tighter allowance per device and address. */
const AUTH_PATHS = [
  routes.getCaptcha.path,
  routes.sendEmailCode.path,
  routes.register.path,
  routes.userLogin.path,
  routes.modifyPassword.path,
  routes.telegramLogin.path,
  routes.walletNonce.path,
  routes.userLoginOther.path,
  routes.socialLogin.path,
];

/** The whole HTTP surface: health, the /v2/api contract, its OpenAPI document and the web app. */
export function createHttpApp(deps: HttpDeps) {
  const app = new Hono<AppEnv>();
  const openApi = buildOpenApiDocument(deps.version);

  app.use(requestContext(deps.logger, deps.config.trustProxy));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await deps.ping();
    } catch (error) {
      requestLog(c).warn({ err: error }, "database not ready");
      return c.json({ status: "unavailable" }, 503);
    }
    if (!deps.redis) return c.json({ status: "ready" });
    const redis = await deps.redis.health();
    if (redis.state === "up") return c.json({ status: "ready", redis: "up" });
    if (deps.redis.required) return c.json({ status: "unavailable", redis: "down" }, 503);
    // limits and pushes run in process: this node serves, but alone
    return c.json({ status: "degraded", redis: "down", redisFallbacks: redis.fallbacks, redisOutages: redis.outages });
  });
  app.get(`${API_PREFIX}${routes.openApi.path}`, (c) => c.json(openApi));

  const api = new Hono<AppEnv>();
  api.use(apiKeyGuard(deps.config.apiKey));
  api.use(deviceAndToken());
  for (const path of SIGN_IN_PATHS) api.use(path, requestDevice());
  api.use(rateLimit(deps.limiters));
  api.use(sessionResolver(deps.services.sessions));
  for (const path of AUTH_PATHS) api.use(path, authRateLimit(deps.limiters.auth));
  const services = deps.services;
  api.route("/", feedbackRoutes(services.feedback));
  api.route("/", modelRoutes(services.models));
  api.route(
    "/",
    appConfigRoutes({
      googleClientId: deps.config.google?.clientId ?? null,
      walletConnectProjectId: deps.config.walletConnectProjectId ?? null,
      turnstileSiteKey: deps.config.turnstile?.siteKey ?? null,
      telegramBotId: deps.config.telegram.botId ?? null,
      tonConnectManifestUrl: deps.config.tonConnect.manifestUrl ?? null,
      signInChainIds: deps.config.siwe.chainIds,
    }),
  );
  api.route(
    "/",
    sessionRoutes({
      sessions: services.sessions,
      emailAuth: services.emailAuth,
      identityAuth: services.identityAuth,
      accountName: services.accountName,
    }),
  );
  api.route(
    "/",
    emailAuthRoutes({ captcha: services.captcha, humanCheck: services.humanCheck, emailAuth: services.emailAuth }),
  );
  api.route("/", identityAuthRoutes({ identityAuth: services.identityAuth }));
  api.route("/", tonAuthRoutes({ tonAuth: services.tonAuth, authLimiter: deps.limiters.auth }));
  api.route("/", userRoutes({ userInfo: services.userInfo }));
  api.route("/", marketRoutes(services.market, services.score));
  api.route("/", scoreRoutes(services.score));
  api.route("/", fxRoutes(services.fx));
  api.route("/", newsRoutes(services.news));
  api.route("/", payRoutes(services.pay));
  api.route("/", depositRoutes(services.deposits));
  api.route("/", swapRoutes(services.swap));
  api.route("/", swapAssistantRoutes(services.swapAssistant));
  api.route("/", aiWalletRoutes(services.aiWallet));
  api.route("/", aiTradeRoutes(services.aiTrade));
  // the features a 24-hour unlock opens, guarded for standard users (spec §4): the forecast card, making a report
  api.use(routes.sharePicPricePrediction.path, requireUnlock(services.unlocks, "PRICE_FORECAST"));
  api.use(routes.createReport.path, requireUnlock(services.unlocks, "REPORT"));
  api.route("/", predictRoutes(services.predict));
  api.route("/", reportRoutes(services.report));
  api.route("/", pointsRoutes(services.points, services.pointsRewards));
  api.route("/", unlocksRoutes(services.unlocks));
  api.route("/", starsRoutes(services.stars));
  api.route("/", chatRoutes({ chat: services.chat }));
  const shareLinks = { publicUrl: deps.config.publicUrl };
  api.route("/", chatExtrasRoutes({ extras: services.chatExtras, ...shareLinks }));
  api.route("/", alarmRoutes({ alarms: services.alarms, tickets: services.pushTickets }));
  api.route(
    "/",
    pushRoutes({ hub: deps.push, status: () => services.market.view().status, tickets: services.pushTickets }),
  );
  api.route("/", telegramShareRoutes({ telegram: deps.telegramApp, ...shareLinks }));
  api.all("*", () => {
    throw new ApiError(ErrorCode.RequestFailed, "notFound", 404, [], "no such API path");
  });
  if (deps.devOutbox) app.route("/", deps.devOutbox);
  if (deps.telegramWebhook) app.route("/", telegramWebhookRoutes(deps.telegramWebhook));
  app.route(API_PREFIX, avatarRoutes({ userInfo: services.userInfo }));
  app.route(API_PREFIX, coinImageRoutes());
  app.route(API_PREFIX, chatUploadFileRoutes({ extras: services.chatExtras }));
  app.route(API_PREFIX, chatFigureRoutes({ market: services.market, byAddress: deps.limiters.byAddress }));
  app.route(API_PREFIX, reportPdfRoutes({ report: services.report, byAddress: deps.limiters.byAddress }));
  app.route(API_PREFIX, api);
  app.route(
    "/",
    legacyApiRoutes((request, env) => app.fetch(request, env)),
  );

  // The web app's pages and files get security headers and compression; the JSON API skips both, which
  // would cost it over half its throughput (they force each response to be rebuilt).
  app.use("*", securityHeaders(), compress());
  app.use(SHARE_PAGE_ROUTE, sharePageMeta({ extras: services.chatExtras, ...shareLinks }));
  const manifest = { manifestUrl: deps.config.tonConnect.manifestUrl, tonAuth: services.tonAuth };
  app.route("/", tonConnectManifestRoutes(manifest));
  app.route("/", spaRoutes(deps.config.staticDir, deps.config.apiKey));

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      // the server stops reading an oversized body and closes the connection, so the client must not reuse it
      if (error.status === 413) c.header("connection", "close");
      return fail(c, error);
    }
    const log = requestLog(c, deps.logger);
    log.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled error");
    return fail(c, new ApiError(ErrorCode.RequestFailed, "Serverbusy", 500, [], "Serverbusy"));
  });
  app.notFound((c) => fail(c, new ApiError(ErrorCode.RequestFailed, "notFound", 404, [], "not found")));
  return app;
}

export type HttpApp = ReturnType<typeof createHttpApp>;
