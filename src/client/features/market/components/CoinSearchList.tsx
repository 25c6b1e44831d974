import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Coin } from "../../../../contract/market.ts";
import { useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";
import { preloadCoinList, useCoinList } from "../api/get-coin-list.ts";
import { CoinTable } from "./CoinTable.tsx";
import { MarketSourceNote } from "./MarketFigures.tsx";
import { Pager } from "./Pager.tsx";
import "./market.css";
import { type CoinMatches, CoinSearchField, CoinSearchResults } from "../../../shared/ui/CoinSearch.tsx";

/** Spec: searching waits until typing pauses for 300 ms. */
export const COIN_SEARCH_DEBOUNCE_MS = 300;

const DEFAULT_PAGE_SIZE = 20;

/** Starts the unfiltered list's first page before the first screen renders. */
export function preloadCoinSearchList(pageSize = DEFAULT_PAGE_SIZE): void {
  preloadCoinList({ keyword: "", pageSize });
}

/** The coin list with a search box (getCoinList with keyword), a page at a time over the whole market. */
export function CoinSearchList({ pageSize = DEFAULT_PAGE_SIZE }: { pageSize?: number }) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const keyword = useDebouncedValue(text.trim(), COIN_SEARCH_DEBOUNCE_MS);
  // a new keyword starts again on its first page
  const [paging, setPaging] = useState({ keyword, page: 1 });
  const page = paging.keyword === keyword ? paging.page : 1;
  const { data, error, isLoading, mutate } = useCoinList({ keyword, page, pageSize });
  const matches: CoinMatches<Coin> = {
    coins: isLoading && !data ? undefined : (data?.list ?? []),
    failed: Boolean(error),
    retry: () => void mutate(),
  };
  return (
    <section className="market-card coin-search" aria-label={t`Coins`}>
      <h2 className="market-card__title">
        <Trans>Coins</Trans>
      </h2>
      <CoinSearchField block="coin-search" label={<Trans>Search coins</Trans>} text={text} onText={setText} />
      <CoinSearchResults matches={matches} keyword={keyword}>
        {(coins) => (
          <>
            <CoinTable
              coins={coins}
              label={keyword ? t`Coins matching ${keyword}` : t`Coin list`}
              firstPosition={(page - 1) * pageSize + 1}
            />
            {data && data.total > pageSize ? (
              <Pager
                page={page}
                pageSize={pageSize}
                total={data.total}
                onPage={(next) => setPaging({ keyword, page: next })}
                label={t`Coin list pages`}
              />
            ) : null}
          </>
        )}
      </CoinSearchResults>
      <MarketSourceNote source={data?.source} />
    </section>
  );
}
