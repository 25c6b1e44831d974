import type { ReactNode } from "react";
import { CopyButton } from "./CopyButton.tsx";
import "./copy-field.css";

/**
 * A value to copy exactly (a deposit address, an amount, a key): its label above, the value as shown (the whole value
 * in its title) and a Copy button named after the label.
 */
export function CopyField({ label, value, shown = value }: { label: string; value: string; shown?: ReactNode }) {
  return (
    <div className="copy-field">
      <span className="copy-field__label">{label}</span>
      <code className="copy-field__value" title={value}>
        {shown}
      </code>
      <CopyButton label={label} value={value} />
    </div>
  );
}
