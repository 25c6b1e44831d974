import { useMemo } from "react";
import { type AgentDefinition, AgentIds } from "../../../contract/agents.ts";
import type { Host } from "../../host/host.ts";
import { useHost } from "../../host/host-context.tsx";

const SWAP_AGENT_ID = AgentIds.swap;

/**
 * Spec §6: the swap agent (Subtype 3) is hidden in the mini app and shown in the browser. The host is asked for a
 * capability, not its kind: the swap agent hands the order it builds to a wallet in the page to sign, so it is
 * shown where the host offers browser (injected) wallets, the browser, and hidden where it offers none (Telegram).
 */
export function agentShownOn(host: Pick<Host, "loginMethods">, agent: AgentDefinition): boolean {
  return agent.id !== SWAP_AGENT_ID || host.loginMethods.includes("injectedWallet");
}

/** The agents of a list this host shows (see agentShownOn). */
export function useShownAgents(agents: readonly AgentDefinition[]): readonly AgentDefinition[] {
  const host = useHost();
  return useMemo(() => agents.filter((agent) => agentShownOn(host, agent)), [host, agents]);
}
