import { useLingui } from "@lingui/react/macro";
import type { JudgedPrediction, PredictInterval } from "../../../../contract/predict.ts";
import type { DisplayPrice } from "../../../shared/currency/use-display-price.ts";
import { candleDateText } from "./candle-time.ts";

type Mark = "correct" | "incorrect" | "none";

const markOf = (prediction: JudgedPrediction): Mark =>
  prediction.correct === null ? "none" : prediction.correct ? "correct" : "incorrect";

/** The stored forecasts judged against the candle that came, newest first, each marked as the spec judges it. */
export function JudgedList({
  recent,
  interval,
  price,
}: {
  recent: readonly JudgedPrediction[];
  interval: PredictInterval;
  price: DisplayPrice;
}) {
  const { t, i18n } = useLingui();
  const marks: Record<Mark, { text: string; symbol: string }> = {
    correct: { text: t`Correct`, symbol: "✓" },
    incorrect: { text: t`Incorrect`, symbol: "✗" },
    none: { text: t`No call`, symbol: "–" },
  };
  return (
    <ol className="judged-list" aria-label={t`Recent judged forecasts`}>
      {recent.map((prediction) => {
        const mark = marks[markOf(prediction)];
        const from = price.format(prediction.originClose);
        const forecast = price.format(prediction.forecast);
        const actual = price.format(prediction.actual);
        const call =
          prediction.direction === "up"
            ? t`Called up from ${from}`
            : prediction.direction === "down"
              ? t`Called down from ${from}`
              : t`Flat from ${from}: no direction called`;
        return (
          <li key={prediction.targetTime} className={`judged judged--${markOf(prediction)}`}>
            <p className="judged__head">
              <span className="judged__mark">
                <span aria-hidden="true">{mark.symbol}</span> <span>{mark.text}</span>
              </span>
              <span className="judged__time">{candleDateText(prediction.targetTime, interval, i18n.locale)}</span>
            </p>
            <p className="judged__figures">
              {call} · {t`Forecast ${forecast}, actual ${actual}`} ·{" "}
              {prediction.inBand ? t`inside the 80% band` : t`outside the 80% band`}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
