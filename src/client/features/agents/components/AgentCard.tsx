import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Link } from "wouter";
import type { AgentDefinition } from "../../../../contract/agents.ts";
import { agentTexts } from "../agent-texts.ts";
import { AgentIcon } from "./AgentIcon.tsx";
import "./agents.css";

/** An agent the hub can open: offered, and with something to open today (a chat, a page). */
export function canOpen(agent: AgentDefinition): boolean {
  return agent.status === "available" && agent.opens !== "none";
}

/**
 * One agent as the hub and the home's tiles show it: icon, title and one line; one that cannot be opened says why
 * (disabled, coming soon, no data yet) and, where the product serves it elsewhere, links there.
 */
export function AgentCard({ agent, onOpen }: { agent: AgentDefinition; onOpen: (agent: AgentDefinition) => void }) {
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
