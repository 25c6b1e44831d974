import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useLocation } from "wouter";
import { AgentsHub } from "../../features/agents/components/AgentsHub.tsx";
import type { PageProps } from "./page-props.ts";
import { useOpenAgent } from "./use-open-agent.ts";
import "./pages.css";

/**
 * /agents and /discover (spec §2): the agents hub. /discover (the Predict tab's destination) starts on the trading
 * group, where price prediction is; /agents starts on the group last chosen.
 */
export default function AgentsPage({ title }: PageProps) {
  const { i18n } = useLingui();
  const [location] = useLocation();
  const openAgent = useOpenAgent();
  const discover = location.startsWith("/discover");
  return (
    <section className="page page--wide" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {i18n._(title)}
      </h1>
      <p className="page__lead">
        <Trans>AI agents for research, forecasts and trading. Pick one to start.</Trans>
      </p>
      <AgentsHub onOpen={(agent) => openAgent(agent)} {...(discover ? { initialGroup: "tradingAgent" } : {})} />
    </section>
  );
}
