import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import packageJson from "../../package.json" with { type: "json" };
import { createAlarmBotChannel } from "./bot/alerts/alarm-bot-channel.ts";
import { createBotLinks } from "./bot/cards/links.ts";
import { createDigestChats } from "./bot/digest/digest-chats.ts";
import { createAlertsFeature } from "./bot/features/alerts.ts";
import { createAskFeature } from "./bot/features/ask.ts";
import { createShortAnswerer } from "./bot/features/ask-answerer.ts";
import { createCallbacksFeature } from "./bot/features/callbacks.ts";
import { createInlineFeature } from "./bot/features/inline.ts";
import { createInlineChoices } from "./bot/features/inline-choices.ts";
import { createNewsFeature } from "./bot/features/news.ts";
import { createPredictFeature } from "./bot/features/predict.ts";
import { createPriceFeature } from "./bot/features/price.ts";
import { createStarsFeature, starsInvoiceLinks } from "./bot/features/stars.ts";
import { createStarsSupportFeature } from "./bot/features/stars-support.ts";
import { subscribeFeature } from "./bot/features/subscribe.ts";
import { createTelegramApp, type TelegramApp } from "./bot/share/telegram-app.ts";
import { createTelegramBot, type TelegramBot, type TelegramRuntimeOptions } from "./bot/telegram-bot.ts";
import type { Config } from "./config.ts";
import { type Database, type DatabaseHandle, openDatabase } from "./db/client.ts";
import { loadAppSecret } from "./features/accounts/app-secrets.ts";
import { createCaptchaService } from "./features/accounts/captcha.service.ts";
import { dailyChatLimit, mayRedeemChat } from "./features/accounts/card.ts";
import { createEmailAuthService } from "./features/accounts/email-auth.service.ts";
import { createIdentityAuthService } from "./features/accounts/identity-auth.service.ts";
import { createQuotaService, QuotaKind } from "./features/accounts/quota.service.ts";
import { createSessionsService } from "./features/accounts/sessions.service.ts";
import { createTonAuthService } from "./features/accounts/ton-auth.service.ts";
import { createUserInfoService } from "./features/accounts/user-info.service.ts";
import { accountName, createUsersRepository } from "./features/accounts/users.repository.ts";
import { createAiSwapModule } from "./features/ai-wallet/ai-swap-module.ts";
import type { AiSwapFaults } from "./features/ai-wallet/ai-swap-sender.ts";
import { createAiWalletModule, openAiWalletCustody } from "./features/ai-wallet/ai-wallet-module.ts";
import { type AlarmsModule, createAlarmsModule } from "./features/alarms/alarms-module.ts";
import { createPushAlarmChannel } from "./features/alarms/push-channel.ts";
import { createUserPush } from "./features/alarms/user-push.ts";
import { type ChatToolkit, createChatService } from "./features/chat/chat.service.ts";
import { createChatQuota } from "./features/chat/chat-quota.ts";
import { createChatExtras } from "./features/chat/extras/chat-extras.ts";
import { createModelRegistry } from "./features/chat/model-registry.ts";
import { createMountainLion } from "./features/chat/mountainlion/index.ts";
import { citationOf, createChatTools, toolSummary } from "./features/chat/tools/index.ts";
import { handOverVisitorChats } from "./features/chat/visitor-handover.ts";
import { createSanctions, type Sanctions } from "./features/compliance/sanctions.ts";
import { createFeedbackRepository } from "./features/feedback/feedback.repository.ts";
import { createFeedbackService } from "./features/feedback/feedback.service.ts";
import { createFxService } from "./features/fx/fx.service.ts";
import { createCandlesRepository } from "./features/market/candles.repository.ts";
import { createMarketService } from "./features/market/market.service.ts";
import { loadReplayAnchor } from "./features/market/market-anchor.ts";
import { createModelCatalogueService } from "./features/models/model-catalogue.service.ts";
import { createNewsService } from "./features/news/news.service.ts";
import { createDepositService } from "./features/pay/deposits/deposit.service.ts";
import { createDepositRepository } from "./features/pay/deposits/deposit-repository.ts";
import { createProductGrants } from "./features/pay/grants.ts";
import { createPayService } from "./features/pay/pay.service.ts";
import { createStars } from "./features/pay/stars/create-stars.ts";
import { createInviteRewards } from "./features/points/invite-rewards.ts";
import { createPointsLedger } from "./features/points/ledger.ts";
import { createPointsService } from "./features/points/points.service.ts";
import { createShareRewards } from "./features/points/share-rewards.ts";
import { createTwitterTasks } from "./features/points/twitter-tasks.ts";
import { createForecaster } from "./features/predict/engine/index.ts";
import { createPredictService } from "./features/predict/predict.service.ts";
import { createPredictionsRepository } from "./features/predict/predictions.repository.ts";
import { shippedSummaries } from "./features/predict/shipped-summaries.ts";
import { createReportService } from "./features/report/report.service.ts";
import { createReportSharesRepository } from "./features/report/report-shares.repository.ts";
import { createScoreService } from "./features/score/score.service.ts";
import { loadShippedScoreHistory } from "./features/score/score-history.ts";
import { createSwapModule } from "./features/swap/swap-module.ts";
import { guardStrategyDiagrams } from "./features/unlocks/strategy-diagram-gate.ts";
import { createUnlocksService } from "./features/unlocks/unlocks.service.ts";
import { createHttpApp, type HttpApp } from "./http/app.ts";
import { devOutboxRoutes } from "./http/routes/dev-outbox.routes.ts";
import { createPushHub } from "./http/routes/push.routes.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createChainVerifiers } from "./providers/chains/chain-verifiers.ts";
import { type Clock, systemClock } from "./providers/clock.ts";
import { openEcbRates } from "./providers/fx/ecb-rates.ts";
import { selectFx } from "./providers/fx/fx-selector.ts";
import { openLiveFx } from "./providers/fx/live-fx.ts";
import { createHumanCheck } from "./providers/human-check.ts";
import { createMailer } from "./providers/mail/mailer.ts";
import { type AutoMarket, openAutoMarket } from "./providers/market/auto-market.ts";
import { createFearGreedIndex } from "./providers/market/fear-greed-index.ts";
import { openLiveMarket } from "./providers/market/live-market.ts";
import { openReplayMarket } from "./providers/market/replay-market.ts";
import { type AutoNews, openAutoNews } from "./providers/news/auto-news.ts";
import type { CoinName } from "./providers/news/coin-tags.ts";
import type { NewsProvider } from "./providers/news/news-provider.ts";
import { openReplayNews } from "./providers/news/replay-news.ts";
import { openRssNews } from "./providers/news/rss-news.ts";
import { createMemoryPubSub, createRedisPubSub } from "./providers/pubsub.ts";
import { createRateLimiter } from "./providers/rate-limiter.ts";
import { createRedisLink } from "./providers/redis.ts";
import type { ProbeResult } from "./providers/source-switch.ts";
import { createOpenAiTranscription } from "./providers/speech/openai-transcription.ts";
import { systemTimers, type Timers } from "./providers/timers.ts";
import { createXApi } from "./providers/twitter/x-api.ts";
import { createUploadStore } from "./providers/upload-store/create-upload-store.ts";

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  port: number;
  app: HttpApp;
  logger: Logger;
  /** stops taking connections, lets requests in flight finish, then closes the database and Redis */
  close(): Promise<void>;
  /** removes the uploads no kept message names that are a day old now (a job that also runs by itself hourly) */
  sweepUploads(): Promise<number>;
  /** the Telegram bot, when BOT_TOKEN is set */
  telegram: TelegramBot | undefined;
  /** sharing into Telegram and the daily digest, when the bot is on */
  telegramApp: TelegramApp | undefined;
  /** which market and news sources serve now (MARKET_PROVIDER / NEWS_PROVIDER auto switch between two) */
  sources: {
    market(): "replay" | "live";
    news(): "archive" | "live";
    /** probes the auto sources now (the background probe's work) and refreshes market and news from what they chose */
    check(): Promise<void>;
    /** resolves once the market has no refresh and no candle write in flight */
    idle(): Promise<void>;
  };
  /** the background forecast job's work (it also runs by itself every PREDICT_SWEEP_SECONDS) */
  predictions: { sweep(): Promise<void> };
  /** checks the pending USDT deposits on chain again (a job that also runs by itself every PAY_SWEEP_SECONDS) */
  deposits: { sweep(): Promise<number> };
  /** checks the open swap orders on chain and at the aggregator (a job that also runs every SWAP_STATUS_SECONDS) */
  swaps: { sweep(): Promise<number> };
  /**
   * the AI wallets' withdrawals: broadcasts stored ones again and finishes sent ones (also at start and on a timer);
   * scan: reads the chains now for coins sent from sanctioned addresses and freezes them (also on a timer)
   */
  aiWallets: { sweep(): Promise<number>; scan(): Promise<void> };
  /** trading from the AI wallet: the limit order watcher's sweep (expiry, resume, crossed orders) and its end */
  aiTrade: { sweep(): Promise<void>; idle(): Promise<void> };
  /** price alarms: the service, the tick evaluator (idle() settles once fired alarms went out), the push tickets */
  alarms: AlarmsModule;
  /** the OFAC sanctions lists in use (refresh: what the timer does every SANCTIONS_REFRESH_HOURS) */
  sanctions: Sanctions;
}

