import { useParams } from "wouter";
import { TokenDashboard } from "../../features/market/components/TokenDashboard.tsx";
import "./pages.css";

/** /tokensData/:coinAbbr and /crypto/:coinCode (the lower-case symbol) show the same token page. */
export default function TokenPage() {
  const params = useParams<{ coinAbbr?: string; coinCode?: string }>();
  const abbr = decodeURIComponent(params.coinAbbr ?? params.coinCode ?? "").toUpperCase();
  return (
    <div className="page page--wide">
      <TokenDashboard key={abbr} coinAbbr={abbr} />
    </div>
  );
}
