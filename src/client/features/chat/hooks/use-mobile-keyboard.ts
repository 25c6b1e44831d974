import { useSyncExternalStore } from "react";

const QUERY = "(hover: none) and (pointer: coarse)";

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

function snapshot(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(QUERY).matches;
}

/** A touch screen without a hover pointer: its keyboard's Enter makes a new line, the Send button sends. */
export function useMobileKeyboard(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