/** How many requests an address may send for each one a device may: devices share addresses behind NAT. */
const ADDRESS_LIMIT_FACTOR = 5;

export interface ServerOptions {
  logger?: Logger;
  /** tests move time (code expiry, lockouts, daily quotas) */
  clock?: Clock;
  /** tests give the chat models their own tools instead of the product's */
  chatToolkit?: ChatToolkit;
  /** tests shorten the Telegram bot's polling waits and name its node */
  telegram?: Partial<TelegramRuntimeOptions>;
  /** tests fire the background probes of the auto sources by hand */
  timers?: Timers;
  /** tests interrupt an AI wallet trade between storing a signed transaction and broadcasting it */
  aiSwapFaults?: AiSwapFaults;
}

/**
 * A child logger for a live adapter inside an auto provider: while the fallback serves, its own warnings (each feed
 * failing, each metadata retry) are held back, so an offline start or outage is the switch's one line.
 */
function adapterLogger(logger: Logger) {
  const child = logger.child({});
  const quiet = logger.levelVal > (logger.levels.values.error ?? 50) ? logger.level : "error";
  child.level = quiet;
  return { logger: child, serving: (live: boolean) => (child.level = live ? logger.level : quiet) };
}

/** The start's one line about the sources an auto provider chose, with why a live one is not used. */
function logSourcesChosen(logger: Logger, market: ProbeResult | undefined, news: ProbeResult | undefined) {
  if (!market && !news) return;
  const chosen = {
    ...(market && { market: market.live ? "live" : "replay", marketReason: market.reason }),
    ...(news && { news: news.live ? "live" : "archive", newsReason: news.reason }),
  };
  const offline = [market && !market.live && "the live market", news && !news.live && "the news feeds"].filter(Boolean);
  if (offline.length === 0) logger.info(chosen, "live sources answer; serving them");
  else
    logger.info(
      chosen,
      `${offline.join(" and ")} not reachable; serving the shipped data and asking again in the background`,
    );
}

