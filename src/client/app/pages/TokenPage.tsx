import { useState } from "react";
import { useLocation, useParams } from "wouter";
import { SetAlarmButton } from "../../features/alarms/components/SetAlarmButton.tsx";
import { useTokenInfo } from "../../features/market/api/get-token-info.ts";
import { preloadTokenDashboard, TokenDashboard } from "../../features/market/components/TokenDashboard.tsx";
import { CoinNews } from "../../features/news/components/CoinNews.tsx";
import { MakeReportButton } from "../../features/report/components/MakeReportButton.tsx";
import { AiScorePanel } from "../../features/score/components/AiScorePanel.tsx";
import { openedByStartLink } from "../navigation/start-link.ts";
import type { FirstScreen } from "./page-props.ts";
import { symbolOf } from "./route-symbol.ts";
import { useUnlock } from "./use-unlock.ts";
import "./pages.css";

/** Opened on a token's page (a coin_ link, a reload): its first reads start before the page renders. */
export function preloadData({ pathname }: FirstScreen): void {
  const symbol = symbolOf(/^\/(?:tokensData|crypto)\/([^/]+)/.exec(pathname)?.[1]);
  if (symbol) preloadTokenDashboard(symbol);
}

/**
 * The research report's button, once the market has the coin (the dashboard's own read, shared). Making one is a
 * 24-hour unlock for a standard account (spec §4); visitors, trial and VIP go straight on.
 */
function ReportEntry({ coinAbbr }: { coinAbbr: string }) {
  const { data } = useTokenInfo(coinAbbr);
  const unlock = useUnlock();
  if (!data) return null;
  return (
    <>
      <MakeReportButton coinAbbr={data.coin.coinAbbr} beforeMake={() => unlock.request({ scenario: "REPORT" })} />
      {unlock.dialogs}
    </>
  );
}

/** "Set alarm" on the coin, once the market has it: the alarm starts from the price the page shows, with its source. */
function AlarmEntry({ coinAbbr }: { coinAbbr: string }) {
  const { data } = useTokenInfo(coinAbbr);
  if (!data) return null;
  const { coin } = data;
  return (
    <SetAlarmButton
      coin={{
        coinAbbr: coin.coinAbbr,
        coinName: coin.coinName,
        icon: coin.coinImageUrl,
        price: data.price,
        source: data.source,
      }}
    />
  );
}

/**
 * /tokensData/:coinAbbr and /crypto/:coinCode (the lower-case symbol) show the same token page. Opened by a
 * start link (coin_<SYM>) naming a token the market does not have, it gives way to the home.
 */
export default function TokenPage() {
  const params = useParams<{ coinAbbr?: string; coinCode?: string }>();
  const [, navigate] = useLocation();
  const [fromStartLink] = useState(() => openedByStartLink());
  const [goHome] = useState(() => () => navigate("/", { replace: true }));
  const abbr = symbolOf(params.coinAbbr ?? params.coinCode);
  return (
    <div className="page page--wide">
      <TokenDashboard key={abbr} coinAbbr={abbr} onUnknownToken={fromStartLink ? goHome : undefined} />
      {abbr ? <AiScorePanel key={`score-${abbr}`} coinAbbr={abbr} /> : null}
      {abbr ? <AlarmEntry key={`alarm-${abbr}`} coinAbbr={abbr} /> : null}
      {abbr ? <ReportEntry key={`report-${abbr}`} coinAbbr={abbr} /> : null}
      {abbr ? <CoinNews key={`news-${abbr}`} coinAbbr={abbr} /> : null}
    </div>
  );
}
