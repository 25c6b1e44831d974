import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { useId } from "react";
import "./form.css";

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "id" | "aria-invalid"> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** the error shown under the field, already translated */
  error?: string | undefined;
  hint?: ReactNode;
  /** shown beside the input (e.g. a captcha image, a resend button) */
  addon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are its description, so screen readers announce them. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  addon,
  ref,
  className,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      <div className={addon ? "field__with-addon" : undefined}>
        <input
          {...rest}
          ref={ref}
          id={id}
          className="input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onValueChange(event.currentTarget.value)}
        />
        {addon}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
