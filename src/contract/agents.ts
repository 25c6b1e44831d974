import { z } from "zod";

/**
 * The agent catalogue of spec §3 without its texts (titles, descriptions, opening remarks and sample questions
 * live in the client's catalogue, translated): what each agent is, where the hub lists it, whether it can be used
 * and where it opens. The server checks a chat's agentId against it and learns which agent a chat is for.
 *
 * Ids. The spec gives 14 Subtype ids (1-11, 17, 18, 19); an agent with a Subtype keeps it as its id. The spec's
 * feature list names four more (NFT comparison, AI coin selection, customer service, asset management): they
 * take 12, 13, 14 and 15, which no Subtype uses, making the 18 entries. The spec's "agents 7, 10, 12 NFT" counts
 * from a numbering of its own in which 10 is not insurance; here insurance (10) is a crypto agent.
 */

/** The hub's tabs (spec §3 groups; the chosen one is remembered as agentsType). */
export const agentGroups = ["tradingAgent", "PredictAgent", "ManagementAgent"] as const;
export type AgentGroup = (typeof agentGroups)[number];

/**
 * The spec's status: available (offered), disabled (turned off), comingSoon (announced). What works today is
 * `opens`: an available agent that opens "none" is listed with a note saying what is missing or where the product
 * serves it today.
 */
export type AgentStatus = "available" | "disabled" | "comingSoon";

/** What opening it does: a chat with the agent, the price prediction page, the swap page, or nothing yet. */
export type AgentOpens = "chat" | "predict" | "swap" | "none";

export type AgentKind = "crypto" | "nft";

export const agentIds = [
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "11",
  "12",
  "13",
  "14",
  "15",
  "17",
  "18",
  "19",
] as const;
export type AgentId = (typeof agentIds)[number];

/** An agent id as the API takes it (a chat's agentId, when it is not empty). */
export const agentIdSchema = z.enum(agentIds);

export interface AgentDefinition {
  id: AgentId;
  /** the spec's Subtype id; null for the four agents the spec lists without one */
  subtype: number | null;
  /** the hub tab that lists it; null: listed on its own (customer service, under Help) */
  group: AgentGroup | null;
  /** the spec's type field: the hub tabs it appears in, 1 tradingAgent, 2 PredictAgent, 3 ManagementAgent ("" none) */
  type: string;
  kind: AgentKind;
  status: AgentStatus;
  opens: AgentOpens;
}

const groupType: Record<AgentGroup, string> = { tradingAgent: "1", PredictAgent: "2", ManagementAgent: "3" };

function agent(
  id: AgentId,
  subtype: number | null,
  group: AgentGroup | null,
  kind: AgentKind,
  status: AgentStatus,
  opens: AgentOpens,
): AgentDefinition {
  return { id, subtype, group, type: group ? groupType[group] : "", kind, status, opens };
}

/** The 18 agents, in the hub's order within each group (spec §3 group lists first, then the additions). */
export const agentCatalogue: readonly AgentDefinition[] = [
  // tradingAgent: 2, 1, 3, 19, AI coin selection
  agent("2", 2, "tradingAgent", "crypto", "available", "predict"),
  agent("1", 1, "tradingAgent", "crypto", "available", "chat"),
  agent("3", 3, "tradingAgent", "crypto", "available", "swap"),
  agent("19", 19, "tradingAgent", "crypto", "available", "chat"),
  agent("13", null, "tradingAgent", "crypto", "available", "chat"),
  // PredictAgent: 11, 7, 4, 5, with NFT comparison beside NFT recommendation and the airdrop assistant after airdrops
  agent("11", 11, "PredictAgent", "crypto", "available", "none"),
  agent("17", 17, "PredictAgent", "crypto", "comingSoon", "none"),
  agent("7", 7, "PredictAgent", "nft", "available", "none"),
  agent("12", null, "PredictAgent", "nft", "available", "none"),
  agent("4", 4, "PredictAgent", "crypto", "disabled", "none"),
  agent("5", 5, "PredictAgent", "crypto", "disabled", "none"),
  // ManagementAgent: 8, 9, 6, 10 (the spec turns the group off), asset management, intelligent finance
  agent("8", 8, "ManagementAgent", "crypto", "available", "none"),
  agent("9", 9, "ManagementAgent", "crypto", "disabled", "none"),
  agent("6", 6, "ManagementAgent", "crypto", "disabled", "none"),
  agent("10", 10, "ManagementAgent", "crypto", "disabled", "none"),
  agent("15", null, "ManagementAgent", "crypto", "disabled", "none"),
  agent("18", 18, "ManagementAgent", "crypto", "comingSoon", "none"),
  // customer service (/aiCustomer/)
  agent("14", null, null, "crypto", "available", "chat"),
];

/** Well-known agents the app opens by route (/aiCustomer/, /aiCoinSelection/) or by feature. */
export const AgentIds = {
  researchReport: "1",
  pricePrediction: "2",
  swap: "3",
  coinSelection: "13",
  customerService: "14",
  investAssistant: "19",
} as const satisfies Record<string, AgentId>;

export function agentById(id: string): AgentDefinition | undefined {
  return agentCatalogue.find((entry) => entry.id === id);
}

/** An agent a chat can be for: one that exists, is offered and answers in the chat. */
export function isChatAgent(id: string): boolean {
  const entry = agentById(id);
  return entry?.status === "available" && entry.opens === "chat";
}
