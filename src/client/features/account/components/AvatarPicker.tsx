import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { AVATAR_MAX_BYTES, avatarDataUrlPattern } from "../../../../contract/user.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { readDataUrl } from "../../../shared/files/read-data-url.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { useModifyProfile } from "../api/modify-profile.ts";

const avatarTypes: readonly string[] = ["image/png", "image/jpeg", "image/jpg"];
const tooLarge = msg`The image must be at most 1 MB.`;

/** Spec §5: a png, jpeg or jpg avatar; checked here (type, at most 1 MB) before it is sent as a data URL. */
export function AvatarPicker() {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const modify = useModifyProfile();
  const [error, setError] = useState<string | undefined>(undefined);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setError(undefined);
    if (!file) return;
    const reset = () => {
      if (input.current) input.current.value = "";
    };
    const fileName = file.name;
    if (!avatarTypes.includes(file.type)) {
      reset();
      const reason = i18n._(messageKeyText.imgTypeTip);
      return setError(t`${fileName}: ${reason}`);
    }
    if (file.size > AVATAR_MAX_BYTES) {
      reset();
      const reason = i18n._(tooLarge);
      return setError(t`${fileName}: ${reason}`);
    }
    try {
      const image = await readDataUrl(file);
      if (!avatarDataUrlPattern.test(image)) return setError(i18n._(messageKeyText.imgTypeTip));
      await modify.trigger({ image });
      toast.show(messageKeyText.UploadSuccess, "success");
    } catch (failure) {
      setError(i18n._(messageForKey(isApiError(failure) ? failure.key : "updataError")));
    } finally {
      reset();
    }
  };

  return (
    <div className="avatar-picker">
      <label htmlFor={inputId} className="button button--secondary avatar-picker__button">
        {modify.isMutating ? t`Uploading…` : t`Change avatar`}
      </label>
      <input
        ref={input}
        id={inputId}
        className="visually-hidden"
        type="file"
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        disabled={modify.isMutating}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
        onChange={onChange}
      />
      <span id={`${inputId}-hint`} className="field__hint">
        {t`PNG or JPEG, at most 1 MB`}
      </span>
      {error ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
