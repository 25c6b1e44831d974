import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { PredictInfoData } from "../../../../contract/predict.ts";
import type { DisplayPrice } from "../../../shared/currency/use-display-price.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatCompactNumber } from "../../../shared/format/numbers.ts";
import {
  percentText,
  type RatioVerdict,
  ratioText,
  ratioVerdict,
  shareText,
  windowSpan,
} from "../model/record-figures.ts";
import { JudgedList } from "./JudgedList.tsx";

/** Direction accuracy (the win rate) with its 95 % interval, or plainly that no call was made. */
function DirectionSentence({
  share,
  ci,
  calls,
}: {
  share: number | null;
  ci: readonly [number, number] | null;
  calls: number;
}) {
  const { t } = useLingui();
  if (share === null) return <>{t`No direction calls: every forecast was "no change".`}</>;
  const rate = shareText(share);
  const count = formatCompactNumber(calls);
  if (!ci) return <>{t`Direction right ${rate} of the time, over ${count} calls.`}</>;
  const low = shareText(ci[0]);
  const high = shareText(ci[1]);
  return <>{t`Direction right ${rate} of the time (95% interval ${low} to ${high}), over ${count} calls.`}</>;
}

/** The error ratio against "no change", said as better or worse by the figure shown. */
function RatioSentence({ ratio }: { ratio: number }) {
  const { t } = useLingui();
  const shown = ratioText(ratio);
  const verdicts: Record<RatioVerdict, string> = {
    better: t`Error ${shown}× the no-change forecast — better than no change.`,
    slightlyBetter: t`Error ${shown}× the no-change forecast — slightly better.`,
    same: t`Error ${shown}× the no-change forecast — no better than no change.`,
    worse: t`Error ${shown}× the no-change forecast — worse than no change.`,
  };
  return <>{verdicts[ratioVerdict(ratio)]}</>;
}

function Figures({ rows }: { rows: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="predict-record__figures">
      {rows.map((row) => (
        <div key={row.label} className="predict-record__figure">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The forecast's record, shown beside it and never hidden: the walk-forward backtest on data the model had not
 * seen, then the live record of the stored forecasts judged within the win-rate window, with the latest of them.
 */
export function TrackRecord({ data, price }: { data: PredictInfoData; price: DisplayPrice }) {
  const { t, i18n } = useLingui();
  const { backtest, live, interval } = data;
  const hourly = interval === "1h";
  const from = formatDate(backtest.from, i18n.locale);
  const to = formatDate(backtest.to, i18n.locale);
  const origins = formatCompactNumber(backtest.origins);
  const horizon = backtest.horizon;
  const span = windowSpan(live.windowMs);
  const spanCount = span.count;
  const judged = formatCompactNumber(live.judged);
  const similarityRule = t`100 × (1 − |forecast − actual| ÷ actual), averaged`;
  const modelMae = price.format(backtest.model.mae);
  const modelMape = percentText(backtest.model.mape);
  const naiveMae = price.format(backtest.naive.mae);
  const naiveMape = percentText(backtest.naive.mape);
  const coverage = shareText(backtest.model.coverage80);
  const similarity = percentText(backtest.model.similarity);
  const liveCoverage = shareText(live.coverage80);
  const liveSimilarity = percentText(live.similarity);

  const backtestRows = [
    {
      label: t`Win rate`,
      value: (
        <DirectionSentence
          share={backtest.model.directionAccuracy}
          ci={backtest.model.directionCi95}
          calls={backtest.model.directionCalls}
        />
      ),
    },
    { label: t`Error vs no change`, value: <RatioSentence ratio={backtest.maeRatio} /> },
    {
      label: t`Average error`,
      value: t`${modelMae} (${modelMape}); the no-change forecast: ${naiveMae} (${naiveMape}).`,
    },
    {
      label: t`80% band`,
      value: t`${coverage} of actual prices fell inside the 80% band.`,
    },
    {
      label: t`Similarity`,
      value: t`${similarity}: ${similarityRule}.`,
    },
  ];

  const liveRows =
    live.judged === 0
      ? []
      : [
          {
            label: t`Win rate`,
            value: <DirectionSentence share={live.winRate} ci={live.winRateCi95} calls={live.calls} />,
          },
          { label: t`Judged`, value: t`${judged} forecasts judged.` },
          ...(live.maeRatio === null
            ? []
            : [{ label: t`Error vs no change`, value: <RatioSentence ratio={live.maeRatio} /> }]),
          ...(live.coverage80 === null
            ? []
            : [
                {
                  label: t`80% band`,
                  value: t`${liveCoverage} of actual prices fell inside the 80% band.`,
                },
              ]),
          ...(live.similarity === null
            ? []
            : [{ label: t`Similarity`, value: t`${liveSimilarity}: ${similarityRule}.` }]),
        ];

  return (
    <section className="market-card predict-record" aria-labelledby="predict-record-title">
      <h2 id="predict-record-title" className="market-card__title">
        {t`Track record on data the model had not seen`}
      </h2>
      <p className="predict-record__lead">
        {hourly
          ? t`Tested on ${origins} forecasts made from ${from} to ${to}, each looking ${horizon} hours ahead, the model seeing only the prices before each one.`
          : t`Tested on ${origins} forecasts made from ${from} to ${to}, each looking ${horizon} days ahead, the model seeing only the prices before each one.`}
      </p>
      <Figures rows={backtestRows} />

      <h3 className="predict-record__subtitle">
        {span.unit === "hours"
          ? t`Live record: the last ${spanCount} hours`
          : t`Live record: the last ${spanCount} days`}
      </h3>
      {live.judged === 0 ? (
        <p className="predict-record__empty">{t`No stored forecast has been judged in this window yet.`}</p>
      ) : (
        <Figures rows={liveRows} />
      )}
      {live.recent.length > 0 ? (
        <>
          <h3 className="predict-record__subtitle">{t`Recent judged forecasts`}</h3>
          <JudgedList recent={live.recent} interval={interval} price={price} />
        </>
      ) : null}
    </section>
  );
}
