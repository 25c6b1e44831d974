import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import type { Config } from "../../config.ts";
import { createModelRegistry } from "./model-registry.ts";

const endpoint = (model?: string) => ({ baseUrl: "http://127.0.0.1:9/v1", apiKey: "k", model });
const mountainLion = new MockLanguageModelV3({ modelId: "mountainlion" });

function modelIdOf(model: unknown): string | undefined {
  return typeof model === "object" && model !== null && "modelId" in model ? String(model.modelId) : undefined;
}

describe("model registry", () => {
  it("answers MountainLion offline, for its id and for Automatic mode with nothing configured", () => {
    const registry = createModelRegistry({}, { mountainLion });
    expect(registry.resolve(6, "price of BTC")).toMatchObject({
      id: 6,
      requested: 6,
      name: "MountainLion",
      embedded: true,
    });
    expect(registry.resolve(6, "x").model).toBe(mountainLion);
    expect(registry.resolve(0, "why did BTC fall? latest news")).toMatchObject({
      id: 6,
      requested: 0,
      name: "MountainLion",
    });
  });

  it("refuses an unconfigured model with 1001 notConfigured naming the field, never replacing it", () => {
    const registry = createModelRegistry({ GPT: endpoint() }, { mountainLion });
    for (const id of [9, 2, 3, 5, 7, 4, 8]) {
      expect(() => registry.resolve(id, "hi")).toThrow(
        expect.objectContaining({
          code: 1001,
          key: "notConfigured",
          issues: [{ field: "model", key: "notConfigured" }],
        }),
      );
    }
    expect(() => registry.resolve(42, "hi")).toThrow(expect.objectContaining({ key: "notConfigured" }));
  });

  it("builds a configured model through its OpenAI-compatible endpoint, with the vendor's default model name", () => {
    const registry = createModelRegistry(
      { GPT: endpoint(), DEEPSEEK: endpoint("deepseek-v3.2"), PERPLEXITY: endpoint() },
      { mountainLion },
    );
    const gpt = registry.resolve(1, "hi");
    expect(gpt).toMatchObject({ id: 1, name: "GPT", vision: true, tools: true, embedded: false });
    expect(modelIdOf(gpt.model)).toBe("gpt-4o-mini");
    expect(modelIdOf(registry.resolve(7, "hi").model)).toBe("deepseek-v3.2");
    expect(registry.resolve(3, "hi")).toMatchObject({ name: "Perplexity Sonar", tools: false });
    // one client per model
    expect(registry.resolve(1, "again").model).toBe(gpt.model);
  });

  const all: Config["llm"] = {
    GPT: endpoint(),
    CLAUDE: endpoint(),
    PERPLEXITY: endpoint(),
    DEEPSEEK_REASONER: endpoint(),
    QWEN: endpoint(),
  };

  it("Automatic mode: news questions go to Perplexity, reasoning to DeepSeek-reasoner, the rest to the first general model", () => {
    const registry = createModelRegistry(all, { mountainLion });
    expect(registry.automaticPick("Any news about Solana?")).toBe(3);
    expect(registry.automaticPick("比特币最新消息")).toBe(3);
    expect(registry.automaticPick("Why did ETH drop yesterday?")).toBe(8);
    expect(registry.automaticPick("分析一下以太坊的走势")).toBe(8);
    expect(registry.automaticPick("What is the price of BTC?")).toBe(1);
    const picked = registry.resolve(0, "Why did ETH drop?");
    expect(picked).toMatchObject({ id: 8, requested: 0, name: "DeepSeek-reasoner" });
    expect(modelIdOf(picked.model)).toBe("deepseek-reasoner");
  });

  it("Automatic mode skips what is not configured", () => {
    const generalOnly = createModelRegistry({ QWEN: endpoint(), DEEPSEEK: endpoint() }, { mountainLion });
    expect(generalOnly.automaticPick("Any news about Solana?")).toBe(7);
    expect(generalOnly.automaticPick("Why did ETH drop?")).toBe(7);
    const searchOnly = createModelRegistry({ PERPLEXITY: endpoint() }, { mountainLion });
    expect(searchOnly.automaticPick("news about BTC")).toBe(3);
    expect(searchOnly.automaticPick("price of BTC")).toBe(6);
  });
});
