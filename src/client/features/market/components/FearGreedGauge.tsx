import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FearGreedClass, fearGreedBands, fearGreedClassOf } from "../../../../contract/fear-greed.ts";

/** Each band's colour; the bands themselves are the contract's, the same the server classifies by. */
const bandColours: Record<FearGreedClass, string> = {
  "Extreme Fear": "#e5484d",
  Fear: "#f0883e",
  Neutral: "#d6b531",
  Greed: "#8bc34a",
  "Extreme Greed": "#2fb36b",
};

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
  const clamped = Math.min(100, Math.max(0, value));
  const [nx, ny] = point(clamped, R - 14);
  // the band the needle points into stands out; the others are dimmed
  const current = fearGreedClassOf(clamped);
  return (
    <figure className="gauge">
      <svg viewBox="0 0 200 112" role="img" aria-label={t`Fear and greed index: ${value}, ${label}`}>
        {fearGreedBands.map((band) => (
          <path
            key={band.label}
            // a band spans its whole numbers: from its min to the next band's min (the last ends at 100)
            d={arc(band.min + 0.6, Math.min(100, band.max + 1) - 0.6)}
            stroke={bandColours[band.label]}
            strokeWidth="14"
            fill="none"
            strokeOpacity={band.label === current ? 1 : 0.35}
            data-band={band.label}
            data-current={band.label === current ? "true" : undefined}
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
