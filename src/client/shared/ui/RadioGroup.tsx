import { type ReactNode, type Ref, useId } from "react";
import "./form.css";

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
}

export interface RadioGroupProps<V extends string> {
  /** the group's accessible name, shown as its legend */
  label: ReactNode;
  name: string;
  options: readonly RadioOption<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  required?: boolean;
  /** id of the element that explains the current error, if any */
  errorId?: string | undefined;
  ref?: Ref<HTMLDivElement>;
  className?: string;
}

/** Native radios in an element with role="radiogroup", named by its visible label. */
export function RadioGroup<V extends string>({
  label,
  name,
  options,
  value,
  onChange,
  required,
  errorId,
  ref,
  className,
}: RadioGroupProps<V>) {
  const labelId = useId();
  return (
    <div
      ref={ref}
      role="radiogroup"
      aria-labelledby={labelId}
      aria-required={required || undefined}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      className={["radio-group", className].filter(Boolean).join(" ")}
    >
      <span id={labelId} className="field__label">
        {label}
      </span>
      <div className="radio-group__options">
        {options.map((option) => (
          <label key={option.value} className="radio-group__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
