import { Trans } from "@lingui/react/macro";

/** Shown while the login status is still unknown (spec §4). */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status">
      <span className="brand__mark brand__mark--large" aria-hidden="true">
        ML
      </span>
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Loading MountainLion…</Trans>
      </span>
    </div>
  );
}
