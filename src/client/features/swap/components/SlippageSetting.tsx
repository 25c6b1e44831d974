import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Swap } from "../../../../contract/constants.ts";
import { SWAP_SLIPPAGE_DEFAULT } from "../../../../contract/swap.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { checkSlippage, SLIPPAGE_PRESETS } from "../swap-logic.ts";

export interface SlippageSettingProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * Spec §5 slippage: presets 0.5 / 1 / 3 % or a custom value above 0; at or above 15 % a warning, and the advice
 * to stay under 15 %. A low slippage may make the swap fail (nothing is swapped then).
 */
export function SlippageSetting({ value, onChange }: SlippageSettingProps) {
  const { t, i18n } = useLingui();
  const customId = useId();
  const noteId = useId();
  const check = checkSlippage(value);
  // typing "15" passes through "1": the custom field keeps its own text, so a preset lights up only when picked
  const [custom, setCustom] = useState(() => (SLIPPAGE_PRESETS.some((option) => option === value.trim()) ? "" : value));
  const preset = custom === "" ? SLIPPAGE_PRESETS.find((option) => option === value.trim()) : undefined;
  const warnAt = Swap.slippageWarnPercent;
  return (
    <fieldset className="swap-slippage">
      <legend className="field__label">{t`Slippage tolerance`}</legend>
      <div className="swap-slippage__row">
        {SLIPPAGE_PRESETS.map((option) => (
          <button
            key={option}
            type="button"
            className="swap-chip"
            aria-pressed={preset === option}
            onClick={() => {
              setCustom("");
              onChange(option);
            }}
          >
            {option}%
          </button>
        ))}
        <label className="swap-slippage__custom" htmlFor={customId}>
          <span className="visually-hidden">{t`Custom slippage (%)`}</span>
          <input
            id={customId}
            className="input"
            inputMode="decimal"
            placeholder={t`Custom`}
            value={custom}
            aria-invalid={check.issue ? true : undefined}
            aria-describedby={noteId}
            onChange={(event) => {
              const text = event.currentTarget.value.replace(/[^\d.]/g, "").slice(0, 5);
              setCustom(text);
              onChange(text === "" ? SWAP_SLIPPAGE_DEFAULT : text);
            }}
          />
          <span aria-hidden="true">%</span>
        </label>
      </div>
      <p
        id={noteId}
        className={check.issue ? "field-error" : check.warn ? "warning" : "swap-muted"}
        role={check.issue || check.warn ? "alert" : undefined}
      >
        {check.issue === "slippageTooLow" || check.issue === "slippageTooHigh"
          ? i18n._(messageForKey(check.issue))
          : check.issue
            ? t`Enter a slippage between 0.01 and 50 %.`
            : check.warn
              ? t`A slippage of ${warnAt}% or more can give you much less than quoted. Keep it under ${warnAt}%.`
              : t`Keep the slippage under ${warnAt}%. A very low slippage may make the swap fail; nothing is swapped then.`}
      </p>
    </fieldset>
  );
}
