import { z } from "zod";
import { modelCatalogue } from "./model-catalogue.ts";

export const modelIdSchema = z.union(modelCatalogue.map((m) => z.literal(m.id)));

/** One item of `GET /v2/api/llm/model/list`: `model` is the id, `version` the display name. */
export const modelListItemSchema = z.object({
  model: z.number().int(),
  version: z.string(),
  kind: z.enum(["model", "label", "auto"]),
  available: z.boolean(),
  isDefault: z.boolean(),
  contextTokens: z.number().int(),
});

export const modelListDataSchema = z.array(modelListItemSchema);

export type ModelListItem = z.infer<typeof modelListItemSchema>;
