import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { RelatedCoin } from "../../../../contract/deposits.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useSupportedCoinList } from "../api/deposit-calls.ts";

/**
 * The chains this server takes USDT deposits on, for the top-up and the hash report: loading, a load error with
 * Retry, or, with none configured, the plain note that payments are not set up here; else its children get them.
 */
export function PayChainsGate({ children }: { children: (chains: RelatedCoin[]) => ReactNode }) {
  const { t } = useLingui();
  const coins = useSupportedCoinList(true);
  if (coins.error) {
    return <LoadError onRetry={() => void coins.mutate()}>{t`The payment networks could not be loaded.`}</LoadError>;
  }
  if (!coins.data) return <p aria-busy="true">{t`Loading…`}</p>;
  const chains = coins.data.relatedCoins;
  if (!coins.data.configured || chains.length === 0) {
    return (
      <p className="pay-note" role="status">
        {t`Payments in USDT are not set up on this server, so nothing can be paid here.`}
      </p>
    );
  }
  return children(chains);
}
