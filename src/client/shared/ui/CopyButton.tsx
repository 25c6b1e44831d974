import { useLingui } from "@lingui/react/macro";
import { messageKeyText } from "../i18n/message-key-text.ts";
import { Button } from "./Button.tsx";
import { copyText } from "./copy-text.ts";
import { useToast } from "./Toast.tsx";

/** A Copy button named after what it copies ("Copy Deposit address"); "Copied." on success, silence on failure (spec §8). */
export function CopyButton({ label, value }: { label: string; value: string }) {
  const { t } = useLingui();
  const toast = useToast();
  return (
    <Button
      variant="ghost"
      aria-label={t`Copy ${label}`}
      onClick={async () => {
        if (await copyText(value)) toast.show(messageKeyText.copySuccess, "success");
      }}
    >
      {t`Copy`}
    </Button>
  );
}
