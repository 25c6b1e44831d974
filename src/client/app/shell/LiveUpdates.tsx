import { useAtomValue } from "jotai";
import { useLimitOrderPush } from "../../features/ai-wallet/live/use-limit-order-push.ts";
import { AlarmPopups } from "../../features/alarms/live/AlarmPopups.tsx";
import { useLiveTicks } from "../../features/market/live/use-live-ticks.ts";
import { useLiveNewsToasts } from "../../features/news/live/use-live-news-toasts.ts";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { userIdAtom } from "../../shared/settings/settings.ts";

/**
 * The live channel for the whole app (spec §4): prices tick in every cached list, pushed news is announced
 * on any screen, not only on the market and news screens, and the signed-in user's fired price alarms open
 * their popup wherever the user is, as does the outcome of their limit orders (a toast).
 */
export default function LiveUpdates() {
  useLiveTicks();
  useLiveNewsToasts();
  const userId = useAtomValue(userIdAtom);
  const signedIn = useAtomValue(loginStatusAtom) === "loggedIn";
  return (
    <>
      <AlarmPopups />
      {signedIn && userId ? <LimitOrderPush userId={userId} /> : null}
    </>
  );
}

function LimitOrderPush({ userId }: { userId: string }) {
  useLimitOrderPush(userId);
  return null;
}
