import { useState } from "react";
import { useParams } from "wouter";
import { useCoinList } from "../../features/market/api/get-coin-list.ts";
import { COIN_SEARCH_DEBOUNCE_MS } from "../../features/market/components/CoinSearchList.tsx";
import { MarketStatusLabel } from "../../features/market/components/MarketStatusLabel.tsx";
import { preloadPredictInfo } from "../../features/predict/api/get-predict-info.ts";
import { CoinPicker } from "../../features/predict/components/CoinPicker.tsx";
import { PredictDashboard } from "../../features/predict/components/PredictDashboard.tsx";
import { useDebouncedValue } from "../../shared/hooks/use-debounced-value.ts";
import type { CoinMatches } from "../../shared/ui/CoinSearch.tsx";
import type { FirstScreen } from "./page-props.ts";
import { symbolOf } from "./route-symbol.ts";
import { useUnlock } from "./use-unlock.ts";
import "./pages.css";

/** How many coins the picker offers at once: the top coins with an empty box, else the best matches. */
const PICKER_SIZE = 8;

/** Opened on a forecast (a link, a reload): its read starts before the page renders. */
export function preloadData({ pathname }: FirstScreen): void {
  const symbol = symbolOf(/^\/predict\/([^/]+)/.exec(pathname)?.[1]);
  if (symbol) preloadPredictInfo(symbol);
}

/** The picker's search over the whole market (the market feature's coin list, searched by keyword). */
function PredictCoinPicker({ current }: { current: string }) {
  const [text, setText] = useState("");
  const keyword = useDebouncedValue(text.trim(), COIN_SEARCH_DEBOUNCE_MS);
  const list = useCoinList({ keyword, pageSize: PICKER_SIZE });
  const matches: CoinMatches = {
    coins: list.data?.list,
    failed: list.error !== undefined && !list.data,
    retry: () => void list.mutate(),
  };
  return <CoinPicker current={current} text={text} onText={setText} keyword={keyword} matches={matches} />;
}

/**
 * /predict/:coinAbbr: a coin's price forecast with its track record, and a picker for another coin. Its share card
 * is a 24-hour unlock for a standard account (spec §4); visitors, trial and VIP go straight on.
 */
export default function PredictPage() {
  const params = useParams<{ coinAbbr?: string }>();
  const abbr = symbolOf(params.coinAbbr);
  const unlock = useUnlock();
  return (
    <div className="page page--wide">
      <PredictDashboard
        key={abbr}
        coinAbbr={abbr}
        marketStatus={<MarketStatusLabel />}
        picker={<PredictCoinPicker key={abbr} current={abbr} />}
        shareGate={() => unlock.request({ scenario: "PRICE_FORECAST" })}
      />
      {unlock.dialogs}
    </div>
  );
}
