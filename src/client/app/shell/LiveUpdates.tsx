import { useLiveTicks } from "../../features/market/live/use-live-ticks.ts";
import { useLiveNewsToasts } from "../../features/news/live/use-live-news-toasts.ts";

/**
 * The live channel for the whole app (spec §4): prices tick in every cached list and pushed news is announced
 * on any screen, not only on the market and news screens.
 */
export default function LiveUpdates() {
  useLiveTicks();
  useLiveNewsToasts();
  return null;
}
