import { describe, expect, it } from "vitest";
import { agentById, agentCatalogue, agentIdSchema, isChatAgent } from "./agents.ts";

describe("agent catalogue", () => {
  it("takes the 18 catalogue ids as agent ids, and nothing else", () => {
    expect(agentCatalogue).toHaveLength(18);
    expect(agentIdSchema.safeParse("19").success).toBe(true);
    expect(agentIdSchema.safeParse("16").success).toBe(false);
    expect(agentIdSchema.safeParse("").success).toBe(false);
  });

  it("lets a chat be for an offered agent that answers in the chat only", () => {
    expect(["1", "13", "14", "19"].every(isChatAgent)).toBe(true);
    // price prediction and swap open their pages; disabled, announced and not-yet-served agents open nothing
    expect(["2", "3", "4", "7", "8", "17", "nope"].some(isChatAgent)).toBe(false);
  });

  it("keeps the spec's groups and states", () => {
    const inGroup = (group: string) => agentCatalogue.filter((agent) => agent.group === group).map((agent) => agent.id);
    expect(inGroup("tradingAgent")).toEqual(["2", "1", "3", "19", "13"]);
    expect(agentById("4")?.status).toBe("disabled");
    expect(agentById("5")?.status).toBe("disabled");
    expect(agentById("17")?.status).toBe("comingSoon");
    expect(agentById("18")?.status).toBe("comingSoon");
    expect(agentById("12")?.kind).toBe("nft");
  });
});
