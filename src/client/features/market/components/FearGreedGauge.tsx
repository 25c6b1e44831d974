import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { Sentiment } from "../api/get-coin-sentiment.ts";

export type FearGreedClass = Sentiment["Fear_and_Greed_Index"]["data"][number]["value_classification"];

/** The index's bands (alternative.me): lower bound inclusive, upper exclusive except 100. */
export const fearGreedBands: readonly { from: number; to: number; label: FearGreedClass; colour: string }[] = [
  { from: 0, to: 25, label: "Extreme Fear", colour: "#e5484d" },
  { from: 25, to: 47, label: "Fear", colour: "#f0883e" },
  { from: 47, to: 54, label: "Neutral", colour: "#d6b531" },
  { from: 54, to: 76, label: "Greed", colour: "#8bc34a" },
  { from: 76, to: 100, label: "Extreme Greed", colour: "#2fb36b" },
];

export function fearGreedBand(value: number): FearGreedClass {
  const clamped = Math.min(100, Math.max(0, value));
  return fearGreedBands.find((band) => clamped < band.to)?.label ?? "Extreme Greed";
}

export const fearGreedLabels: Record<FearGreedClass, MessageDescriptor> = {
  "Extreme Fear": msg`Extreme fear`,
  Fear: msg`Fear`,
  Neutral: msg`Neutral`,
  Greed: msg`Greed`,
  "Extreme Greed": msg`Extreme greed`,
};

const R = 80;
const CX = 100;
const CY = 96;

/** A point on the semicircle for a value 0-100 (0 at the left, 100 at the right). */
function point(value: number, radius = R): [number, number] {
  const angle = Math.PI * (1 - value / 100);
  return [CX + radius * Math.cos(angle), CY - radius * Math.sin(angle)];
}

function arc(from: number, to: number): string {
  const [x1, y1] = point(from);
  const [x2, y2] = point(to);
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${R} ${R} 0 0 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
}

/** The fear-and-greed index as a semicircle gauge with a needle, its value and classification. */
export function FearGreedGauge({ value, classification }: { value: number; classification: FearGreedClass }) {
  const { t, i18n } = useLingui();
  const label = i18n._(fearGreedLabels[classification]);
  const [nx, ny] = point(Math.min(100, Math.max(0, value)), R - 14);
  return (
    <figure className="gauge">
      <svg viewBox="0 0 200 112" role="img" aria-label={t`Fear and greed index: ${value}, ${label}`}>
        {fearGreedBands.map((band) => (
          <path
            key={band.label}
            d={arc(band.from + 0.6, band.to - 0.6)}
            stroke={band.colour}
            strokeWidth="14"
            fill="none"
            data-band={band.label}
          />
        ))}
        <line x1={CX} y1={CY} x2={nx} y2={ny} className="gauge__needle" strokeWidth="3" strokeLinecap="round" />
        <circle cx={CX} cy={CY} r="5" className="gauge__hub" />
      </svg>
      <figcaption className="gauge__caption" aria-hidden="true">
        <span className="gauge__value">{value}</span>
        <span className="gauge__class">{label}</span>
      </figcaption>
    </figure>
  );
}