/**
 * The market source of the configuration, and the market time news must not run ahead of (it follows the source
 * serving). `auto` is set for MARKET_PROVIDER=auto; `onSwitch` is called after it switched.
 */
async function openMarketProvider(
  config: Config,
  db: Database,
  deps: { clock: Clock; timers: Timers; logger: Logger; onSwitch: () => void },
) {
  const { clock, logger } = deps;
  const openLive = (liveLogger: Logger) =>
    openLiveMarket({
      binanceUrl: config.market.binanceUrl,
      coingeckoUrl: config.market.coingeckoUrl,
      coingeckoApiKey: config.market.coingeckoApiKey,
      clock,
      logger: liveLogger,
    });
  if (config.market.provider === "live") {
    return { provider: openLive(logger), marketTime: () => clock.now().getTime(), auto: undefined };
  }
  const settings = { start: config.market.replayStart, speed: config.market.replaySpeed };
  const replay = await openReplayMarket({
    wall: clock,
    ...settings,
    atEnd: config.market.replayAtEnd,
    anchor: await loadReplayAnchor(db, settings, clock.now().getTime()),
  });
  if (config.market.provider === "replay") {
    return { provider: replay, marketTime: () => replay.clock.now(), auto: undefined };
  }
  const live = adapterLogger(logger);
  const auto: AutoMarket = openAutoMarket({
    replay,
    replayTime: () => replay.clock.now(),
    live: openLive(live.logger),
    clock,
    timers: deps.timers,
    logger,
    probeEveryMs: config.market.probeSeconds * 1000,
    onSwitch: (kind) => {
      live.serving(kind === "live");
      deps.onSwitch();
    },
  });
  return { provider: auto, marketTime: () => auto.marketTime(), auto, serving: live.serving };
}

/** The news source of the configuration; `auto` is set for NEWS_PROVIDER=auto. */
async function openNewsProvider(
  config: Config,
  deps: {
    clock: Clock;
    timers: Timers;
    logger: Logger;
    marketTime: () => number;
    onSwitch: () => void;
    /** the coins feed items are tagged with when they name them */
    coins: () => readonly CoinName[];
  },
): Promise<{ provider: NewsProvider; auto?: AutoNews; serving?: (live: boolean) => void }> {
  const { clock, logger, coins } = deps;
  if (config.news.provider === "rss") {
    return { provider: openRssNews({ feeds: config.news.feeds, clock, logger, coins }) };
  }
  const archive = await openReplayNews({ visibleUntil: deps.marketTime });
  if (config.news.provider === "archive") return { provider: archive };
  const feeds = adapterLogger(logger);
  const auto = openAutoNews({
    archive,
    live: openRssNews({ feeds: config.news.feeds, clock, logger: feeds.logger, coins }),
    timers: deps.timers,
    logger,
    probeEveryMs: config.news.probeSeconds * 1000,
    onSwitch: (kind) => {
      feeds.serving(kind === "live");
      deps.onSwitch();
    },
  });
  return { provider: auto, auto, serving: feeds.serving };
}

