import { useEffect, useRef, useState } from "react";

/**
 * Open sheets and dialogs, innermost last, each with a history entry of its own, so the browser's back
 * button, Android's back gesture and Telegram's back button close the top sheet before leaving the page.
 */
interface Entry {
  id: number;
  close: () => void;
}

const entries: Entry[] = [];
const listeners = new Set<() => void>();
let ignoredPops = 0;
let nextId = 1;
let listening = false;

function notify(): void {
  for (const listener of listeners) listener();
}

function onPopState(): void {
  // A pop we caused ourselves (a sheet closed by its own button) has already been handled.
  if (ignoredPops > 0) {
    ignoredPops -= 1;
    return;
  }
  const top = entries.pop();
  if (!top) return;
  notify();
  top.close();
}

function listen(): void {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener("popstate", onPopState);
}

export function openSheetCount(): number {
  return entries.length;
}

export function subscribeSheets(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The number of open sheets, for the back button and swipe behaviour. */
export function useOpenSheetCount(): number {
  const [count, setCount] = useState(openSheetCount);
  useEffect(() => subscribeSheets(() => setCount(openSheetCount())), []);
  return count;
}

/**
 * While `open`, the sheet owns a history entry: going back closes it (through `onClose`), and closing it
 * any other way takes its entry off the history again.
 */
export function useSheetHistory(open: boolean, onClose: () => void): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open || typeof window === "undefined") return;
    listen();
    const entry: Entry = { id: nextId++, close: () => onCloseRef.current() };
    let pushed = false;
    // Deferred, so a mount that is undone at once (React's strict mode) leaves the history alone.
    const timer = setTimeout(() => {
      window.history.pushState({ ...(window.history.state ?? {}), sheet: entry.id }, "");
      entries.push(entry);
      pushed = true;
      notify();
    });
    return () => {
      clearTimeout(timer);
      if (!pushed) return;
      const index = entries.indexOf(entry);
      if (index === -1) return; // closed by going back: its entry is gone already
      entries.splice(index, 1);
      notify();
      // Closed from inside the page: drop its entry, unless a navigation has replaced it meanwhile.
      const state: unknown = window.history.state;
      if (typeof state === "object" && state !== null && "sheet" in state && state.sheet === entry.id) {
        ignoredPops += 1;
        window.history.back();
      }
    };
  }, [open]);
}
