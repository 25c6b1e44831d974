import { useLingui } from "@lingui/react/macro";
import { useSetAtom } from "jotai";
import { useMemo } from "react";
import { useSearch } from "wouter";
import type { SwapToken } from "../../../contract/swap.ts";
import { useLogOut } from "../../features/account/use-log-out.ts";
import { type AiWalletTab, AiWalletView, aiWalletTabs } from "../../features/ai-wallet/components/AiWalletView.tsx";
import type {
  AiWalletSlots,
  SlippageSlotProps,
  TokenPickerSlotProps,
} from "../../features/ai-wallet/components/slots.ts";
import { type TradeMode, tradeModes } from "../../features/ai-wallet/components/trade-types.ts";
import { useSupportChainList } from "../../features/swap/api/swap-api.ts";
import { SlippageSetting } from "../../features/swap/components/SlippageSetting.tsx";
import { TokenPickerDialog } from "../../features/swap/components/TokenPickerDialog.tsx";
import { signInDialogOpenAtom } from "../../shared/session/session.ts";
import type { PageProps } from "./page-props.ts";
import "../../features/swap/components/swap.css";
import "./pages.css";

/** The swap feature's token picker over the AI wallet's chains, with the AI wallet's balances beside the tokens. */
function AiWalletTokenPicker({
  title,
  chainIds,
  chainId,
  selected,
  walletAddress,
  onSelect,
  onClose,
}: TokenPickerSlotProps) {
  const chainList = useSupportChainList();
  const chains = useMemo(
    () => (chainList.data?.chains ?? []).filter((chain) => chainIds.includes(chain.chainId)),
    [chainList.data, chainIds],
  );
  // the picker marks the chosen token by chain and address
  const current: SwapToken | null = selected
    ? {
        ...selected,
        name: selected.symbol,
        isCrossEnable: false,
        isEnable: true,
        chain: "",
      }
    : null;
  return (
    <TokenPickerDialog
      open
      title={title}
      chains={chains}
      chainId={chainId}
      selected={current}
      walletAddress={walletAddress}
      onSelect={(token) =>
        onSelect({
          chainId: token.chainId,
          address: token.address,
          symbol: token.symbol,
          decimals: token.decimals,
          logoURI: token.logoURI,
        })
      }
      onClose={onClose}
    />
  );
}

function AiWalletSlippage({ value, onChange }: SlippageSlotProps) {
  return <SlippageSetting value={value} onChange={onChange} />;
}

const slots: AiWalletSlots = { TokenPicker: AiWalletTokenPicker, Slippage: AiWalletSlippage };

const tabOf = (value: string | null): AiWalletTab | undefined => aiWalletTabs.find((tab) => tab === value);
const modeOf = (value: string | null): TradeMode | undefined => tradeModes.find((mode) => mode === value);

/**
 * /aiWallet (query tab=fund|withdraw|trade|export, mode=market|limit): the AI wallet of an email account. The swap
 * screen's "Limit order" link opens it on the trade panel's limit order (spec §5: limit orders only with the AI
 * wallet).
 */
export default function AiWalletPage({ title }: PageProps) {
  const { i18n } = useLingui();
  const search = new URLSearchParams(useSearch());
  const logOut = useLogOut();
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  const tab = tabOf(search.get("tab"));
  const mode = modeOf(search.get("mode"));
  return (
    <section className="page page--wide" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {i18n._(title)}
      </h1>
      <AiWalletView
        key={`${tab ?? ""}:${mode ?? ""}`}
        slots={slots}
        {...(tab ? { initialTab: tab } : mode ? { initialTab: "trade" as const } : {})}
        {...(mode ? { initialMode: mode } : {})}
        onEmailSignIn={() => {
          void logOut().then(() => openSignIn(true));
        }}
      />
    </section>
  );
}
