import { useCallback } from "react";
import { useLocation } from "wouter";
import { type AgentDefinition, AgentIds } from "../../../contract/agents.ts";
import { useChatOwner } from "../../features/chat/hooks/use-new-chat.ts";
import { newChatId, newChatPath } from "../../features/chat/model/chat-id.ts";

/** Where price prediction opens: the predict page starts on BTC, the token the spec's examples use. */
const PREDICT_PATH = "/predict/BTC";
/** Where the swap agent opens: AI one-click buy. */
const SWAP_PATH = "/aiBuyCoins";

/** The path that opens an agent: a new chat with it (a fresh id each time), or its page; null: nothing to open. */
export function agentPath(agent: AgentDefinition, owner: string): string | null {
  switch (agent.opens) {
    case "chat":
      return newChatPath(newChatId(owner), { agent: agent.id, help: agent.id === AgentIds.customerService });
    case "predict":
      return PREDICT_PATH;
    case "swap":
      return SWAP_PATH;
    case "none":
      return null;
  }
}

/** Opens an agent (the hub's cards, the entry routes). */
export function useOpenAgent(): (agent: AgentDefinition, options?: { replace?: boolean }) => void {
  const owner = useChatOwner();
  const [, navigate] = useLocation();
  return useCallback(
    (agent, options = {}) => {
      const path = agentPath(agent, owner);
      if (path) navigate(path, { replace: options.replace ?? false });
    },
    [navigate, owner],
  );
}
