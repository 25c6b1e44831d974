import { useLingui } from "@lingui/react/macro";
import { useSetAtom } from "jotai";
import { useHost } from "../../host/host-context.tsx";
import { themeValueAtom } from "../../shared/settings/settings.ts";
import { Icon } from "../../shared/ui/Icon.tsx";
import { useEffectiveTheme } from "./theme.ts";

/** Light/dark switch of the browser; in Telegram the app follows Telegram's theme and offers none. */
export function ThemeToggle({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useLingui();
  const host = useHost();
  const theme = useEffectiveTheme();
  const setTheme = useSetAtom(themeValueAtom);
  if (host.theme.followsHost) return null;
  const toLight = theme === "theme-dark";
  const label = toLight ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <button
      type="button"
      className="button button--ghost icon-button"
      aria-label={label}
      title={label}
      onClick={() => {
        host.haptics.selection();
        setTheme(toLight ? "theme-light" : "theme-dark");
      }}
    >
      <Icon name={toLight ? "sun" : "moon"} />
      {showLabel ? <span>{toLight ? t`Light theme` : t`Dark theme`}</span> : null}
    </button>
  );
}
