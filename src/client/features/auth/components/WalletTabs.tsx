import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useId, useState } from "react";
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
  const select = (next: WalletKind) => {
    setKind(next);
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  };
  return (
    <div className="wallet-tabs">
      <div className="wallet-tabs__list" role="tablist" aria-label={t`Wallet types`}>
        {kinds.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={`${baseId}-${item}-tab`}
            aria-controls={`${baseId}-panel`}
            aria-selected={kind === item}
            tabIndex={kind === item ? 0 : -1}
            className="wallet-tabs__tab"
            onClick={() => select(item)}
            onKeyDown={(event) => {
              if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
              const index = kinds.indexOf(kind);
              const step = event.key === "ArrowRight" ? 1 : kinds.length - 1;
              const next = kinds[(index + step) % kinds.length];
              if (next) select(next);
            }}
          >
            {item}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${kind}-tab`}
        className="wallet-tabs__panel"
      >
        {kind === "EVM" ? evm : <ChainWalletOptions type={kind} />}
      </div>
    </div>
  );
}
