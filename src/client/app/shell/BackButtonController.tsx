import { useEffect } from "react";
import { useLocation } from "wouter";
import { useHost } from "../../host/host-context.tsx";
import { openSheetCount, useOpenSheetCount } from "../../shared/ui/sheet-history.ts";
import { historyDepth } from "../navigation/history-depth.ts";

/**
 * Telegram's back button: shown while a sheet is open or away from home; it closes the top sheet first,
 * then goes back a screen (or home, when the app was opened on a deep link). Vertical swipes, which close
 * the mini app, are off while a sheet is open so scrolling it cannot close the app.
 */
export function BackButtonController() {
  const host = useHost();
  const [location, navigate] = useLocation();
  const sheets = useOpenSheetCount();
  const visible = sheets > 0 || location !== "/";

  useEffect(() => {
    if (visible) host.backButton.show();
    else host.backButton.hide();
  }, [host, visible]);

  useEffect(
    () =>
      host.backButton.onClick(() => {
        if (openSheetCount() > 0 || historyDepth() > 0) window.history.back();
        else navigate("/", { replace: true });
      }),
    [host, navigate],
  );

  useEffect(() => host.setVerticalSwipes(sheets === 0), [host, sheets]);
  return null;
}
