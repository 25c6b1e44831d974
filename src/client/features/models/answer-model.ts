import { atomWithStorage, createJSONStorage } from "jotai/utils";
import { DEFAULT_MODEL_ID } from "../../../contract/model-catalogue.ts";
import { StorageKeys } from "../../shared/storage/storage-keys.ts";

const jsonStorage = createJSONStorage<number>(() => localStorage);

/** Rejects what another version or a hand edit may have left under the key. */
const storage: typeof jsonStorage = {
  ...jsonStorage,
  getItem(key, initialValue) {
    const value: unknown = jsonStorage.getItem(key, initialValue);
    return typeof value === "number" && Number.isInteger(value) ? value : initialValue;
  },
};

/** The model chat answers come from (spec §3 answerModel), persisted under localStorage `answerModel`. */
export const answerModelAtom = atomWithStorage<number>(StorageKeys.answerModel, DEFAULT_MODEL_ID, storage, {
  getOnInit: true,
});
