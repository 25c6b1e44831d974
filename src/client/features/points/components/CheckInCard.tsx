import type { MessageDescriptor } from "@lingui/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { SignInfoData } from "../../../../contract/points.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { formatPoints } from "../../../shared/format/points.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useUserSignInfo } from "../api/get-user-sign-info.ts";
import { usePointsSign } from "../api/points-sign.ts";
import "./points.css";

interface Outcome {
  message: MessageDescriptor;
  tone: "success" | "error";
}

/** The daily check-in: the streak, today's points (or what checking in now earns), tomorrow's, and the button. */
export function CheckInCard() {
  const { t } = useLingui();
  const info = useUserSignInfo();
  const sign = usePointsSign();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function checkIn() {
    setOutcome(null);
    try {
      await sign.trigger();
      setOutcome({ message: messageKeyText.signSuccess, tone: "success" });
    } catch (error) {
      setOutcome({ message: isApiError(error) ? messageForKey(error.key) : messageKeyText.Serverbusy, tone: "error" });
    }
  }

  return (
    <section className="points-card check-in" aria-labelledby="check-in-title">
      <h2 id="check-in-title" className="points-card__title">
        <Trans>Daily check-in</Trans>
      </h2>
      {info.data ? (
        <>
          <CheckInFacts info={info.data} />
          <Button
            variant="primary"
            disabled={info.data.checkedInToday || sign.isMutating}
            onClick={() => void checkIn()}
          >
            {info.data.checkedInToday ? t`Checked in today` : t`Check in`}
          </Button>
        </>
      ) : info.error ? (
        <LoadError onRetry={() => void info.mutate()}>{t`The check-in could not be loaded.`}</LoadError>
      ) : (
        <p aria-busy="true">{t`Loading…`}</p>
      )}
      <p className={`check-in__outcome check-in__outcome--${outcome?.tone ?? "none"}`} role="status">
        {outcome ? t(outcome.message) : null}
      </p>
    </section>
  );
}

function CheckInFacts({ info }: { info: SignInfoData }) {
  const { t } = useLingui();
  const streak = info.streak;
  const next = formatPoints(info.nextPoints);
  const today = formatPoints(info.todayPoints);
  return (
    <dl className="check-in__facts">
      <div className="check-in__fact">
        <dt>{t`Streak`}</dt>
        <dd>
          <Plural value={streak} one="# day in a row" other="# days in a row" />
        </dd>
      </div>
      <div className="check-in__fact">
        <dt>{t`Today`}</dt>
        <dd>{info.checkedInToday ? t`Checked in today: +${today} points` : t`Check in now for +${next} points`}</dd>
      </div>
      {info.checkedInToday ? (
        <div className="check-in__fact">
          <dt>{t`Tomorrow`}</dt>
          <dd>{t`+${next} points if you keep the streak`}</dd>
        </div>
      ) : null}
    </dl>
  );
}