/** The composition root: config -> database -> providers -> services -> HTTP -> listen. */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config);
  const clock = options.clock ?? systemClock;
  const timers = options.timers ?? systemTimers;
  const database = await openDatabase(config.database);
  const db = database.db;
  // AI wallets sealed under another AI_WALLET_MASTER_KEY stop the start here, before anything else runs
  const aiWalletCustody = await openAiWalletCustody({ settings: config.aiWallet, db, logger }).catch(
    async (error: unknown) => {
      await database.close();
      throw error;
    },
  );
  // Redis, when set, connects in the background: a node starts and serves without it, and uses it once it answers
  const redis = config.redisUrl ? createRedisLink(config.redisUrl, logger) : undefined;
  await redis?.settled();

  const window = config.rateLimit.windowSeconds;
  const limiters = {
    byDevice: createRateLimiter(
      { points: config.rateLimit.points, windowSeconds: window, prefix: `${config.redisKeyPrefix}rl:dev` },
      redis,
    ),
    byAddress: createRateLimiter(
      {
        points: config.rateLimit.points * ADDRESS_LIMIT_FACTOR,
        windowSeconds: window,
        prefix: `${config.redisKeyPrefix}rl:ip`,
      },
      redis,
    ),
    auth: createRateLimiter(
      { points: config.authRateLimitPoints, windowSeconds: window, prefix: `${config.redisKeyPrefix}rl:auth` },
      redis,
    ),
  };
  // the OFAC sanctions lists: swaps, deposits and wallet sign-in refuse the addresses on them
  const sanctions = createSanctions(config.sanctions, { clock, timers, logger });
  const users = createUsersRepository(db, clock);
  // a sign-in hands the device's visitor chats and uploads over to the account
  const sessions = createSessionsService(db, clock, handOverVisitorChats);
  const captcha = createCaptchaService(db, clock);
  const humanCheck = createHumanCheck(config, await loadAppSecret(db, "human-check-hmac"), db, clock);
  // in development without SMTP the codes are also logged, so offline sign-up works with only the server's log
  const mailer = createMailer({ ...config.mail, logCodes: config.env === "development" }, db, logger);
  // one counter of daily uses, shared by user info now and by chat and analysis later
  const quota = createQuotaService(db, clock);
  // Market and news: in memory, refreshed by background jobs; pushes fan out through pubsub (Redis when set).
  const pubsub = redis ? createRedisPubSub(redis, config.redisKeyPrefix) : createMemoryPubSub();
  // a switch of an auto source refreshes what was read from the other one at once (set once the services exist)
  let refreshMarket: () => void = () => undefined;
  let refreshNews: () => void = () => undefined;
  // the coins feed items are tagged with: the market's, once it exists (none before its first refresh)
  let marketCoins: () => readonly CoinName[] = () => [];
  const marketSource = await openMarketProvider(config, db, {
    clock,
    timers,
    logger,
    onSwitch: () => refreshMarket(),
  });
  const newsSource = await openNewsProvider(config, {
    clock,
    timers,
    logger,
    marketTime: marketSource.marketTime,
    onSwitch: () => refreshNews(),
    coins: () => marketCoins(),
  });
  // auto: the live sources get at most PROBE_TIMEOUT_MS (both asked at once) before the first refresh reads one
  const [marketProbe, newsProbe] = await Promise.all([marketSource.auto?.probe(), newsSource.auto?.probe()]);
  marketSource.serving?.(marketProbe?.live === true);
  newsSource.serving?.(newsProbe?.live === true);
  logSourcesChosen(logger, marketProbe, newsProbe);
  const market = createMarketService({
    provider: marketSource.provider,
    logger,
    pubsub,
    candles: createCandlesRepository(db),
    refreshMs: config.market.refreshSeconds * 1000,
    clock,
    fearGreedIndex: config.market.fearGreedUrl ? createFearGreedIndex({ url: config.market.fearGreedUrl }) : undefined,
  });
  marketCoins = () => market.coins();
  const news = createNewsService({
    provider: newsSource.provider,
    logger,
    pubsub,
    // the coins hot words recognise: the market's current universe (none before its first refresh)
    coins: () => market.coins(),
    refreshMs: config.news.refreshSeconds * 1000,
  });
  // prices in EUR or CNY: the ECB rate in force at the market time, from the FX source that goes with the market
  // serving now (the shipped rates for the replay, the live source for the live market; asked per call, as auto
  // switches)
  const fxRates = selectFx({
    market: () => marketSource.provider.kind,
    live: openLiveFx({ url: config.fx.url, clock }),
    archive: await openEcbRates(),
    logger,
  });
  const fx = createFxService({ rates: fxRates, marketTime: marketSource.marketTime });
  const push = createPushHub(pubsub);
  // price alarms: fired on each market tick by the node holding their lease, delivered to the owner's push streams
  // (the bot adds its channel with alarms.addChannel once it exists; alarms.start() comes after that)
  const alarms = createAlarmsModule({
    db,
    market,
    providerName: () => marketSource.provider.name,
    pubsub,
    clock,
    logger,
    refreshMs: config.market.refreshSeconds * 1000,
    ticketSecret: await loadAppSecret(db, "push-ticket-hmac"),
    channels: [createPushAlarmChannel(pubsub)],
  });
  // uploads (local directory, or S3 when configured), shares and suggested questions
  const chatExtras = createChatExtras({ db, store: createUploadStore(config.uploads), logger, clock });
  // the chat's models, quota and tools: the app's chat and the bot's answers to free text share them
  const chatModels = createModelRegistry(config.llm, { mountainLion: createMountainLion() });
  const chatQuota = createChatQuota({
    counter: {
      consume: (subject, limit) => quota.consume(subject, QuotaKind.chat, limit),
      release: (subject, day) => quota.release(subject, QuotaKind.chat, day),
    },
    // a user's free chats and the ones they redeemed with points today
    dailyLimit: async (owner) =>
      owner.userId === undefined
        ? dailyChatLimit(undefined, clock.now())
        : dailyChatLimit(
            await users.findById(owner.userId),
            clock.now(),
            await quota.used(owner.subject, QuotaKind.exchange),
          ),
    mayRedeem: async (owner) => {
      const user = owner.userId === undefined ? undefined : await users.findById(owner.userId);
      return user ? mayRedeemChat(user, clock.now(), await quota.used(owner.subject, QuotaKind.exchange)) : false;
    },
    visitorsPerAddress: config.visitorsPerAddress,
  });
  // unlocks and redemption with points (spec §4): strategy diagrams, 24-hour unlocks, chats once the free ones are
  // used up; the ledger is the points center's
  const ledger = createPointsLedger(db, clock);
  const unlocks = createUnlocksService({ db, clock, ledger, quota, holder: (userId) => users.findById(userId) });
  const chatToolkit: ChatToolkit = options.chatToolkit ?? {
    // the forecast and score services are made below; the tools read them per request
    tools: (language, userId) =>
      createChatTools({
        market,
        news: newsSource.provider,
        fx: fxRates,
        language,
        predictions: predict,
        scores: score,
        // setPriceAlarm sets the signed-in user's alarms
        alarms: alarms.service,
        userId,
      }),
    summary: toolSummary,
    citation: citationOf,
  };
  // an image sent to the AI invest assistant (a strategy diagram) needs an unlock unless the card is unlimited
  const chat = guardStrategyDiagrams(
    createChatService({
      db,
      clock,
      logger,
      pubsub,
      models: chatModels,
      quota: chatQuota,
      toolkit: chatToolkit,
      timeoutMs: config.llmTimeoutMs,
      publicUrl: config.publicUrl,
      // recorded questions: transcribed by the configured API; without one the browser's recognition is the only way
      speech: config.speech ? createOpenAiTranscription(config.speech) : undefined,
    }),
    unlocks,
  );
  // the AI score: every coin scored once per market snapshot; its validation is over the shipped history
  const score = createScoreService({ market, news: newsSource.provider, history: loadShippedScoreHistory, logger });
  const predict = createPredictService({
    market,
    forecaster: createForecaster(),
    repository: createPredictionsRepository(db),
    shipped: shippedSummaries(logger),
    logger,
  });
  // research reports from the product's data, shared by code, with their PDF
  const report = createReportService({
    market,
    news: newsSource.provider,
    predict,
    repository: createReportSharesRepository(db),
    clock,
  });
  await Promise.all([push.start(), market.start(), news.start(), chat.start()]);
  // forecasts of every coin are made and judged in the background, so the live record grows without requests
  let sweeping: Promise<void> | undefined;
  const stopPredictSweep = timers.every(config.predict.sweepSeconds * 1000, () => {
    sweeping ??= pubsub
      .lease("predict-sweep", config.predict.sweepSeconds * 1000)
      .then((leader) => (leader ? predict.sweep() : undefined))
      .catch((error: unknown) => logger.warn({ err: error }, "forecast sweep failed"))
      .finally(() => {
        sweeping = undefined;
      });
  });
  chatExtras.start();
  refreshMarket = () => void market.refresh().catch(() => undefined);
  refreshNews = () => void news.refresh().catch(() => undefined);
  marketSource.auto?.start();
  newsSource.auto?.start();
  // plans and payments: the USDT account, purchases from it, orders and their popups. The deposit and Stars parts
  // tell the products list where USDT top-ups go and what Stars cost (none until they are set up)
  const pay = createPayService({
    db,
    clock,
    fx,
    options: () => ({
      usdtChains: deposits.usdtChains(),
      stars: { available: stars.invoices.available() },
      starsPrice: (productType, productId) => stars.prices.priceOf(productType, productId),
    }),
  });
  // USDT deposits checked on chain (PAY_CHAINS): credited to the USDT account, then paying the order they were for
  const deposits = createDepositService({
    repository: createDepositRepository(db),
    settings: config.pay,
    verifiers: createChainVerifiers(config.pay.chains),
    account: pay.account,
    orders: pay.settlement,
    openOrder: (userId, productType, productId) => pay.openOrder(userId, productType, productId),
    clock,
    logger,
    sanctions,
  });
  // pending deposits (awaiting confirmations, a node down) are checked again in the background, by one node at a time
  let depositSweeping: Promise<unknown> | undefined;
  const sweepMs = config.pay.sweepSeconds * 1000;
  const stopDepositSweep = deposits.configured()
    ? timers.every(sweepMs, () => {
        depositSweeping ??= pubsub
          .lease("deposit-sweep", sweepMs)
          .then((leader) => (leader ? deposits.sweep() : undefined))
          .catch((error: unknown) => logger.warn({ err: error }, "deposit sweep failed"))
          .finally(() => {
            depositSweeping = undefined;
          });
      })
    : () => undefined;
  // swaps from the user's own wallet: chain table, token lists, balances, quote sources, orders and their tracker
  const swap = createSwapModule({ db, settings: config.swap, market, clock, logger, sanctions });
  // open swap orders are followed in the background, by one node at a time (and on demand by getOrderStatus); with no
  // quote source configured no order can be opened, and nothing is followed
  let swapSweeping: Promise<unknown> | undefined;
  const swapStatusMs = config.swap.statusSeconds * 1000;
  const stopSwapTracker =
    swap.sources.length > 0
      ? timers.every(swapStatusMs, () => {
          swapSweeping ??= pubsub
            .lease("swap-tracker", Math.max(3 * swapStatusMs, 5_000))
            .then((leader) => (leader ? swap.tracker.sweep() : undefined))
            .catch((error: unknown) => logger.warn({ err: error }, "swap order sweep failed"))
            .finally(() => {
              swapSweeping = undefined;
            });
        })
      : () => undefined;
  // the AI wallets of email accounts: the signer, funding, withdrawals with an emailed code and their tracker (one
  // node at a time; at start it sends again the signed withdrawals a stop left unsent, the same bytes)
  const aiWallet = createAiWalletModule({
    db,
    databaseKind: database.kind,
    settings: config.aiWallet,
    custody: aiWalletCustody,
    swap,
    market,
    users,
    mailer,
    sanctions,
    ownAddresses: () => config.pay.chains.flatMap((chain) => (chain.kind === "evm" ? [chain.depositAddress] : [])),
    pubsub,
    timers,
    clock,
    logger,
  });
  // coins sent to an AI wallet from a sanctioned address are found and frozen (one node at a time, on a timer)
  aiWallet.scan.start();
  let aiWithdrawSweeping: Promise<unknown> | undefined;
  const aiWithdrawMs = config.swap.statusSeconds * 1000;
  const sweepAiWithdrawals = () => {
    aiWithdrawSweeping ??= pubsub
      .lease("ai-withdrawals", Math.max(3 * aiWithdrawMs, 5_000))
      .then((leader) => (leader ? aiWallet.sweep() : undefined))
      .catch((error: unknown) => logger.warn({ err: error }, "AI withdrawal sweep failed"))
      .finally(() => {
        aiWithdrawSweeping = undefined;
      });
  };
  const stopAiWithdrawals = aiWallet.available ? timers.every(aiWithdrawMs, sweepAiWithdrawals) : () => undefined;
  if (aiWallet.available) sweepAiWithdrawals();
  // trading from the AI wallet: market swaps and limit orders; the watcher executes crossed orders on the market's
  // ticks, one node at a time, and first finishes what a stopped node left (also on the withdrawals' interval)
  const userPush = createUserPush(pubsub, logger);
  const aiTrade = createAiSwapModule({
    db,
    swap,
    market,
    signer: aiWallet.signer,
    available: aiWallet.available,
    chainIds: aiWallet.chainIds,
    dailyLimit: aiWallet.dailyLimit,
    lanes: aiWallet.lanes,
    swapSettings: config.swap,
    sanctions,
    pubsub,
    timers,
    sweepEveryMs: aiWithdrawMs,
    clock,
    logger,
    leaseMs: Math.max(3 * config.market.refreshSeconds * 1000, 5_000),
    faults: options.aiSwapFaults,
    // executed, failed and expired limit orders reach the owner's open app (every node's push streams of the account)
    onLimitOrder: (userId, order) => userPush.tell({ userId, event: "limitOrder", data: order }),
  });
  await aiTrade.watcher.start();
  const userInfo = createUserInfoService({ db, clock, users, quota });
  // the points ledger and the points center on it; the profile it shows is user info's
  const points = createPointsService({
    db,
    clock,
    purchases: pay,
    ledger,
    profile: async (userId) => {
      const profile = (await userInfo.forUser(userId)).profile;
      return profile
        ? { username: profile.username, avatarUrl: profile.avatar_url, invitationCode: profile.invitation_code }
        : undefined;
    },
  });
  // the points system's rewards beyond the check-in: invitations (told of every new account), shares, Twitter tasks
  const rewardsLedger = createPointsLedger(db, clock);
  const invites = createInviteRewards({
    db,
    ledger: rewardsLedger,
    logger,
    // the bot's name once getMe has answered (telegram is built below; this runs on requests, after it is)
    botUsername: () => (telegram?.bot.isInited() ? telegram.bot.botInfo.username : undefined),
  });
  const pointsRewards = {
    invites,
    shares: createShareRewards({ clock, ledger: rewardsLedger }),
    twitter: createTwitterTasks({
      db,
      clock,
      ledger: rewardsLedger,
      logger,
      twitter: config.twitter ? createXApi(config.twitter) : undefined,
    }),
  };
  // Telegram Stars: prices from the configuration; the bot checks, credits and refunds, the app asks for invoices
  // (the bot is made below: its invoice links are read per request)
  const stars = createStars({
    db,
    clock,
    users,
    grants: createProductGrants(db, clock),
    settings: config.stars,
    logger,
    links: () => telegram && starsInvoiceLinks(telegram.api, telegram.translator, config.telegram.botToken ?? ""),
    createOrder: (input) => pay.createOrder(input),
  });
  const services = {
    feedback: createFeedbackService(createFeedbackRepository(db)),
    models: createModelCatalogueService(config.llm),
    sessions,
    captcha,
    humanCheck,
    emailAuth: createEmailAuthService({
      db,
      clock,
      logger,
      users,
      sessions,
      mailer,
      humanCheck,
      captcha,
      accountHooks: invites,
    }),
    identityAuth: createIdentityAuthService({
      db,
      clock,
      logger,
      config,
      users,
      sessions,
      accountHooks: invites,
      sanctions,
    }),
    tonAuth: createTonAuthService({ db, clock, logger, config, users, sessions }),
    userInfo,
    accountName: async (userId: number) => {
      const user = await users.findById(userId);
      return user ? accountName(user) : "";
    },
    market,
    score,
    fx,
    news,
    predict,
    report,
    chat,
    chatExtras,
    points,
    unlocks,
    pay,
    deposits,
    pointsRewards,
    stars: stars.invoices,
    swap: swap.service,
    swapAssistant: swap.assistant,
    aiWallet: aiWallet.service,
    aiTrade: { swaps: aiTrade.swaps, limits: aiTrade.limits },
    alarms: alarms.service,
    pushTickets: alarms.tickets,
  };
  // The Telegram bot, when BOT_TOKEN is set. /start, /language, /help and the not-yet notes are built in
  // (src/server/bot/telegram-bot.ts); the other features are grammY composers listed here in the order they see
  // updates (/price, /news, inline mode, /subscribe, ...), the answer to free text last, as it takes any message.
  // the daily digest's subscriptions: /subscribe in the bot and the app's settings change the same rows
  const digestChats = createDigestChats(db);
  // the content features' dependencies: market, news, shares and the chat's answers, as the app has them
  const botLinks = createBotLinks({ miniAppUrl: config.telegram.miniAppUrl, publicUrl: config.publicUrl });
  const botPrice = { market, links: botLinks, logger };
  const botAnswerer = createShortAnswerer({
    models: chatModels,
    toolkit: chatToolkit,
    quota: chatQuota,
    clock,
    logger,
    timeoutMs: config.llmTimeoutMs,
  });
  const telegram =
    config.telegram.botToken && config.telegram.mode !== "off"
      ? await createTelegramBot({
          config: { ...config.telegram, botToken: config.telegram.botToken, publicUrl: config.publicUrl },
          db,
          clock,
          logger,
          users,
          features: [
            createPriceFeature(botPrice),
            createNewsFeature({ news, links: botLinks, logger }),
            createInlineFeature({
              market,
              shares: chatExtras.shares,
              choices: createInlineChoices(db, clock),
              links: botLinks,
              logger,
            }),
            createCallbacksFeature(botPrice),
            createPredictFeature({ market, predictions: predict, links: botLinks, logger }),
            subscribeFeature({ chats: digestChats, clock }),
            createStarsFeature({
              payments: stars.payments,
              miniAppUrl: config.telegram.miniAppUrl,
              logger,
              token: config.telegram.botToken,
            }),
            createStarsSupportFeature({
              payments: stars.payments,
              operatorIds: config.stars.operatorIds,
              supportContact: config.stars.supportContact,
              miniAppUrl: config.telegram.miniAppUrl,
              logger,
              token: config.telegram.botToken,
            }),
            createAlertsFeature({
              alarms: alarms.service,
              accountOf: async (from) => (await users.findByTelegramId(String(from.id)))?.id,
              market,
              miniAppUrl: config.telegram.miniAppUrl,
              logger,
            }),
            // last: it takes any text message left (private chats; mentions and replies in groups)
            createAskFeature({
              answerer: botAnswerer,
              links: botLinks,
              logger,
              accountOf: async (from) => (await users.findByTelegramId(String(from.id)))?.id,
            }),
          ],
          runtime: options.telegram,
        })
      : undefined;
  const telegramApp =
    telegram &&
    (await createTelegramApp({
      bot: telegram,
      db,
      clock,
      logger,
      shares: chatExtras.shares,
      market,
      news,
      digestChats,
      miniAppUrl: config.telegram.miniAppUrl,
      digestCheckSeconds: config.telegram.digestCheckSeconds,
    }));
  // fired alarms also reach accounts with Telegram through the bot
  if (telegram && telegramApp) {
    alarms.addChannel(
      createAlarmBotChannel({
        db,
        clock,
        pusher: telegramApp.pusher,
        translator: telegram.translator,
        miniAppUrl: config.telegram.miniAppUrl,
        logger: logger.child({ component: "alarm-bot" }),
      }),
    );
  }
  // every channel is in: the evaluator subscribes to the ticks and evaluates the snapshot the market started with,
  // so alarms crossed while no node ran reach Telegram too
  await alarms.start();
  const app = createHttpApp({
    config,
    logger,
    version: packageJson.version,
    limiters,
    ping: database.ping,
    redis: redis && { required: config.redisRequired, health: () => redis.health() },
    devOutbox: devOutboxRoutes({ enabled: config.devOutbox, db }),
    services,
    push,
    telegramWebhook: telegram?.webhook,
    telegramApp,
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(created));
    created.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  logger.info({ port, database: database.kind, redis: Boolean(redis) }, "listening");
  telegram?.start();
  telegramApp?.start();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // the evaluator and the bot's alarm sends stop before the bot does
      await alarms.stop();
      await telegramApp?.stop();
      marketSource.auto?.stop();
      newsSource.auto?.stop();
      stopPredictSweep();
      stopDepositSweep();
      stopSwapTracker();
      stopAiWithdrawals();
      await aiWallet.scan.stop();
      sanctions.stop();
      await sweeping;
      await depositSweeping;
      await swapSweeping;
      await aiWithdrawSweeping;
      await Promise.all([telegram?.stop(), market.stop(), news.stop(), push.close(), chat.close()]);
      await aiTrade.watcher.stop();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      if ("closeIdleConnections" in server) server.closeIdleConnections();
      const timeout = new Promise<void>((resolve) => {
        setTimeout(() => {
          if ("closeAllConnections" in server) server.closeAllConnections();
          resolve();
        }, config.shutdownTimeoutMs).unref();
      });
      await Promise.race([stopped, timeout]);
      await chatExtras.close();
      await database.close();
      await pubsub.close();
      await redis?.close();
      logger.info("stopped");
    })();
    return closing;
  };
  return {
    url: `http://${host}:${port}`,
    database,
    port,
    app,
    logger,
    close,
    sweepUploads: () => chatExtras.sweeper.sweep(),
    telegram,
    telegramApp,
    sources: {
      market: () => marketSource.provider.kind,
      news: () => newsSource.provider.kind,
      async check() {
        await Promise.all([marketSource.auto?.probe(), newsSource.auto?.probe()]);
        await Promise.all([market.refresh(), news.refresh()]);
      },
      idle: () => market.idle(),
    },
    predictions: { sweep: () => predict.sweep() },
    deposits: { sweep: () => deposits.sweep() },
    swaps: { sweep: () => swap.tracker.sweep() },
    aiWallets: { sweep: () => aiWallet.sweep(), scan: () => aiWallet.scan.passNow() },
    aiTrade: { sweep: () => aiTrade.watcher.sweep(), idle: () => aiTrade.watcher.idle() },
    alarms,
    sanctions,
  };
}
