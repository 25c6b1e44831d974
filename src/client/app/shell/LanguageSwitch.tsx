import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { activateLocale } from "../../shared/i18n/i18n.ts";
import { normalizeLocale } from "../../shared/i18n/locales.ts";
import { Button } from "../../shared/ui/Button.tsx";

/** One button that offers the other language, written in that language ("中文" / "English"). */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  const [switching, setSwitching] = useState(false);
  const current = normalizeLocale(i18n.locale) ?? "en";
  const next = current === "zh" ? "en" : "zh";

  const onClick = async () => {
    setSwitching(true);
    try {
      await activateLocale(next);
    } catch (error) {
      console.error("The catalog could not be loaded", error);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Button
      variant="ghost"
      lang={next === "zh" ? "zh-CN" : "en"}
      title={t`Switch language`}
      disabled={switching}
      onClick={() => void onClick()}
    >
      {next === "zh" ? "中文" : "English"}
    </Button>
  );
}
