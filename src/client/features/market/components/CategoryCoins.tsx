import { Trans, useLingui } from "@lingui/react/macro";
import type { DashboardCategory } from "../../../../contract/market.ts";
import { useCategoryList } from "../api/get-category-list.ts";
import { useCoinList } from "../api/get-coin-list.ts";
import { CoinRows } from "./CoinRows.tsx";
import "./market.css";

/** The coins of one dashboard category; a category this market has no coins of says so (no stand-ins). */
export function CategoryCoins({ category, label }: { category: DashboardCategory; label: string }) {
  const { t } = useLingui();
  const categories = useCategoryList();
  const count = categories.data?.list.find((item) => item.category === category)?.count;
  const coins = useCoinList({ category, pageSize: 100 });
  if (coins.error || categories.error) {
    return (
      <div>
        <p role="alert">
          <Trans>The coins could not be loaded.</Trans>
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            void coins.mutate();
            void categories.mutate();
          }}
        >
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  }
  if (!coins.data) {
    return (
      <p className="loading-text">
        <Trans>Loading coins…</Trans>
      </p>
    );
  }
  if (count === 0 || coins.data.total === 0) {
    return (
      <p className="market-empty" role="status">
        <Trans>No coins of this category are in this market yet.</Trans>
      </p>
    );
  }
  return <CoinRows coins={coins.data.list} label={t`${label} coins`} />;
}
