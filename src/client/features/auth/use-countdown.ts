import { useCallback, useEffect, useState } from "react";

/**
 * Seconds left before something may be done again (spec §4/§9: resend after 60 s). `start(n)` restarts it;
 * it ticks once a second down to 0.
 */
export function useCountdown() {
  const [remaining, setRemaining] = useState(0);
  const running = remaining > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setRemaining((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const start = useCallback((seconds: number) => setRemaining(Math.max(0, Math.ceil(seconds))), []);
  return { remaining, start };
}
