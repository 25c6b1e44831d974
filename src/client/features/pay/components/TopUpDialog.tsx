import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { useState } from "react";
import type { RelatedCoin } from "../../../../contract/deposits.ts";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { RadioGroup } from "../../../shared/ui/RadioGroup.tsx";
import { useSupportedCoinList } from "../api/deposit-calls.ts";
import { chainName } from "../chain-names.ts";
import { type TopUpRequest, topUpRequestAtom } from "../purchase-state.ts";
import { DepositPanel } from "./DepositPanel.tsx";
import "./pay.css";

/**
 * The USDT top-up dialog (spec §2, §4): choose a chain among those this server takes deposits on, then the QR
 * code, the deposit address and the exact amount, 'I have recharged' and 'Pay with wallet'. With no chain
 * configured it says payments are not set up here.
 */
export function TopUpDialog() {
  const { t } = useLingui();
  const [request, setRequest] = useAtom(topUpRequestAtom);
  const close = () => setRequest(null);
  return (
    <Dialog open={request !== null} onClose={close} title={t`Top up with USDT`} className="topup-dialog">
      {request ? <TopUpBody key={`${request.productType}-${request.productId}`} request={request} /> : null}
    </Dialog>
  );
}

function TopUpBody({ request }: { request: TopUpRequest }) {
  const { t } = useLingui();
  const coins = useSupportedCoinList(true);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
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
  const coin: RelatedCoin | undefined = chains.find((item) => item.mainNetwork === chosen) ?? chains[0];
  return (
    <div className="topup">
      <p className="pay-note">{t`Your USDT balance does not cover this purchase. Send USDT to pay for it.`}</p>
      <RadioGroup
        label={t`Network`}
        name="topup-chain"
        options={chains.map((item) => ({ value: item.mainNetwork, label: chainName(item.mainNetwork) }))}
        value={coin?.mainNetwork}
        onChange={setChosen}
      />
      {coin ? <DepositPanel key={coin.mainNetwork} request={request} coin={coin} /> : null}
    </div>
  );
}
