import { useEffect, useState } from "react";
import { Breakpoints } from "../../../contract/constants.ts";
import type { Host } from "../../host/host.ts";
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

const NARROW_SCREEN = `(max-width: ${Breakpoints.main - 0.02}px)`;

function layoutMode(kind: Host["kind"], narrowScreen: boolean): LayoutMode {
  return kind === "telegram" || narrowScreen ? "narrow" : "wide";
}

/** The layout the first render will have in this host (the bootstrap loads that screen's data ahead). */
export function currentLayoutMode(kind: Host["kind"], win: Window = window): LayoutMode {
  return layoutMode(kind, win.matchMedia(NARROW_SCREEN).matches);
}

/** Narrow below 900 px and always inside Telegram; wide otherwise. Mirrored on <html data-layout>. */
export function useLayoutModeValue(): LayoutMode {
  const host = useHost();
  const mode = layoutMode(host.kind, useMediaQuery(NARROW_SCREEN));
  useEffect(() => {
    document.documentElement.dataset.layout = mode;
  }, [mode]);
  return mode;
}
