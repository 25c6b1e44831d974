import { useLingui } from "@lingui/react/macro";
import { useId } from "react";

/** The network a panel works on, among the AI wallet's chains. */
export function NetworkSelect({
  chains,
  value,
  disabled = false,
  onChange,
}: {
  chains: readonly { chainId: number; netWork: string }[];
  value: number | null | undefined;
  disabled?: boolean;
  onChange(chainId: number): void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t`Network`}
      </label>
      <select
        id={id}
        className="input"
        value={value ?? ""}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {chains.map((chain) => (
          <option key={chain.chainId} value={chain.chainId}>
            {chain.netWork}
          </option>
        ))}
      </select>
    </div>
  );
}
