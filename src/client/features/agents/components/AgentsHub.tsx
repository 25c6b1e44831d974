import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { useId, useState } from "react";
import { Link } from "wouter";
import { type AgentDefinition, type AgentGroup, agentCatalogue, agentGroups } from "../../../../contract/agents.ts";
import { agentsTypeAtom } from "../../../shared/settings/settings.ts";
import { agentTexts } from "../agent-texts.ts";
import { AgentIcon } from "./AgentIcon.tsx";
import "./agents.css";

export const agentGroupLabels: Record<AgentGroup, MessageDescriptor> = {
  tradingAgent: msg`Trading`,
  PredictAgent: msg`Opportunities`,
  ManagementAgent: msg`Management`,
};

/** An agent the hub can open: offered, and with something to open today (a chat, a page). */
export function canOpen(agent: AgentDefinition): boolean {
  return agent.status === "available" && agent.opens !== "none";
}

function AgentCard({ agent, onOpen }: { agent: AgentDefinition; onOpen: (agent: AgentDefinition) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const texts = agentTexts[agent.id];
  const openable = canOpen(agent);
  const status =
    agent.status === "disabled"
      ? t`Disabled`
      : agent.status === "comingSoon"
        ? t`Coming soon`
        : !openable && texts.note
          ? i18n._(texts.note)
          : null;
  return (
    <li className="agent-card" data-openable={openable || undefined}>
      <button
        type="button"
        className="agent-card__open"
        disabled={!openable}
        aria-describedby={status ? `${id}-content ${id}-status` : `${id}-content`}
        onClick={() => onOpen(agent)}
      >
        <span className="agent-card__icon">
          <AgentIcon id={agent.id} />
        </span>
        <span className="agent-card__title">{i18n._(texts.title)}</span>
      </button>
      <p id={`${id}-content`} className="agent-card__content">
        {i18n._(texts.content)}
      </p>
      {status ? (
        <p id={`${id}-status`} className="agent-card__status">
          {status}
        </p>
      ) : null}
      {!openable && texts.servedAt ? (
        <Link href={texts.servedAt.href} className="agent-card__link">
          {i18n._(texts.servedAt.label)}
        </Link>
      ) : null}
    </li>
  );
}

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
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  };
  const help = agentCatalogue.filter((agent) => agent.group === null);
  return (
    <div className="agents-hub">
      <div className="agents-hub__tabs" role="tablist" aria-label={t`Agent groups`}>
        {agentGroups.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={`${baseId}-${item}-tab`}
            aria-controls={`${baseId}-panel`}
            aria-selected={group === item}
            tabIndex={group === item ? 0 : -1}
            className="agents-hub__tab"
            onClick={() => select(item)}
            onKeyDown={(event) => {
              if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
              const index = agentGroups.indexOf(group);
              const step = event.key === "ArrowRight" ? 1 : agentGroups.length - 1;
              const next = agentGroups[(index + step) % agentGroups.length];
              if (next) select(next);
            }}
          >
            {i18n._(agentGroupLabels[item])}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${group}-tab`}>
        <AgentList agents={agentCatalogue.filter((agent) => agent.group === group)} onOpen={onOpen} />
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
