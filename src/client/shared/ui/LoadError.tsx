import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

/** What a list or panel shows when its data could not be loaded: the message, announced, and a retry. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div>
      <p role="alert">{children}</p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
