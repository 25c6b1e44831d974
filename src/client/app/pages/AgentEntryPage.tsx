import { useEffect } from "react";
import { useLocation } from "wouter";
import { AgentIds, agentById } from "../../../contract/agents.ts";
import { PageLoading } from "./PageLoading.tsx";
import { useOpenAgent } from "./use-open-agent.ts";

/** The agent each entry route opens. */
function agentForPath(pathname: string) {
  if (pathname.startsWith("/aiCoinSelection")) return agentById(AgentIds.coinSelection);
  return agentById(AgentIds.customerService);
}

/**
 * /aiCustomer/ and /aiCoinSelection/ (spec §2): a new chat with customer service or AI coin selection, in place
 * of the entry address (back returns to where the link was).
 */
export default function AgentEntryPage() {
  const [location] = useLocation();
  const openAgent = useOpenAgent();
  useEffect(() => {
    const agent = agentForPath(location);
    if (agent) openAgent(agent, { replace: true });
  }, [location, openAgent]);
  return <PageLoading />;
}
