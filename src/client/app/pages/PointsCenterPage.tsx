import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { checkInPoints, Points } from "../../../contract/constants.ts";
import { SignInButton } from "../../features/auth/components/SignInButton.tsx";
import { Pager } from "../../features/market/components/Pager.tsx";
import { PurchaseButton } from "../../features/pay/components/PurchaseButton.tsx";
import { CheckInCard } from "../../features/points/components/CheckInCard.tsx";
import { PointsBalance } from "../../features/points/components/PointsBalance.tsx";
import { PointsHistory } from "../../features/points/components/PointsHistory.tsx";
import { formatPoints } from "../../shared/format/points.ts";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { PageLoading } from "./PageLoading.tsx";
import type { PageProps } from "./page-props.ts";
import "./pages.css";

const HISTORY_PAGE_SIZE = 20;

/**
 * /pointsCenter/ (spec §2, §1 points system): the balance, the daily check-in and the points history. Visitors
 * see what checking in earns and are asked to sign in. Tasks, invitations and redemption are not built yet, and
 * the page says so rather than showing buttons that do nothing.
 */
export default function PointsCenterPage(_props: PageProps) {
  const status = useAtomValue(loginStatusAtom);
  if (status === "unknown") return <PageLoading />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        <Trans>Points center</Trans>
      </h1>
      {status === "loggedIn" ? <SignedInPoints /> : <VisitorPoints />}
      <p className="page__lead">
        <Trans>Tasks, invitation rewards and redeeming points come with a later update.</Trans>
      </p>
    </section>
  );
}

function SignedInPoints() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  return (
    <div className="points-center">
      <PointsBalance />
      <div>
        <PurchaseButton tab="points" variant="secondary">
          {t`Recharge points`}
        </PurchaseButton>
      </div>
      <CheckInCard />
      <PointsHistory
        page={page}
        pageSize={HISTORY_PAGE_SIZE}
        renderPager={(total) => (
          <Pager
            page={page}
            pageSize={HISTORY_PAGE_SIZE}
            total={total}
            onPage={setPage}
            label={t`Points history pages`}
          />
        )}
      />
    </div>
  );
}

/** What a daily check-in earns, from the same rule the server awards by. */
function VisitorPoints() {
  const first = formatPoints(checkInPoints(1));
  const step = formatPoints(Points.checkInStreakBonus);
  const most = formatPoints(checkInPoints(Points.checkInStreakBonusMaxDays));
  const mostFrom = Points.checkInStreakBonusMaxDays;
  return (
    <div className="points-center">
      <p className="page__lead">
        <Trans>
          Check in once a day to collect points: {first} points on the first day, {step} more for each day in a row, up
          to {most} points a day from day {mostFrom} on.
        </Trans>
      </p>
      <p className="page__lead">
        <Trans>Sign in to check in and see your points.</Trans>
      </p>
      <div>
        <SignInButton />
      </div>
    </div>
  );
}
