import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { ErrorCode } from "../../../contract/errors.ts";
import { AUTO_MODEL_ID, DEFAULT_MODEL_ID, modelCatalogue, modelConfigKeys } from "../../../contract/model-catalogue.ts";
import { ApiError } from "../../api-error.ts";
import type { Config, LlmEndpoint } from "../../config.ts";

type ConfigKey = (typeof modelConfigKeys)[keyof typeof modelConfigKeys];
type VendorId = keyof typeof modelConfigKeys;

/** What each vendor's endpoint is asked for when LLM_<KEY>_MODEL is not set, and what it can take. */
const vendors: Record<ConfigKey, { defaultModel: string; vision: boolean; tools: boolean }> = {
  QWEN: { defaultModel: "qwen-plus", vision: false, tools: true },
  GPT: { defaultModel: "gpt-4o-mini", vision: true, tools: true },
  CLAUDE: { defaultModel: "claude-sonnet-4-5", vision: true, tools: true },
  // Sonar searches the web itself and takes no function calls.
  PERPLEXITY: { defaultModel: "sonar", vision: false, tools: false },
  GEMINI: { defaultModel: "gemini-2.5-flash", vision: true, tools: true },
  DEEPSEEK: { defaultModel: "deepseek-chat", vision: false, tools: true },
  MISTRAL: { defaultModel: "open-mistral-nemo", vision: false, tools: true },
  DEEPSEEK_REASONER: { defaultModel: "deepseek-reasoner", vision: false, tools: true },
};

/** Automatic mode's order of general-purpose models when the question asks for nothing special. */
const GENERAL_ORDER: readonly VendorId[] = [1, 2, 5, 7, 9, 4];
const PERPLEXITY_ID: VendorId = 3;
const REASONER_ID: VendorId = 8;

/** Questions about news: Automatic mode sends them to the search model (prices stay with the tool models). */
const NEWS_QUESTION = /\b(news|headlines?|breaking|announcements?|rumou?rs?)\b|新闻|消息|快讯|公告|传闻/i;
/** Questions that ask for reasoning: Automatic mode sends them to the reasoning model. */
const REASONING_QUESTION =
  /\b(why|reasons?|reasoning|analy[sz]e|analysis|explain|strategy|should i|pros and cons|step by step)\b|为什么|原因|分析|推理|解释|策略|应该/i;

export interface ResolvedModel {
  model: LanguageModel;
  /** the catalogue id that answers (Automatic mode's pick for id 0) */
  id: number;
  /** the catalogue id that was asked for */
  requested: number;
  /** the display name of the model that answers: `answeredBy` of the start event */
  name: string;
  /** takes image parts (by URL) */
  vision: boolean;
  /** takes function calls: the product's tools are offered */
  tools: boolean;
  /** the project's own offline analyst */
  embedded: boolean;
}

export interface ModelRegistry {
  /**
   * The model that answers `modelId` for this question. A catalogue model without a configured endpoint is
   * refused (1001 notConfigured), never replaced by another.
   */
  resolve(modelId: number, question: string): ResolvedModel;
  /** Automatic mode's pick for a question (exported for the picker's explanation and for tests). */
  automaticPick(question: string): number;
}

export interface ModelRegistryDeps {
  /** MountainLion (id 6), always available */
  mountainLion: LanguageModel;
  /** tests route the vendor endpoints through their own fetch */
  fetch?: typeof globalThis.fetch;
}

function nameOf(id: number): string {
  return modelCatalogue.find((entry) => entry.id === id)?.name ?? String(id);
}

function isVendorId(id: number): id is VendorId {
  return id in modelConfigKeys;
}

function notConfigured(id: number): ApiError {
  return new ApiError(
    ErrorCode.RequestFailed,
    "notConfigured",
    400,
    [{ field: "model", key: "notConfigured" }],
    `model: ${nameOf(id)} is not configured on this server`,
  );
}

/**
 * The language-model port: catalogue ids to AI SDK models. MountainLion is embedded; every vendor model goes
 * through its OpenAI-compatible endpoint (LLM_<KEY>_BASE_URL, LLM_<KEY>_API_KEY, LLM_<KEY>_MODEL).
 *
 * Automatic mode (id 0) picks by the question, in this order:
 * 1. about news (news, headlines, announcements, 新闻, 消息...) -> Perplexity Sonar, if configured;
 * 2. asking for reasoning (why, analyse, explain, strategy, 为什么, 分析...) -> DeepSeek-reasoner, if configured;
 * 3. otherwise the first configured of GPT, Claude, Gemini, DeepSeek, qwen, Open Mistral;
 * 4. otherwise MountainLion.
 */
export function createModelRegistry(llm: Config["llm"], deps: ModelRegistryDeps): ModelRegistry {
  const endpoints = new Map<VendorId, LlmEndpoint>();
  for (const [id, key] of Object.entries(modelConfigKeys)) {
    const endpoint = llm[key];
    if (endpoint) endpoints.set(Number(id) as VendorId, endpoint);
  }
  const built = new Map<VendorId, LanguageModel>();

  const vendorModel = (id: VendorId): LanguageModel => {
    const cached = built.get(id);
    if (cached) return cached;
    const endpoint = endpoints.get(id);
    if (!endpoint) throw notConfigured(id);
    const key = modelConfigKeys[id];
    const vendor = vendors[key];
    const provider = createOpenAICompatible({
      name: key.toLowerCase(),
      baseURL: endpoint.baseUrl,
      apiKey: endpoint.apiKey,
      includeUsage: true,
      fetch: deps.fetch,
      // image URLs go to the vendor as they are instead of being downloaded here first
      supportedUrls: (): Record<string, RegExp[]> => (vendor.vision ? { "image/*": [/^https?:\/\/.+$/] } : {}),
    });
    const model = provider.chatModel(endpoint.model ?? vendor.defaultModel);
    built.set(id, model);
    return model;
  };

  const automaticPick = (question: string): number => {
    if (NEWS_QUESTION.test(question) && endpoints.has(PERPLEXITY_ID)) return PERPLEXITY_ID;
    if (REASONING_QUESTION.test(question) && endpoints.has(REASONER_ID)) return REASONER_ID;
    return GENERAL_ORDER.find((id) => endpoints.has(id)) ?? DEFAULT_MODEL_ID;
  };

  return {
    automaticPick,
    resolve(modelId, question) {
      const id = modelId === AUTO_MODEL_ID ? automaticPick(question) : modelId;
      if (id === DEFAULT_MODEL_ID) {
        return {
          model: deps.mountainLion,
          id,
          requested: modelId,
          name: nameOf(id),
          vision: false,
          tools: true,
          embedded: true,
        };
      }
      if (!isVendorId(id)) throw notConfigured(id);
      const vendor = vendors[modelConfigKeys[id]];
      return {
        model: vendorModel(id),
        id,
        requested: modelId,
        name: nameOf(id),
        vision: vendor.vision,
        tools: vendor.tools,
        embedded: false,
      };
    },
  };
}
