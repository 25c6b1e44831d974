import { AlarmPopups } from "../../features/alarms/live/AlarmPopups.tsx";
import { useLiveTicks } from "../../features/market/live/use-live-ticks.ts";
import { useLiveNewsToasts } from "../../features/news/live/use-live-news-toasts.ts";

/**
 * The live channel for the whole app (spec §4): prices tick in every cached list, pushed news is announced
 * on any screen, not only on the market and news screens, and the signed-in user's fired price alarms open
 * their popup wherever the user is.
 */
export default function LiveUpdates() {
  useLiveTicks();
  useLiveNewsToasts();
  return <AlarmPopups />;
}
