import { Trans, useLingui } from "@lingui/react/macro";
import { formatPoints } from "../../../shared/format/points.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useUserPointsInfo } from "../api/get-user-points-info.ts";
import "./points.css";

/** The signed-in user's points balance (the sum of their ledger). */
export function PointsBalance() {
  const { t } = useLingui();
  const info = useUserPointsInfo();
  return (
    <section className="points-card points-balance" aria-labelledby="points-balance-title">
      <h2 id="points-balance-title" className="points-card__title">
        <Trans>My points</Trans>
      </h2>
      {info.data ? (
        <p className="points-balance__figure" aria-live="polite">
          {formatPoints(info.data.points)}
        </p>
      ) : info.error ? (
        <LoadError onRetry={() => void info.mutate()}>{t`Your points could not be loaded.`}</LoadError>
      ) : (
        <p aria-busy="true">{t`Loading…`}</p>
      )}
    </section>
  );
}
