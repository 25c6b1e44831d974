import { useParams } from "wouter";
import { TokenDashboard } from "../../features/market/components/TokenDashboard.tsx";
import { useLiveTicks } from "../../features/market/live/use-live-ticks.ts";
import { useLiveNewsToasts } from "../../features/news/live/use-live-news-toasts.ts";
import "./pages.css";

/** /tokensData/:coinAbbr and /crypto/:coinCode (the lower-case symbol) show the same token page. */
export default function TokenPage() {
  const params = useParams<{ coinAbbr?: string; coinCode?: string }>();
  const abbr = decodeURIComponent(params.coinAbbr ?? params.coinCode ?? "").toUpperCase();
  useLiveTicks();
  useLiveNewsToasts();
  return (
    <div className="page page--wide">
      <TokenDashboard key={abbr} coinAbbr={abbr} />
    </div>
  );
}
