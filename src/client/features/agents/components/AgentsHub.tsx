import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { useId, useState } from "react";
import { type AgentDefinition, type AgentGroup, agentCatalogue, agentGroups } from "../../../../contract/agents.ts";
import { agentsTypeAtom } from "../../../shared/settings/settings.ts";
import { TabList, tabId, tabPanelId } from "../../../shared/ui/TabList.tsx";
import { useShownAgents } from "../host-agents.ts";
import { AgentCard } from "./AgentCard.tsx";
import "./agents.css";

export const agentGroupLabels: Record<AgentGroup, MessageDescriptor> = {
  tradingAgent: msg`Trading`,
  PredictAgent: msg`Opportunities`,
  ManagementAgent: msg`Management`,
};

function AgentList({
  agents,
  onOpen,
}: {
  agents: readonly AgentDefinition[];
  onOpen: (agent: AgentDefinition) => void;
}) {
  return (
    <ul className="agent-list">
      {agents.map((agent) => (
        <AgentCard key={agent.id} agent={agent} onOpen={onOpen} />
      ))}
    </ul>
  );
}

export interface AgentsHubProps {
  /** opens an agent the hub offers: a chat with it, or its page */
  onOpen: (agent: AgentDefinition) => void;
  /** the tab to show first instead of the remembered one (/discover starts on trading) */
  initialGroup?: AgentGroup;
}

/**
 * The agents of spec §3 in three tabs (the one last chosen is remembered as agentsType), and customer service,
 * which belongs to no group, under Help. Agents the spec turns off, announces, or that have nothing to open
 * today are listed with their state and cannot be opened.
 */
export function AgentsHub({ onOpen, initialGroup }: AgentsHubProps) {
  const { t, i18n } = useLingui();
  const baseId = useId();
  const [stored, setStored] = useAtom(agentsTypeAtom);
  const [override, setOverride] = useState(initialGroup);
  const group = override ?? stored;
  const select = (next: AgentGroup) => {
    setOverride(undefined);
    setStored(next);
  };
  // the host may hide some (spec §6: the swap agent in the mini app)
  const agents = useShownAgents(agentCatalogue);
  const help = agents.filter((agent) => agent.group === null);
  return (
    <div className="agents-hub">
      <TabList
        items={agentGroups}
        selected={group}
        onSelect={select}
        baseId={baseId}
        label={t`Agent groups`}
        className="agents-hub__tabs"
        tabClassName="agents-hub__tab"
      >
        {(item) => i18n._(agentGroupLabels[item])}
      </TabList>
      <div id={tabPanelId(baseId)} role="tabpanel" aria-labelledby={tabId(baseId, group)}>
        <AgentList agents={agents.filter((agent) => agent.group === group)} onOpen={onOpen} />
      </div>
      <section className="agents-hub__help" aria-labelledby={`${baseId}-help`}>
        <h2 id={`${baseId}-help`} className="agents-hub__heading">
          {t`Help`}
        </h2>
        <AgentList agents={help} onOpen={onOpen} />
      </section>
    </div>
  );
}
