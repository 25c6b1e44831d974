import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import type { HumanCheckChallenge } from "../../../../contract/auth.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { getHumanCheckChallenge } from "../api/get-human-check-challenge.ts";
import { mountAltcha, type WidgetHandlers } from "../human-check/altcha.ts";
import { mountTurnstile } from "../human-check/turnstile.ts";

export interface HumanCheckProps {
  /** the check passed: the token sendEmailCode carries (an ALTCHA payload or a Turnstile token) */
  onVerified: (token: string) => void;
  /** a passed check no longer holds (it expired); a new one is shown */
  onExpired: () => void;
  /** the error to show under the check, already translated */
  error?: string | undefined;
}

type Load = "loading" | "ready" | "failed";

interface WidgetProps {
  locale: string;
  handlers: WidgetHandlers;
  onLoad: (load: Load) => void;
}

/** One challenge in one widget; a new challenge is a new instance (see `attempt`). */
function Widget({ locale, handlers, onLoad }: WidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  // The latest callbacks, so the widget is not rebuilt when the parent re-renders.
  const latest = useRef({ handlers, onLoad });
  latest.current = { handlers, onLoad };

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let unmount: (() => void) | undefined;
    let cancelled = false;
    latest.current.onLoad("loading");
    const forward: WidgetHandlers = {
      onVerified: (token) => latest.current.handlers.onVerified(token),
      onExpired: () => latest.current.handlers.onExpired(),
      onStale: () => latest.current.handlers.onStale(),
    };
    getHumanCheckChallenge()
      .then(async (challenge: HumanCheckChallenge) => {
        if (cancelled) return;
        const mount = challenge.provider === "turnstile" ? mountTurnstile : mountAltcha;
        const stop = await mount(element, challenge, locale, forward);
        if (cancelled) stop();
        else {
          unmount = stop;
          latest.current.onLoad("ready");
        }
      })
      .catch((failure: unknown) => {
        console.error("The human check could not be loaded", failure);
        if (!cancelled) latest.current.onLoad("failed");
      });
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [locale]);

  return <div ref={container} className="human-check__widget" />;
}

/**
 * The human check before a code is emailed (spec §4): the self-hosted ALTCHA proof of work, or Cloudflare
 * Turnstile when the server says so. The widget's code loads on demand. Mount a new one (a new `key`) for
 * each token: a token is good for one send.
 */
export function HumanCheck({ onVerified, onExpired, error }: HumanCheckProps) {
  const { t, i18n } = useLingui();
  const [load, setLoad] = useState<Load>("loading");
  const [attempt, setAttempt] = useState(0);
  const errorId = useId();
  const again = () => setAttempt((value) => value + 1);
  // An expired or failed challenge is replaced by a fresh one.
  const handlers: WidgetHandlers = { onVerified, onExpired, onStale: again };

  return (
    <fieldset
      className="human-check"
      aria-describedby={error ? errorId : undefined}
      aria-busy={load === "loading" || undefined}
    >
      <legend className="visually-hidden">{t`Human check`}</legend>
      <Widget key={`${attempt}-${i18n.locale}`} locale={i18n.locale} handlers={handlers} onLoad={setLoad} />
      {load === "loading" ? (
        <p className="field__hint">
          <Trans>Loading the human check…</Trans>
        </p>
      ) : null}
      {load === "failed" ? (
        <div className="field__row">
          <p className="field-error">
            <Trans>The human check could not be loaded.</Trans>
          </p>
          <Button variant="ghost" onClick={again}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
