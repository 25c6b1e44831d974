import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { type AgentDefinition, agentCatalogue } from "../../../../contract/agents.ts";
import { useLayoutMode } from "../../../shared/ui/layout-mode.ts";
import { useShownAgents } from "../host-agents.ts";
import { AgentCard, canOpen } from "./AgentCard.tsx";
import "./agents.css";

/** Tiles shown before "More": a phone's two rows of two, a desktop's row of six. */
export const FIRST_TILES = { narrow: 4, wide: 6 } as const;

const offered = agentCatalogue.filter((agent) => agent.status === "available");

/**
 * The agents the home offers (spec status available), those that open something today first, each group in the
 * hub's order: the first tiles are ones a tap opens, and the ones still waiting for data come after "More".
 */
export const homeAgents: readonly AgentDefinition[] = [
  ...offered.filter(canOpen),
  ...offered.filter((agent) => !canOpen(agent)),
];

/**
 * The home's agent tiles (spec §2 Home): the first few, and "More" to show the rest, "Collapse" to fold them back.
 * Each tile is the hub's card, so a tile opens its agent as the hub does and one that cannot open says why.
 */
export function AgentTiles({ onOpen }: { onOpen: (agent: AgentDefinition) => void }) {
  const { t } = useLingui();
  const baseId = useId();
  const [expanded, setExpanded] = useState(false);
  const first = FIRST_TILES[useLayoutMode()];
  // the host may hide some (spec §6: the swap agent in the mini app)
  const agents = useShownAgents(homeAgents);
  const shown = expanded ? agents : agents.slice(0, first);
  return (
    <section className="agent-tiles" aria-labelledby={`${baseId}-heading`}>
      <h2 id={`${baseId}-heading`} className="agent-tiles__heading">
        {t`Agents`}
      </h2>
      <ul id={`${baseId}-list`} className="agent-list agent-tiles__list">
        {shown.map((agent) => (
          <AgentCard key={agent.id} agent={agent} onOpen={onOpen} />
        ))}
      </ul>
      {agents.length > first ? (
        <button
          type="button"
          className="agent-tiles__toggle"
          aria-expanded={expanded}
          aria-controls={`${baseId}-list`}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t`Collapse` : t`More`}
        </button>
      ) : null}
    </section>
  );
}
