import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useEffect, useMemo } from "react";
import useSWRInfinite from "swr/infinite";
import { Link, useSearch } from "wouter";
import { dashboardCategories as categoryIds, type DashboardCategory } from "../../../contract/market.ts";
import type { AiScore } from "../../../contract/score.ts";
import { useCategoryList } from "../../features/market/api/get-category-list.ts";
import { CategoryCoins } from "../../features/market/components/CategoryCoins.tsx";
import type { CoinTableColumn } from "../../features/market/components/CoinTable.tsx";
import { MarketStatusLabel } from "../../features/market/components/MarketStatusLabel.tsx";
import { type AiRankingData, aiRankingKey, getAiRanking } from "../../features/score/api/get-ai-ranking.ts";
import { CoinScore } from "../../features/score/components/CoinScore.tsx";
import type { ApiError } from "../../shared/api/api-error.ts";
import { swrOptions } from "../../shared/api/swr-options.ts";
import { dashboardCategories } from "../navigation/nav-items.ts";
import type { PageProps } from "./page-props.ts";
import "./pages.css";

const aiScoreHeader = msg`AI score`;

function isCategory(value: string | null): value is DashboardCategory {
  return value !== null && (categoryIds as readonly string[]).includes(value);
}

/** The most coins ai_ranking returns at once. */
const RANKING_PAGE_SIZE = 100;

/**
 * Each coin's AI score in a category, from the category's AI ranking read a page of 100 at a time until it holds
 * every ranked coin (the coin table pages by market order, so any of its coins may sit on any ranking page).
 * A coin the whole ranking lacks has no score (null); until the ranking is in, undefined. Null lookup: the ranking
 * could not be read, and the table goes without the column rather than calling every coin unscored.
 */
function useScoreLookup(category: DashboardCategory): ((coinAbbr: string) => AiScore | null | undefined) | null {
  const ranking = useSWRInfinite<AiRankingData, ApiError>(
    (index, previous: AiRankingData | null) =>
      previous && index * RANKING_PAGE_SIZE >= previous.total
        ? null
        : aiRankingKey({ category, page: index + 1, pageSize: RANKING_PAGE_SIZE }),
    getAiRanking,
    // growing to the pages the first one counted needs no second read of it
    { ...swrOptions, revalidateFirstPage: false },
  );
  const { data, error, size, setSize } = ranking;
  const total = data?.[0]?.total;
  const needed = total === undefined ? 1 : Math.max(1, Math.ceil(total / RANKING_PAGE_SIZE));
  useEffect(() => {
    if (size < needed) void setSize(needed);
  }, [needed, setSize, size]);
  const complete = data !== undefined && data.length >= needed;
  const scores = useMemo(
    () => new Map((data ?? []).flatMap((page) => page.list).map(({ coin, score }) => [coin.coinAbbr, score])),
    [data],
  );
  if (error) return null;
  return (coinAbbr) => scores.get(coinAbbr) ?? (complete ? null : undefined);
}

/**
 * /popularTokens/?type=<category>: the dashboard's categories as tabs, each with how many coins of the market it
 * holds, and the chosen category's coins, each with its AI score (the score feature's, composed here).
 */
export default function PopularTokensPage({ title }: PageProps) {
  const { i18n } = useLingui();
  const search = useSearch();
  const type = new URLSearchParams(search).get("type");
  const category: DashboardCategory = isCategory(type) ? type : "total";
  const current = dashboardCategories.find((item) => item.id === category) ?? dashboardCategories[0];
  const categories = useCategoryList();
  const countOf = (id: DashboardCategory) => categories.data?.list.find((item) => item.category === id)?.count;
  const scoreOf = useScoreLookup(category);
  const scoreColumn: CoinTableColumn | undefined = scoreOf
    ? { header: i18n._(aiScoreHeader), cell: (coin) => <CoinScore score={scoreOf(coin.coinAbbr)} /> }
    : undefined;
  return (
    <section className="page page--wide" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {i18n._(title)}
      </h1>
      <MarketStatusLabel />
      <nav className="category-tabs" aria-label={i18n._(title)}>
        {dashboardCategories.map((item) => (
          <Link
            key={item.id}
            href={`/popularTokens/?type=${item.id}`}
            className="category-tabs__tab"
            aria-current={item.id === category ? "page" : undefined}
          >
            {i18n._(item.label)}
            {countOf(item.id) === undefined ? null : (
              <>
                {" "}
                <span className="category-tabs__count">{countOf(item.id)}</span>
              </>
            )}
          </Link>
        ))}
      </nav>
      <CategoryCoins key={category} category={category} label={i18n._(current.label)} extraColumn={scoreColumn} />
    </section>
  );
}
