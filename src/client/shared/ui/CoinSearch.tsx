import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { LoadError } from "./LoadError.tsx";

export interface SearchedCoin {
  coinAbbr: string;
  coinName: string;
}

/** The coins a search found (the app reads them from the market), or that it failed. */
export interface CoinMatches<C = SearchedCoin> {
  /** undefined while the search is loading */
  coins: readonly C[] | undefined;
  failed: boolean;
  retry: () => void;
}

/** What a picker over a coin search is handed by its owner: the box's text, the search it ran and what it found. */
export interface CoinSearchState<C = SearchedCoin> {
  text: string;
  onText: (text: string) => void;
  /** the search the matches are for (the text once typing pauses) */
  keyword: string;
  matches: CoinMatches<C>;
}

/**
 * A search box over the market's coins, with its label. `block` names the CSS block its parts are styled by
 * (`<block>__label`, `<block>__input`); waiting for typing to pause is the owner's.
 */
export function CoinSearchField({
  block,
  label,
  text,
  onText,
}: {
  block: string;
  label: ReactNode;
  text: string;
  onText: (text: string) => void;
}) {
  const { t } = useLingui();
  const inputId = useId();
  return (
    <>
      <label className={`${block}__label`} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        className={`${block}__input`}
        value={text}
        maxLength={40}
        autoComplete="off"
        placeholder={t`BTC, Ethereum…`}
        onChange={(event) => onText(event.target.value)}
      />
    </>
  );
}

/**
 * What a coin search found: that it failed (with a retry), that it is loading (said, unless `quietWhileLoading`),
 * that nothing matches `keyword`, or the matches as `children` draws them.
 */
export function CoinSearchResults<C>({
  matches,
  keyword,
  quietWhileLoading = false,
  children,
}: {
  matches: CoinMatches<C>;
  keyword: string;
  quietWhileLoading?: boolean;
  children: (coins: readonly C[]) => ReactNode;
}) {
  const { coins } = matches;
  if (matches.failed) {
    return (
      <LoadError onRetry={matches.retry}>
        <Trans>The coins could not be loaded.</Trans>
      </LoadError>
    );
  }
  if (coins === undefined) {
    return quietWhileLoading ? null : (
      <p className="loading-text">
        <Trans>Loading coins…</Trans>
      </p>
    );
  }
  if (coins.length === 0) {
    return (
      <p role="status">
        <Trans>No coin matches "{keyword}".</Trans>
      </p>
    );
  }
  return children(coins);
}
