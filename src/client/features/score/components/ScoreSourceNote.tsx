import { useLingui } from "@lingui/react/macro";
import type { z } from "zod";
import type { marketSourceSchema } from "../../../../contract/market.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import "./score.css";

/** Where the score's figures come from and their market time (and the score's own, where it differs). */
export function ScoreSourceNote({ source, asOf }: { source: z.infer<typeof marketSourceSchema>; asOf?: string }) {
  const { t, i18n } = useLingui();
  const provider = source.provider;
  const at = formatDate(source.at, i18n.locale, { withTime: true });
  // the score is computed for a market time; said apart only when it is not the figures' own
  const scored = asOf && asOf !== source.at ? formatDate(asOf, i18n.locale, { withTime: true }) : "";
  return (
    <p className="score-source">
      {t`Source: ${provider}, market time ${at}`}
      {scored ? ` · ${t`score as of ${scored}`}` : null}
    </p>
  );
}
