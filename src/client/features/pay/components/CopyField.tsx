import { useLingui } from "@lingui/react/macro";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { copyText } from "../../../shared/ui/copy-text.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";
import "./pay.css";

/**
 * A value to copy exactly (a deposit address, an amount): its label, the value as shown, and a copy button named
 * after the label. "Copied." on success, silence on failure (spec §8).
 */
export function CopyField({ label, value, shown = value }: { label: string; value: string; shown?: string }) {
  const { t } = useLingui();
  const toast = useToast();
  return (
    <div className="copy-field">
      <span className="copy-field__label">{label}</span>
      <code className="copy-field__value">{shown}</code>
      <Button
        variant="ghost"
        aria-label={t`Copy ${label}`}
        onClick={async () => {
          if (await copyText(value)) toast.show(messageKeyText.copySuccess, "success");
        }}
      >
        {t`Copy`}
      </Button>
    </div>
  );
}
