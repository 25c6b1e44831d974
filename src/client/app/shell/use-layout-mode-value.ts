import { useEffect, useState } from "react";
import { Breakpoints } from "../../../contract/constants.ts";
import { useHost } from "../../host/host-context.tsx";
import type { LayoutMode } from "../../shared/ui/layout-mode.ts";

export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}

/** Narrow below 900 px and always inside Telegram; wide otherwise. Mirrored on <html data-layout>. */
export function useLayoutModeValue(): LayoutMode {
  const host = useHost();
  const narrowScreen = useMediaQuery(`(max-width: ${Breakpoints.main - 0.02}px)`);
  const mode: LayoutMode = host.kind === "telegram" || narrowScreen ? "narrow" : "wide";
  useEffect(() => {
    document.documentElement.dataset.layout = mode;
  }, [mode]);
  return mode;
}
