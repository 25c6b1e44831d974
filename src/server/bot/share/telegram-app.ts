import type { Database } from "../../db/client.ts";
import type { SharesService } from "../../features/chat/extras/shares.ts";
import type { MarketService } from "../../features/market/market.service.ts";
import type { NewsService } from "../../features/news/news.service.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { DigestChats } from "../digest/digest-chats.ts";
import type { DigestScheduler } from "../digest/digest-scheduler.ts";
import { createDigestSettings, type DigestSettings } from "../digest/digest-settings.ts";
import { createTelegramDigest, type TelegramDigest } from "../digest/telegram-digest.ts";
import { createLeases } from "../leases.ts";
import type { TelegramBot } from "../telegram-bot.ts";
import { createTelegramShare, type TelegramShare } from "./telegram-share.ts";

export interface TelegramAppDeps {
  bot: Pick<TelegramBot, "api" | "bot" | "chats" | "nodeId" | "translator">;
  db: Database;
  clock: Clock;
  logger: Logger;
  shares: Pick<SharesService, "share" | "get">;
  market: Pick<MarketService, "view" | "hot">;
  news: Pick<NewsService, "realTime">;
  /** the digest's view of telegram_chats, the one the bot's /subscribe changes */
  digestChats: DigestChats;
  miniAppUrl: string;
  /** DIGEST_CHECK_SECONDS */
  digestCheckSeconds: number;
  /** the digest's pace (the bench keeps the product's) */
  digestRate?: { messages: number; windowMs: number };
}

/** What the app and the server do with the bot beyond answering updates. */
export interface TelegramApp {
  /** sharing a chat into Telegram as a card (POST /telegram/share) */
  share: TelegramShare;
  /** the digest's settings from the app (GET/POST /telegram/notifications) */
  digest: DigestSettings;
  /** the daily digest's scheduler: one check sends every chat whose hour has come (tests call runOnce) */
  scheduler: DigestScheduler;
  pusher: TelegramDigest["pusher"];
  /** starts the digest's checks */
  start(): void;
  /** stops them and gives the digest's lease back */
  stop(): Promise<void>;
}

/** The bot's name once getMe has answered; an error while it has not (or never will: a refused token). */
async function botUsernameOf(bot: TelegramAppDeps["bot"]): Promise<string> {
  if (!bot.bot.isInited()) throw new Error("the bot is not up yet (getMe has not answered)");
  return bot.bot.botInfo.username;
}

export async function createTelegramApp(deps: TelegramAppDeps): Promise<TelegramApp> {
  const { bot, db, clock, logger } = deps;
  const { translator } = bot;
  const botUsername = () => botUsernameOf(bot);
  const share = createTelegramShare({ db, api: bot.api, shares: deps.shares, translator, botUsername });
  const digest = createDigestSettings({
    db,
    chats: deps.digestChats,
    clock,
    botUrl: async () => `https://t.me/${await botUsername()}`,
  });
  const { pusher, scheduler } = createTelegramDigest({
    digestChats: deps.digestChats,
    chats: bot.chats,
    leases: createLeases(db, clock),
    nodeId: bot.nodeId,
    api: bot.api,
    clock,
    logger: logger.child({ component: "telegram-digest" }),
    market: deps.market,
    news: deps.news,
    translator,
    miniAppUrl: deps.miniAppUrl,
    checkSeconds: deps.digestCheckSeconds,
    rate: deps.digestRate,
  });
  return {
    share,
    digest,
    scheduler,
    pusher,
    start: () => scheduler.start(),
    stop: () => scheduler.stop(),
  };
}
