import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { Link } from "wouter";
import { checkInPoints, Points } from "../../../contract/constants.ts";
import { SignInButton } from "../../features/auth/components/SignInButton.tsx";
import { Pager } from "../../features/market/components/Pager.tsx";
import { PurchaseButton } from "../../features/pay/components/PurchaseButton.tsx";
import { CheckInCard } from "../../features/points/components/CheckInCard.tsx";
import { InviteCard } from "../../features/points/components/InviteCard.tsx";
import { PointsBalance } from "../../features/points/components/PointsBalance.tsx";
import { PointsHistory } from "../../features/points/components/PointsHistory.tsx";
import { ShareTasks } from "../../features/points/components/ShareTasks.tsx";
import { TwitterTasks } from "../../features/points/components/TwitterTasks.tsx";
import { formatPoints } from "../../shared/format/points.ts";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { PageLoading } from "./PageLoading.tsx";
import type { PageProps } from "./page-props.ts";
import "./pages.css";

const HISTORY_PAGE_SIZE = 20;

/**
 * /pointsCenter/ (spec §2 sign-in, tasks, invites, redemption; §1 points system): the balance, the daily check-in,
 * the tasks (shares with today's count, Twitter), invitations with the link and its QR, where points are spent and
 * bought, and the points history. Visitors see what each earns and are asked to sign in.
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
    </section>
  );
}

function SignedInPoints() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  return (
    <div className="points-center">
      <PointsBalance />
      <CheckInCard />
      <section className="points-tasks" aria-labelledby="points-tasks-title">
        <h2 id="points-tasks-title" className="points-card__title">
          <Trans>Tasks</Trans>
        </h2>
        <ShareTasks />
        <TwitterTasks />
      </section>
      <InviteCard />
      <RedeemCard />
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

/**
 * Redemption (spec §4): points are spent where they unlock something (the strategy diagram, 24-hour access to
 * reports and analyses), so this section says so, and leads to buying points and to the plans.
 */
function RedeemCard() {
  const { t } = useLingui();
  const unlock = formatPoints(Points.strategyDiagramUnlock);
  const hours = Points.unlockHours;
  return (
    <section className="points-card" aria-labelledby="points-redeem-title">
      <h2 id="points-redeem-title" className="points-card__title">
        <Trans>Redeem and recharge</Trans>
      </h2>
      <p className="points-card__note">
        <Trans>
          Points unlock a strategy diagram ({unlock} points) and {hours} hours of reports and analyses: the offer
          appears where you use them.
        </Trans>
      </p>
      <div className="points-redeem__actions">
        <PurchaseButton tab="points" variant="primary">
          {t`Recharge points`}
        </PurchaseButton>
        <Link href="/plans" className="button button--secondary">
          {t`See plans`}
        </Link>
      </div>
    </section>
  );
}

/** What check-ins, shares and invitations earn, from the same rules the server awards by. */
function VisitorPoints() {
  const first = formatPoints(checkInPoints(1));
  const step = formatPoints(Points.checkInStreakBonus);
  const most = formatPoints(checkInPoints(Points.checkInStreakBonusMaxDays));
  const mostFrom = Points.checkInStreakBonusMaxDays;
  const shares = Points.shareRewardsPerDay;
  const inviteMin = Points.inviteRewardMin;
  const inviteMax = Points.inviteRewardMax;
  return (
    <div className="points-center">
      <p className="page__lead">
        <Trans>
          Check in once a day to collect points: {first} points on the first day, {step} more for each day in a row, up
          to {most} points a day from day {mostFrom} on.
        </Trans>
      </p>
      <p className="page__lead">
        <Trans>
          Share chats and forecasts for up to {shares} rewarded shares a day, and invite friends: you each get{" "}
          {inviteMin} to {inviteMax} points when they sign up.
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
