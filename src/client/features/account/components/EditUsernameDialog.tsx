import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useRef, useState } from "react";
import { Limits } from "../../../../contract/constants.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { TextField } from "../../../shared/ui/TextField.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { useModifyProfile } from "../api/modify-profile.ts";

const usernameMax = Limits.usernameMax;
const tooLong = msg`A username has at most ${usernameMax} characters.`;

export interface EditUsernameDialogProps {
  open: boolean;
  onClose: () => void;
  current: string;
  /** when the name may be changed again, already formatted; empty when it may be changed now */
  nextChange: string;
}

/** Spec §2/§5: the new username is required, at most 20 characters, changeable once a week. */
export function EditUsernameDialog({ open, onClose, current, nextChange }: EditUsernameDialogProps) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const modify = useModifyProfile();
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  const fail = (text: string) => {
    setError(text);
    input.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (modify.isMutating) return;
    const userName = name.trim();
    if (!userName) return fail(i18n._(messageKeyText.plsenterUserName));
    if (Array.from(userName).length > usernameMax) return fail(i18n._(tooLong));
    try {
      await modify.trigger({ userName });
    } catch (failure) {
      const key = isApiError(failure) ? failure.key : "Serverbusy";
      if (key === "aweekOncename" || key === "plsenterUserName") return fail(i18n._(messageKeyText[key]));
      if (key === "tooLong") return fail(i18n._(tooLong));
      toast.show(messageForKey(key), "error");
      return;
    }
    toast.show(messageKeyText.Success, "success");
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title={t`Edit username`}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          ref={input}
          label={t`Username`}
          value={name}
          onValueChange={(value) => {
            setName(value);
            setError(undefined);
          }}
          error={error}
          hint={
            nextChange ? (
              <Trans>You can change it again on {nextChange}.</Trans>
            ) : (
              <Trans>At most {usernameMax} characters; you can change it once a week.</Trans>
            )
          }
          autoComplete="nickname"
          required
        />
        <div className="form__actions">
          <Button variant="ghost" onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button
            type="submit"
            variant="primary"
            disabled={modify.isMutating}
            aria-busy={modify.isMutating || undefined}
          >
            {t`Save`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
