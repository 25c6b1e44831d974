import { useLingui } from "@lingui/react";
import { Link, useSearch } from "wouter";
import { dashboardCategories as categoryIds, type DashboardCategory } from "../../../contract/market.ts";
import { useCategoryList } from "../../features/market/api/get-category-list.ts";
import { CategoryCoins } from "../../features/market/components/CategoryCoins.tsx";
import { MarketStatusLabel } from "../../features/market/components/MarketStatusLabel.tsx";
import { dashboardCategories } from "../navigation/nav-items.ts";
import type { PageProps } from "./page-props.ts";
import "./pages.css";

function isCategory(value: string | null): value is DashboardCategory {
  return value !== null && (categoryIds as readonly string[]).includes(value);
}

/**
 * /popularTokens/?type=<category>: the dashboard's categories as tabs, each with how many coins of the market it
 * holds, and the chosen category's coins.
 */
export default function PopularTokensPage({ title }: PageProps) {
  const { i18n } = useLingui();
  const search = useSearch();
  const type = new URLSearchParams(search).get("type");
  const category: DashboardCategory = isCategory(type) ? type : "total";
  const current = dashboardCategories.find((item) => item.id === category) ?? dashboardCategories[0];
  const categories = useCategoryList();
  const countOf = (id: DashboardCategory) => categories.data?.list.find((item) => item.category === id)?.count;
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
      <CategoryCoins key={category} category={category} label={i18n._(current.label)} />
    </section>
  );
}
