import { useCallback, useEffect, useRef, useState } from "react";
import { FORM_AFTER_CHECK_MS } from "./email-code.ts";

/**
 * Spec §4: sign-up and password reset start with the human check; their form appears 2 s after it passed.
 * A token is good for one send, so `consume()` drops it and mounts a fresh check (`checkKey`).
 */
export function useHumanGate() {
  const [token, setToken] = useState<string | undefined>(undefined);
  const [formShown, setFormShown] = useState(false);
  const [checkKey, setCheckKey] = useState(0);
  const shownOrPending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onVerified = useCallback((value: string) => {
    setToken(value);
    if (shownOrPending.current) return;
    shownOrPending.current = true;
    timer.current = setTimeout(() => setFormShown(true), FORM_AFTER_CHECK_MS);
  }, []);

  const onExpired = useCallback(() => setToken(undefined), []);

  const consume = useCallback(() => {
    setToken(undefined);
    setCheckKey((key) => key + 1);
  }, []);

  return { token, formShown, checkKey, onVerified, onExpired, consume };
}
