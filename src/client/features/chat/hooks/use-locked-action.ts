import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Runs `action` at once, then ignores further calls for `ms` (spec §4: new chat and delete are debounced 1 s,
 * the share button is locked 2 s after a click). `locked` lets the button show it.
 */
export function useLockedAction<A extends unknown[]>(action: (...args: A) => void, ms: number) {
  const [locked, setLocked] = useState(false);
  const lockedRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = useCallback(
    (...args: A) => {
      if (lockedRef.current) return;
      lockedRef.current = true;
      setLocked(true);
      timer.current = setTimeout(() => {
        lockedRef.current = false;
        setLocked(false);
      }, ms);
      latest.current(...args);
    },
    [ms],
  );
  return [run, locked] as const;
}
