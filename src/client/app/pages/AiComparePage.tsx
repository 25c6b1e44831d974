import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { useCoinList } from "../../features/market/api/get-coin-list.ts";
import { useTokenInfo } from "../../features/market/api/get-token-info.ts";
import { CoinImage } from "../../features/market/components/CoinImage.tsx";
import { COIN_SEARCH_DEBOUNCE_MS } from "../../features/market/components/CoinSearchList.tsx";
import { AmountFigure } from "../../features/market/components/MarketFigures.tsx";
import { MarketStatusLabel } from "../../features/market/components/MarketStatusLabel.tsx";
import { PriceChange } from "../../features/market/components/PriceChange.tsx";
import { useAiScore } from "../../features/score/api/get-ai-score.ts";
import { AiScorePanel, ScoreCaveat } from "../../features/score/components/AiScorePanel.tsx";
import { CompareCoinPicker, type PickerMatches } from "../../features/score/components/CompareCoinPicker.tsx";
import { ValidationNote } from "../../features/score/components/ValidationNote.tsx";
import {
  COMPARE_MAX,
  compareCoinsFrom,
  compareHref,
  pickForCompare,
} from "../../features/score/model/compare-choice.ts";
import { useDisplayPrice } from "../../shared/currency/use-display-price.ts";
import { useDebouncedValue } from "../../shared/hooks/use-debounced-value.ts";
import { LoadError } from "../../shared/ui/LoadError.tsx";
import type { PageProps } from "./page-props.ts";
import "./pages.css";

/** How many coins the picker offers at once: the top coins with an empty box, else the best matches. */
const PICKER_SIZE = 8;

/** The picker's search over the whole market (the market feature's coin list, searched by keyword). */
function ComparePicker({ chosen, onPick }: { chosen: readonly string[]; onPick: (abbr: string) => void }) {
  const [text, setText] = useState("");
  const keyword = useDebouncedValue(text.trim(), COIN_SEARCH_DEBOUNCE_MS);
  const list = useCoinList({ keyword, pageSize: PICKER_SIZE });
  const matches: PickerMatches = {
    coins: list.data?.list,
    failed: list.error !== undefined && !list.data,
    retry: () => void list.mutate(),
  };
  return (
    <CompareCoinPicker
      chosen={chosen}
      text={text}
      onText={setText}
      keyword={keyword}
      matches={matches}
      onPick={onPick}
    />
  );
}

/** A coin's market figures: price, 1h / 24h / 7d change, 24h volume and market cap. */
function CoinFigures({ abbr }: { abbr: string }) {
  const { t } = useLingui();
  const info = useTokenInfo(abbr);
  const price = useDisplayPrice();
  if (info.error?.key === "invalidValue" && info.error.field === "coinAbbr" && !info.data) {
    return <p role="status">{t`${abbr} is not in our market data.`}</p>;
  }
  if (info.error && !info.data) {
    return (
      <LoadError onRetry={() => void info.mutate()}>
        <Trans>The token data could not be loaded.</Trans>
      </LoadError>
    );
  }
  const data = info.data;
  if (!data) return <p className="loading-text">{t`Loading token data…`}</p>;
  const rows: { label: string; value: ReactNode }[] = [
    { label: t`Price`, value: price.format(data.price) },
    { label: t`1h change`, value: <PriceChange value={data.change1h} /> },
    { label: t`24h change`, value: <PriceChange value={data.change24h} /> },
    { label: t`7d change`, value: <PriceChange value={data.change7d} /> },
    { label: t`24h volume`, value: <AmountFigure value={data.volume24h} /> },
    { label: t`Market cap`, value: <AmountFigure value={data.marketCap} /> },
  ];
  return (
    <dl className="compare-figures">
      {rows.map((row) => (
        <div key={row.label} className="compare-figures__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One side of the comparison: the coin, its market figures and its AI score with its parts. */
function CompareCard({ abbr, onRemove }: { abbr: string; onRemove: () => void }) {
  const { t } = useLingui();
  const info = useTokenInfo(abbr);
  const coin = info.data?.coin;
  const titleId = `compare-${abbr}`;
  return (
    <article className="compare-card" aria-labelledby={titleId}>
      <header className="compare-card__header">
        {coin ? <CoinImage src={coin.coinImageUrl} size={32} /> : null}
        <h2 id={titleId} className="compare-card__title">
          {coin ? `${coin.coinName} (${abbr})` : abbr}
        </h2>
      </header>
      <CoinFigures abbr={abbr} />
      <AiScorePanel coinAbbr={abbr} compact />
      <p className="compare-card__actions">
        <Link href={`/tokensData/${abbr}`}>{t`${abbr} token page`}</Link>
        <button type="button" className="button" onClick={onRemove}>
          {t`Remove ${abbr}`}
        </button>
      </p>
    </article>
  );
}

/** How the score fared on history, once for the page (it is the same figure for every coin). */
function CompareValidation({ abbr }: { abbr: string }) {
  const { data } = useAiScore(abbr);
  return data ? <ValidationNote validation={data.validation} /> : null;
}

/**
 * /aiCompare?coins=BTC,ETH: two coins side by side (spec §5: at most two), chosen with a search; a third pick is
 * refused with what to do instead. The chosen coins live in the address, so a comparison can be linked to.
 */
export default function AiComparePage({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const chosen = compareCoinsFrom(useSearch());
  const [refused, setRefused] = useState<string | null>(null);
  const choose = (coins: readonly string[]) => navigate(compareHref(coins), { replace: true });
  const pick = (abbr: string) => {
    const choice = pickForCompare(chosen, abbr);
    if (choice.kind === "full") {
      setRefused(abbr);
      return;
    }
    setRefused(null);
    choose(choice.chosen);
  };
  const max = COMPARE_MAX;
  const first = chosen[0];
  const [a = "", b = ""] = chosen;
  return (
    <section className="page page--wide" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {i18n._(title)}
      </h1>
      <MarketStatusLabel />
      <p className="page__lead">{t`Compare up to ${max} coins side by side: market figures and AI score with its parts.`}</p>
      <ComparePicker chosen={chosen} onPick={pick} />
      {refused ? (
        <p className="compare-refused" role="alert">
          {t`You can compare at most ${max} coins: remove ${a} or ${b} before adding ${refused}.`}
        </p>
      ) : null}
      {chosen.length === 0 ? (
        <p className="market-empty" role="status">
          {t`Pick two coins above to compare them.`}
        </p>
      ) : (
        <div className="compare-grid">
          {chosen.map((abbr) => (
            <CompareCard
              key={abbr}
              abbr={abbr}
              onRemove={() => {
                setRefused(null);
                choose(chosen.filter((item) => item !== abbr));
              }}
            />
          ))}
          {chosen.length < max ? (
            <p className="compare-grid__hint" role="status">
              {t`Pick another coin above to compare it with ${a}.`}
            </p>
          ) : null}
        </div>
      )}
      {first ? <CompareValidation abbr={first} /> : null}
      <ScoreCaveat />
    </section>
  );
}
