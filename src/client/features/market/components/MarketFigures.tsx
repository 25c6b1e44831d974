import { useLingui } from "@lingui/react/macro";
import type { z } from "zod";
import type { marketSourceSchema } from "../../../../contract/market.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { isDisplayable, type MaybeNumber } from "../../../shared/format/no-value.ts";
import { formatCompactNumber } from "../../../shared/format/numbers.ts";
import "./market.css";

export type MarketSourceData = z.infer<typeof marketSourceSchema>;

/**
 * A USDT amount (volume, market cap) as spec §5 writes it (the one formatter, src/contract/number-format.ts), or
 * "Unknown" where the data does not hold it: a figure the data lacks is said to be unknown, never guessed.
 */
export function AmountFigure({ value }: { value: MaybeNumber }) {
  const { t } = useLingui();
  if (!isDisplayable(value)) return <span className="figure--unknown">{t`Unknown`}</span>;
  return <>{formatCompactNumber(value)}</>;
}

/** Where the figures beside it come from and their market time (every market answer carries its source). */
export function MarketSourceNote({ source }: { source: MarketSourceData | undefined }) {
  const { t, i18n } = useLingui();
  if (!source) return null;
  return (
    <p className="market-source">
      {t`Source: ${source.provider}, market time ${formatDate(source.at, i18n.locale, { withTime: true })}`}
    </p>
  );
}
