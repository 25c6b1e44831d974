import { DEFAULT_MODEL_ID, modelCatalogue, modelConfigKeys } from "../../../contract/model-catalogue.ts";
import type { ModelListItem } from "../../../contract/models.ts";
import type { Config } from "../../config.ts";

/**
 * Which catalogue models answer on this deployment: MountainLion always (it is embedded), a vendor model
 * when its endpoint and key are configured, Automatic mode whenever at least one chat model answers.
 */
export function createModelCatalogueService(llm: Config["llm"]) {
  const items: ModelListItem[] = modelCatalogue.map((entry) => {
    const configKey =
      entry.id in modelConfigKeys ? modelConfigKeys[entry.id as keyof typeof modelConfigKeys] : undefined;
    const available =
      entry.embedded || entry.kind === "auto" || (configKey !== undefined && llm[configKey] !== undefined);
    return {
      model: entry.id,
      version: entry.name,
      kind: entry.kind,
      available,
      isDefault: entry.id === DEFAULT_MODEL_ID,
      contextTokens: entry.contextTokens,
    };
  });
  return {
    list: (): readonly ModelListItem[] => items,
  };
}

export type ModelCatalogueService = ReturnType<typeof createModelCatalogueService>;
