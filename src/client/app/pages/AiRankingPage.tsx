import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useSearch } from "wouter";
import { dashboardCategories as categoryIds, type DashboardCategory } from "../../../contract/market.ts";
import { CoinLink } from "../../features/market/components/CoinLink.tsx";
import { MarketStatusLabel } from "../../features/market/components/MarketStatusLabel.tsx";
import { Pager } from "../../features/market/components/Pager.tsx";
import { useAiRanking } from "../../features/score/api/get-ai-ranking.ts";
import { AiRankingTable } from "../../features/score/components/AiRankingTable.tsx";
import { ScoreCaveat } from "../../features/score/components/AiScorePanel.tsx";
import { ScoreSourceNote } from "../../features/score/components/ScoreSourceNote.tsx";
import { ValidationNote } from "../../features/score/components/ValidationNote.tsx";
import { LoadError } from "../../shared/ui/LoadError.tsx";
import { dashboardCategories } from "../navigation/nav-items.ts";
import type { PageProps } from "./page-props.ts";
import "./pages.css";

const RANKING_PAGE_SIZE = 50;

function isCategory(value: string | null): value is DashboardCategory {
  return value !== null && (categoryIds as readonly string[]).includes(value);
}

function categoryOf(search: string): DashboardCategory {
  const value = new URLSearchParams(search).get("category");
  return isCategory(value) ? value : "total";
}

/** One category's coins by AI score, a page at a time, with how the score fared on history. */
function RankedCoins({ category, label }: { category: DashboardCategory; label: string }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const ranking = useAiRanking({ category, page, pageSize: RANKING_PAGE_SIZE });
  if (ranking.error && !ranking.data) {
    return (
      <LoadError onRetry={() => void ranking.mutate()}>
        <Trans>The AI ranking could not be loaded.</Trans>
      </LoadError>
    );
  }
  const data = ranking.data;
  if (!data) {
    return (
      <p className="loading-text">
        <Trans>Loading the AI ranking…</Trans>
      </p>
    );
  }
  return (
    <>
      <ValidationNote validation={data.validation} />
      {data.total === 0 ? (
        <p className="market-empty" role="status">
          {t`No coin in ${label} has an AI score at this market time.`}
        </p>
      ) : (
        <>
          <AiRankingTable
            list={data.list}
            label={t`${label} by AI score`}
            firstPosition={(page - 1) * RANKING_PAGE_SIZE + 1}
            renderCoin={(coin) => <CoinLink coin={coin} />}
          />
          {data.total > RANKING_PAGE_SIZE ? (
            <Pager
              page={page}
              pageSize={RANKING_PAGE_SIZE}
              total={data.total}
              onPage={setPage}
              label={t`${label} ranking pages`}
            />
          ) : null}
        </>
      )}
      <ScoreSourceNote source={data.source} />
    </>
  );
}

/**
 * /aiRanking?category=<category>: the coins of a dashboard category ranked by AI score, highest first, each with
 * its parts' points; the categories are the dashboard's.
 */
export default function AiRankingPage({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const category = categoryOf(useSearch());
  const current = dashboardCategories.find((item) => item.id === category) ?? dashboardCategories[0];
  const label = i18n._(current.label);
  return (
    <section className="page page--wide" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {i18n._(title)}
      </h1>
      <MarketStatusLabel />
      <p className="page__lead">
        {t`Coins ranked by their AI score (0-100): trend, volatility, liquidity, strength against BTC and news flow, each ranked among the coins scored.`}
      </p>
      <nav className="category-tabs" aria-label={t`AI ranking categories`}>
        {dashboardCategories.map((item) => (
          <Link
            key={item.id}
            href={`/aiRanking?category=${item.id}`}
            className="category-tabs__tab"
            aria-current={item.id === category ? "page" : undefined}
          >
            {i18n._(item.label)}
          </Link>
        ))}
      </nav>
      <RankedCoins key={category} category={category} label={label} />
      <ScoreCaveat />
      <p>
        <Link href="/aiCompare">
          <Trans>Compare two coins</Trans>
        </Link>
      </p>
    </section>
  );
}
