import { Trans, useLingui } from "@lingui/react/macro";
import { useSetAtom } from "jotai";
import { useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { SwapScreen } from "../../features/swap/components/SwapScreen.tsx";
import { SwapTransactionRecord } from "../../features/swap/orders/index.ts";
import { swapPrefillOf } from "../../features/swap/swap-prefill.ts";
import { useHost } from "../../host/host-context.tsx";
import { searchTabAtom } from "../../shared/settings/settings.ts";
import { Button } from "../../shared/ui/Button.tsx";
import type { PageProps } from "./page-props.ts";
import "../../shared/ui/card.css";
import "./pages.css";

/**
 * /swap, /swap/:id (query type=newChat, isAgents=Y: opened from the swap agent) and /aiBuyCoins (AI one-click buy):
 * the swap screen with the transaction record beside it. The aiSwap chat's prefill (fromChainId, toChainId,
 * fromToken, toToken, amount) opens it with the pair and amount. Where the host offers browser wallets (the swap
 * agent is shown there, spec §6) a line offers to ask for the swap in words in the chat's aiSwap mode.
 */
export default function SwapPage({ title }: PageProps) {
  const { i18n } = useLingui();
  const search = useSearch();
  const host = useHost();
  const [, navigate] = useLocation();
  const setSearchTab = useSetAtom(searchTabAtom);
  const prefill = useMemo(() => swapPrefillOf(search), [search]);
  const askInWords = host.loginMethods.includes("injectedWallet");
  const openAiSwap = () => {
    setSearchTab("aiSwap");
    navigate("/");
  };
  return (
    <section className="page page--wide" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {i18n._(title)}
      </h1>
      {askInWords ? (
        <div className="swap-ask">
          <p>
            <Trans>
              Or say it in words, like "buy 100 USDT of SOL": MountainLion builds the order for you to sign.
            </Trans>
          </p>
          <Button variant="secondary" onClick={openAiSwap}>
            <Trans>Ask MountainLion</Trans>
          </Button>
        </div>
      ) : null}
      <div className="card-columns">
        <SwapScreen key={search} prefill={prefill} />
        <section className="swap-record" aria-labelledby="swap-record-title">
          <h2 id="swap-record-title" className="card__title">
            <Trans>Transaction record</Trans>
          </h2>
          <SwapTransactionRecord />
        </section>
      </div>
    </section>
  );
}
