import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useId, useState } from "react";
import { TabList, tabId, tabPanelId } from "../../../shared/ui/TabList.tsx";
import { ChainWalletOptions } from "./ChainWalletOptions.tsx";
import "./wallet-tabs.css";

const kinds = ["EVM", "TRON", "BTC"] as const;
type WalletKind = (typeof kinds)[number];

/**
 * The wallet connect dialog's tabs (spec §2): EVM (the sign-in wallets, `evm`), TRON and BTC (connected for
 * balances and deposits only). Arrow keys move between the tabs.
 */
export function WalletTabs({ evm }: { evm: ReactNode }) {
  const { t } = useLingui();
  const baseId = useId();
  const [kind, setKind] = useState<WalletKind>("EVM");
  return (
    <div className="wallet-tabs">
      <TabList
        items={kinds}
        selected={kind}
        onSelect={setKind}
        baseId={baseId}
        label={t`Wallet types`}
        className="tab-list wallet-tabs__list"
        tabClassName="tab-list__tab wallet-tabs__tab"
      >
        {(item) => item}
      </TabList>
      <div id={tabPanelId(baseId)} role="tabpanel" aria-labelledby={tabId(baseId, kind)} className="wallet-tabs__panel">
        {kind === "EVM" ? evm : <ChainWalletOptions type={kind} />}
      </div>
    </div>
  );
}
