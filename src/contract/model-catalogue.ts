// Kept free of zod so the web app can name models without loading the schema library up front.

/**
 * The model catalogue (spec §1). `kind` tells the picker how to treat an entry:
 * `model` is a chat model, `label` a model the catalogue names for completeness, `auto` lets the
 * server pick a model by the question.
 */
export const modelCatalogue = [
  { id: 6, name: "MountainLion", kind: "model", embedded: true, contextTokens: 128_000 },
  { id: 9, name: "qwen", kind: "model", embedded: false, contextTokens: 128_000 },
  { id: 1, name: "GPT", kind: "model", embedded: false, contextTokens: 128_000 },
  { id: 2, name: "Claude", kind: "model", embedded: false, contextTokens: 200_000 },
  { id: 3, name: "Perplexity Sonar", kind: "model", embedded: false, contextTokens: 128_000 },
  { id: 5, name: "Gemini", kind: "model", embedded: false, contextTokens: 128_000 },
  { id: 7, name: "DeepSeek", kind: "model", embedded: false, contextTokens: 128_000 },
  { id: 4, name: "Open Mistral", kind: "label", embedded: false, contextTokens: 128_000 },
  { id: 8, name: "DeepSeek-reasoner", kind: "label", embedded: false, contextTokens: 128_000 },
  { id: 0, name: "Automatic mode", kind: "auto", embedded: false, contextTokens: 128_000 },
] as const satisfies readonly ModelDefinition[];

export interface ModelDefinition {
  id: number;
  name: string;
  kind: "model" | "label" | "auto";
  /** answers with no keys and no network */
  embedded: boolean;
  contextTokens: number;
}

export type ModelId = (typeof modelCatalogue)[number]["id"];

export const DEFAULT_MODEL_ID = 6 satisfies ModelId;
export const AUTO_MODEL_ID = 0 satisfies ModelId;

/** Short, stable names used in configuration (LLM_<KEY>_API_KEY and so on). */
export const modelConfigKeys = {
  9: "QWEN",
  1: "GPT",
  2: "CLAUDE",
  3: "PERPLEXITY",
  5: "GEMINI",
  7: "DEEPSEEK",
  4: "MISTRAL",
  8: "DEEPSEEK_REASONER",
} as const satisfies Partial<Record<ModelId, string>>;
