import { useLingui } from "@lingui/react/macro";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { copyText } from "../../../shared/ui/copy-text.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";

/** Copies a value; "Copied." on success, silence on failure (spec §8). `label` names what is copied. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const toast = useToast();
  return (
    <Button
      variant="ghost"
      className="copy-button"
      aria-label={t`Copy ${label}`}
      onClick={async () => {
        if (await copyText(value)) toast.show(messageKeyText.copySuccess, "success");
      }}
    >
      {t`Copy`}
    </Button>
  );
}
