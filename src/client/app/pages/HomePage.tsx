import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, Suspense, useId, useState } from "react";
import { AgentTiles } from "../../features/agents/components/AgentTiles.tsx";
import { chatLanguage } from "../../features/chat/api/chat-paths.ts";
import { preloadRecommendedQuestions, RECOMMENDED_QUESTION_COUNT } from "../../features/chat/api/get-recommend.ts";
import { useNewChatHref } from "../../features/chat/hooks/use-new-chat.ts";
import { preloadCoinSentiment } from "../../features/market/api/get-coin-sentiment.ts";
import { preloadMarketStatus } from "../../features/market/api/get-market-status.ts";
import { CoinSearchList, preloadCoinSearchList } from "../../features/market/components/CoinSearchList.tsx";
import { CoinTicker, preloadCoinTicker } from "../../features/market/components/CoinTicker.tsx";
import { MarketStatusLabel } from "../../features/market/components/MarketStatusLabel.tsx";
import { SentimentPanel } from "../../features/market/components/SentimentPanel.tsx";
import { preloadBoardNews } from "../../features/news/api/get-board-news.ts";
import { preloadHotNews } from "../../features/news/api/get-hot-news.ts";
import { preloadHotWords } from "../../features/news/api/get-hot-words.ts";
import { HotNews } from "../../features/news/components/HotNews.tsx";
import { HotWordCloud } from "../../features/news/components/HotWordCloud.tsx";
import { JustInNews } from "../../features/news/components/JustInNews.tsx";
import { TopNews } from "../../features/news/components/TopNews.tsx";
import { useLayoutMode } from "../../shared/ui/layout-mode.ts";
import { preloadable, usePreloaded } from "../../shared/ui/lazy-load.tsx";
import { newsLanguage } from "./news-language.ts";
import type { FirstScreen } from "./page-props.ts";
import { useOpenAgent } from "./use-open-agent.ts";
import "./pages.css";

type HomeTab = "chat" | "cryptos" | "nft";

// The chat start (input bar, uploads, recommended questions) is its own chunk: the slogan and market paint first.
const chatStart = preloadable(() =>
  import("../../features/chat/components/ChatStart.tsx").then((module) => module.ChatStart),
);

/**
 * What the home shows first, started before it renders (the router calls this when the app opens on `/`): the
 * chat start's code and every read of the first screen (the chat tab on narrow screens, all of it on wide ones).
 * Nothing here depends on the account, so it need not wait for the sign-in.
 */
export function preloadData({ mode, locale }: FirstScreen): void {
  chatStart.preload().catch(() => undefined);
  preloadRecommendedQuestions(chatLanguage(locale), RECOMMENDED_QUESTION_COUNT);
  preloadMarketStatus();
  preloadCoinTicker();
  preloadBoardNews();
  if (mode === "wide") {
    preloadCoinSentiment();
    preloadCoinSearchList();
    preloadHotNews(newsLanguage(locale));
    preloadHotWords();
  }
}

function ChatStart() {
  const LoadedChatStart = usePreloaded(chatStart);
  return (
    <Suspense fallback={<div className="home__chat-placeholder" />}>
      <LoadedChatStart />
    </Suspense>
  );
}

function Slogan() {
  return (
    <div className="home-hero">
      <h1 className="home__slogan">
        <Trans>
          Ask AI about <span className="home__slogan-accent">any token</span>
        </Trans>
      </h1>
      <p className="home__lead">
        <Trans>
          MountainLion is an AI assistant for crypto investors. Ask about prices, trends and the news, and follow the
          market here.
        </Trans>
      </p>
    </div>
  );
}

function NotYet({ children }: { children: ReactNode }) {
  return <p className="page__lead home-tab__empty">{children}</p>;
}

/** A hot word opens a new chat that asks about it. */
function useQuestionHref() {
  const newChatHref = useNewChatHref();
  return (question: string) => newChatHref(question);
}

/** Home: on narrow screens three tabs (chat, cryptos, NFT); on wide screens the chat start and the market. */
export default function HomePage() {
  const { t, i18n } = useLingui();
  const narrow = useLayoutMode() === "narrow";
  const [tab, setTab] = useState<HomeTab>("chat");
  const baseId = useId();
  const questionHref = useQuestionHref();
  const openAgent = useOpenAgent();
  const language = newsLanguage(i18n.locale);
  if (!narrow) {
    return (
      <section className="page home home--market">
        <Slogan />
        <AgentTiles onOpen={(agent) => openAgent(agent)} />
        <ChatStart />
        <MarketStatusLabel />
        <CoinTicker />
        <div className="home-grid">
          <div className="home-grid__column">
            <SentimentPanel />
            <CoinSearchList />
          </div>
          <div className="home-grid__column">
            <JustInNews />
            <TopNews />
            <HotNews language={language} />
            <HotWordCloud hrefForQuestion={questionHref} />
          </div>
        </div>
      </section>
    );
  }
  const tabs: { id: HomeTab; label: string }[] = [
    { id: "chat", label: t`Chat` },
    { id: "cryptos", label: t`Cryptos` },
    { id: "nft", label: t`NFT` },
  ];
  return (
    <section className="page home home--tabs">
      <div className="home-tabs" role="tablist" aria-label={t`Home`}>
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${baseId}-${item.id}-tab`}
            aria-controls={`${baseId}-${item.id}-panel`}
            aria-selected={tab === item.id}
            tabIndex={tab === item.id ? 0 : -1}
            className="home-tabs__tab"
            onClick={() => setTab(item.id)}
            onKeyDown={(event) => {
              if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
              const index = tabs.findIndex((candidate) => candidate.id === tab);
              const step = event.key === "ArrowRight" ? 1 : tabs.length - 1;
              const next = tabs[(index + step) % tabs.length];
              if (next) {
                setTab(next.id);
                document.getElementById(`${baseId}-${next.id}-tab`)?.focus();
              }
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div className="home-tab" role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
        {tab === "chat" ? (
          <div className="home-tab__stack">
            <Slogan />
            <AgentTiles onOpen={(agent) => openAgent(agent)} />
            <ChatStart />
            <MarketStatusLabel />
            <CoinTicker />
            <JustInNews />
            <TopNews />
          </div>
        ) : null}
        {tab === "cryptos" ? (
          <div className="home-tab__stack">
            <MarketStatusLabel />
            <SentimentPanel />
            <CoinSearchList />
          </div>
        ) : null}
        {tab === "nft" ? (
          <NotYet>
            <Trans>The NFT market is not available yet.</Trans>
          </NotYet>
        ) : null}
      </div>
    </section>
  );
}
