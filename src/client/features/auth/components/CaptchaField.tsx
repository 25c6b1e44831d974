import { useLingui } from "@lingui/react/macro";
import type { Ref } from "react";
import { TextField } from "../../../shared/ui/TextField.tsx";
import type { Captcha } from "../api/get-captcha.ts";

export interface CaptchaFieldProps {
  captcha: Captcha | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** The image code (spec §3 captchaCode): type what the picture shows; a click on it draws a new one. */
export function CaptchaField({
  captcha,
  loading,
  failed,
  onRefresh,
  value,
  onValueChange,
  error,
  ref,
}: CaptchaFieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      ref={ref}
      label={t`Image code`}
      value={value}
      onValueChange={onValueChange}
      error={error}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={16}
      required
      addon={
        <button
          type="button"
          className="captcha-image"
          onClick={onRefresh}
          aria-label={t`New image code`}
          aria-busy={loading || undefined}
          title={t`New image code`}
        >
          {captcha && !failed ? (
            <img src={captcha.image} alt="" width={120} height={44} />
          ) : (
            <span className="captcha-image__text">{failed ? t`Retry` : t`Loading…`}</span>
          )}
        </button>
      }
    />
  );
}
