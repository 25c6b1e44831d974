import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import type { PriceAlarm } from "../../../../contract/alarms.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { latestPricesAtom } from "../live/latest-prices.ts";
import { canRearm } from "../rearm-rule.ts";

export interface FiredAlarmActionProps {
  alarm: PriceAlarm;
  busy: boolean;
  /** the id of the text the button acts on */
  describedBy: string;
  onRearm: () => void;
  onNewAlarm: () => void;
}

/**
 * What a fired alarm offers: "Re-arm" when the server would take it now (a percent alarm, or a price alarm whose
 * coin's live price is back on the side it was armed from), else "Set a new alarm" on the coin.
 */
export function FiredAlarmAction({ alarm, busy, describedBy, onRearm, onNewAlarm }: FiredAlarmActionProps) {
  const { t } = useLingui();
  const price = useAtomValue(latestPricesAtom).get(alarm.coinAbbr.toUpperCase());
  return canRearm(alarm, price) ? (
    <Button variant="secondary" onClick={onRearm} disabled={busy} aria-describedby={describedBy}>
      {t`Re-arm`}
    </Button>
  ) : (
    <Button variant="secondary" onClick={onNewAlarm} disabled={busy} aria-describedby={describedBy}>
      {t`Set a new alarm`}
    </Button>
  );
}
