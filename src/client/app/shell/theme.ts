import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import type { ColorScheme } from "../../host/host.ts";
import { useHost } from "../../host/host-context.tsx";
import { type ThemeValue, themeValueAtom } from "../../shared/settings/settings.ts";

/** The theme in force: the host's scheme in Telegram, the saved choice in a browser. */
export function useEffectiveTheme(): ThemeValue {
  const host = useHost();
  const saved = useAtomValue(themeValueAtom);
  const [hostScheme, setHostScheme] = useState<ColorScheme | undefined>(() => host.theme.scheme());
  useEffect(() => host.theme.subscribe(setHostScheme), [host]);
  if (host.theme.followsHost && hostScheme) return hostScheme === "light" ? "theme-light" : "theme-dark";
  return saved;
}

/** Puts the theme class on <html> and tells the host the colours its chrome should take. */
export function useApplyTheme(): void {
  const host = useHost();
  const theme = useEffectiveTheme();
  useEffect(() => {
    const root = document.documentElement;
    root.classList.remove("theme-dark", "theme-light");
    root.classList.add(theme);
    const style = getComputedStyle(root);
    const background = style.getPropertyValue("--bg").trim();
    const surface = style.getPropertyValue("--surface").trim();
    if (background) host.theme.setChromeColors({ header: background, background, bottomBar: surface || background });
  }, [host, theme]);
}
