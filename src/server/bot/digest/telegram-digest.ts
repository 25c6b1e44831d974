import type { Api } from "grammy";
import type { MarketService } from "../../features/market/market.service.ts";
import type { NewsService } from "../../features/news/news.service.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { TelegramChats } from "../chats.ts";
import type { BotTranslator } from "../i18n.ts";
import type { Leases } from "../leases.ts";
import { type ChatPusher, createChatPusher } from "./chat-push.ts";
import type { DigestChats } from "./digest-chats.ts";
import { gatherDigestFigures, renderDigest } from "./digest-message.ts";
import { createDigestScheduler, type DigestScheduler } from "./digest-scheduler.ts";

export interface TelegramDigestDeps {
  /** the digest's view of telegram_chats (also what /subscribe and the app's settings change) */
  digestChats: DigestChats;
  /** the bot's chats: a chat Telegram refuses is marked inactive there */
  chats: Pick<TelegramChats, "markInactive">;
  leases: Leases;
  /** this node among the API nodes (the lease's holder) */
  nodeId: string;
  /** the bot's API client: its throttler (30 a second overall, 1 a second per chat) and auto-retry apply */
  api: Pick<Api, "sendMessage">;
  clock: Clock;
  logger: Logger;
  market: Pick<MarketService, "view" | "hot">;
  news: Pick<NewsService, "realTime">;
  translator: BotTranslator;
  /** what the digest's "Open in app" button opens */
  miniAppUrl: string;
  /** DIGEST_CHECK_SECONDS */
  checkSeconds: number;
  /** the pace of sending; default DIGEST_RATE */
  rate?: { messages: number; windowMs: number };
}

export interface TelegramDigest {
  /** pushes into chats with the refusal handling (price alarms will use it too) */
  pusher: ChatPusher;
  scheduler: DigestScheduler;
}

/** The daily market digest: its sender and its scheduler, on one node's lease. */
export function createTelegramDigest(deps: TelegramDigestDeps): TelegramDigest {
  const { clock, logger } = deps;
  const pusher = createChatPusher({ api: deps.api, chats: deps.chats, logger });
  const scheduler = createDigestScheduler({
    chats: deps.digestChats,
    leases: deps.leases,
    nodeId: deps.nodeId,
    clock,
    logger,
    pusher,
    checkMs: deps.checkSeconds * 1000,
    rate: deps.rate,
    async compose(language, now) {
      const figures = await gatherDigestFigures({ market: deps.market, news: deps.news }, language);
      return renderDigest(figures, { language, translator: deps.translator, miniAppUrl: deps.miniAppUrl, now });
    },
  });
  return { pusher, scheduler };
}
