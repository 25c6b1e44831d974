import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useCallback } from "react";
import { modelCatalogue } from "../../../contract/model-catalogue.ts";

const automaticMode = msg`Automatic mode`;

/** Model names are proper nouns; only the automatic mode is translated. Unknown ids read as "Model <id>". */
export function useModelName(): (id: number, version?: string) => string {
  const { i18n } = useLingui();
  return useCallback(
    (id, version) => {
      const entry = modelCatalogue.find((model) => model.id === id);
      if (entry?.kind === "auto") return i18n._(automaticMode);
      return version ?? entry?.name ?? `Model ${id}`;
    },
    [i18n],
  );
}
