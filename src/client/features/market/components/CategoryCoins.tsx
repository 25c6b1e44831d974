import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { DashboardCategory } from "../../../../contract/market.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useCoinList } from "../api/get-coin-list.ts";
import { CoinTable } from "./CoinTable.tsx";
import { MarketSourceNote } from "./MarketFigures.tsx";
import { Pager } from "./Pager.tsx";
import { useCategoryWords } from "./use-category-words.ts";
import "./market.css";

export const CATEGORY_PAGE_SIZE = 50;

/**
 * The coins of one dashboard category, a page at a time, with the category's rule; a category without coins says
 * why (the server's reason, in the reader's language), never shows stand-ins.
 */
export function CategoryCoins({ category, label }: { category: DashboardCategory; label: string }) {
  const { t } = useLingui();
  const words = useCategoryWords();
  const [page, setPage] = useState(1);
  const coins = useCoinList({ category, page, pageSize: CATEGORY_PAGE_SIZE });
  if (coins.error) {
    return (
      <LoadError onRetry={() => void coins.mutate()}>
        <Trans>The coins could not be loaded.</Trans>
      </LoadError>
    );
  }
  const data = coins.data;
  if (!data) {
    return (
      <p className="loading-text">
        <Trans>Loading coins…</Trans>
      </p>
    );
  }
  return (
    <div className="category-coins">
      <p className="category-coins__rule">{words.rule(category, label)}</p>
      {data.total === 0 ? (
        <p className="market-empty" role="status">
          {data.reason ? words.reason(data.reason, label, data.source.mode) : t`No coins in this category.`}
        </p>
      ) : (
        <>
          <CoinTable coins={data.list} label={t`${label} coins`} firstPosition={(page - 1) * CATEGORY_PAGE_SIZE + 1} />
          {data.total > CATEGORY_PAGE_SIZE ? (
            <Pager
              page={page}
              pageSize={CATEGORY_PAGE_SIZE}
              total={data.total}
              onPage={setPage}
              label={t`${label} pages`}
            />
          ) : null}
        </>
      )}
      <MarketSourceNote source={data.source} />
    </div>
  );
}
