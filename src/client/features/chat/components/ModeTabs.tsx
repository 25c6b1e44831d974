import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { useId } from "react";
import { type SearchTab, searchTabAtom } from "../../../shared/settings/settings.ts";

const modeLabels: Record<SearchTab, MessageDescriptor> = {
  search: msg`AI search`,
  deepThink: msg`Deep think`,
  aiSwap: msg`AI one-click buy`,
};

/** The input modes of spec §4 (remembered as searchTab): search, deepThink, aiSwap. */
export function ModeTabs() {
  const { t, i18n } = useLingui();
  const [mode, setMode] = useAtom(searchTabAtom);
  const name = useId();
  return (
    <div className="mode-tabs" role="radiogroup" aria-label={t`Mode`}>
      {(Object.keys(modeLabels) as SearchTab[]).map((value) => (
        <label key={value} className="mode-tabs__tab" data-checked={mode === value || undefined}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={value}
            checked={mode === value}
            onChange={() => setMode(value)}
          />
          {i18n._(modeLabels[value])}
        </label>
      ))}
    </div>
  );
}
