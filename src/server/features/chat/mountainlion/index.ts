/** MountainLion's public surface, for the model registry and the composition root. */
export {
  createMountainLion,
  MOUNTAINLION_MODEL_ID,
  MOUNTAINLION_PROVIDER,
  type MountainLionOptions,
} from "./mountainlion-model.ts";
