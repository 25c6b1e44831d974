import { changeDirection, formatPercentChange } from "../../../shared/format/percent-change.ts";

/** A percent change coloured by direction (up, down, flat); "--" when unknown. */
export function PriceChange({ value }: { value: number | null | undefined }) {
  return <span className={`change change--${changeDirection(value)}`}>{formatPercentChange(value)}</span>;
}
