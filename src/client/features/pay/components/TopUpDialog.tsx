import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { useState } from "react";
import type { RelatedCoin } from "../../../../contract/deposits.ts";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { RadioGroup } from "../../../shared/ui/RadioGroup.tsx";
import { chainName } from "../chain-names.ts";
import { type TopUpRequest, topUpRequestAtom } from "../purchase-state.ts";
import { DepositPanel } from "./DepositPanel.tsx";
import { PayChainsGate } from "./PayChainsGate.tsx";
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
  return <PayChainsGate>{(chains) => <TopUpChains request={request} chains={chains} />}</PayChainsGate>;
}

function TopUpChains({ request, chains }: { request: TopUpRequest; chains: RelatedCoin[] }) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
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
