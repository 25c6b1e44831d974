import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { formatDate } from "../../../shared/format/date-time.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useUserActList } from "../api/get-user-act-list.ts";
import { ledgerDetailText, ledgerReasonText } from "./ledger-reason-text.ts";
import { signedPoints } from "./points-amount.ts";
import "./points.css";

/** " · link copied" after a share's reason, nothing where the reference is not for people. */
function detailOf(reason: string, reference: string, translate: (message: MessageDescriptor) => string): string {
  const detail = ledgerDetailText(reason, reference);
  return detail ? ` · ${translate(detail)}` : "";
}

/**
 * The user's ledger, newest first, one page at a time. The pager comes from the page (it is shared with
 * other lists), given the total once it is known.
 */
export function PointsHistory({
  page,
  pageSize,
  renderPager,
}: {
  page: number;
  pageSize: number;
  renderPager: (total: number) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const history = useUserActList(page, pageSize);
  const data = history.data;
  return (
    <section className="points-card points-history" aria-labelledby="points-history-title">
      <h2 id="points-history-title" className="points-card__title">
        <Trans>Points history</Trans>
      </h2>
      {data ? (
        data.total === 0 ? (
          <p className="points-history__empty">{t`No points yet. Check in to earn your first.`}</p>
        ) : (
          <>
            <ul className="points-history__list" aria-labelledby="points-history-title">
              {data.list.map((entry) => (
                <li key={entry.id} className="points-history__entry">
                  <span className="points-history__reason">
                    {i18n._(ledgerReasonText(entry.reason))}
                    {detailOf(entry.reason, entry.reference, i18n._.bind(i18n))}
                  </span>
                  <time className="points-history__date" dateTime={entry.createTime}>
                    {formatDate(entry.createTime, i18n.locale, { withTime: true })}
                  </time>
                  <span
                    className={`points-history__amount points-history__amount--${entry.amount < 0 ? "debit" : "credit"}`}
                  >
                    {signedPoints(entry.amount)}
                  </span>
                </li>
              ))}
            </ul>
            {data.total > pageSize ? renderPager(data.total) : null}
          </>
        )
      ) : history.error ? (
        <LoadError onRetry={() => void history.mutate()}>{t`Your points history could not be loaded.`}</LoadError>
      ) : (
        <p aria-busy="true">{t`Loading…`}</p>
      )}
    </section>
  );
}
