import { Suspense, useState } from "react";
import type { PriceAlarm } from "../../../../contract/alarms.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { LazyBoundary, useRetryableLazy } from "../../../shared/ui/lazy-load.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { getCoinPrice } from "../api/alarm-api.ts";
import type { AlarmCoin } from "./SetAlarmDialog.tsx";

// the form and its checks load on the first use, never with the popup or the popover
const loadDialog = () => import("./SetAlarmDialog.tsx").then((module) => module.SetAlarmDialog);

/**
 * "Set a new alarm" on the coin of a fired alarm: reads the coin's price now (with its feed and time, which the
 * form shows and checks against) and opens the set-alarm form on it. `start` resolves true once the form is
 * open, false when the price could not be read (the user is told); `element` is rendered beside the trigger.
 */
export function useNewAlarmDialog() {
  const toast = useToast();
  const [SetAlarmDialog, retryLoad] = useRetryableLazy(loadDialog);
  const [coin, setCoin] = useState<AlarmCoin | null>(null);
  const [open, setOpen] = useState(false);
  /** each opening starts from an empty form */
  const [round, setRound] = useState(0);
  const [loadingId, setLoadingId] = useState<number | null>(null);

  const start = async (alarm: PriceAlarm): Promise<boolean> => {
    setLoadingId(alarm.id);
    try {
      const now = await getCoinPrice(alarm.coinAbbr);
      if (!now) {
        toast.show(messageKeyText.alarmUnknownCoin, "error");
        return false;
      }
      setCoin({ coinAbbr: alarm.coinAbbr, icon: alarm.icon, price: now.price, source: now.source });
      setRound((value) => value + 1);
      setOpen(true);
      return true;
    } catch (failure) {
      toast.show(messageForKey(isApiError(failure) ? failure.key : "Serverbusy"), "error");
      return false;
    } finally {
      setLoadingId(null);
    }
  };

  const onLoadError = () => {
    setOpen(false);
    setCoin(null);
    retryLoad();
  };

  const element = coin ? (
    <LazyBoundary onError={onLoadError}>
      <Suspense fallback={null}>
        <SetAlarmDialog key={round} open={open} onClose={() => setOpen(false)} coin={coin} />
      </Suspense>
    </LazyBoundary>
  ) : null;

  return { start, loadingId, element };
}
