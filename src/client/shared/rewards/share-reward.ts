import { msg } from "@lingui/core/macro";
import { useAtomValue } from "jotai";
import { useCallback } from "react";
import { useSWRConfig } from "swr";
import { pointsRoutes, type ShareKind, type ShareType, shareDataSchema, shareTypes } from "../../../contract/points.ts";
import { http } from "../api/http.ts";
import { formatPoints } from "../format/points.ts";
import { loginStatusAtom } from "../session/session.ts";
import { useToast } from "../ui/Toast.tsx";

const typeOf = Object.fromEntries(Object.entries(shareTypes).map(([type, kind]) => [kind, Number(type)])) as Record<
  ShareKind,
  ShareType
>;

/** The points center's reads a reward changes (each cache key starts with its route's path). */
const changedPaths: readonly string[] = [
  pointsRoutes.getUserPointsInfo.path,
  pointsRoutes.getUserActList.path,
  pointsRoutes.getUserShareCount.path,
];

/** A name for one share, so a retried request is rewarded once. */
function requestId(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Rewards a share the user has just made (spec §7 points/share, §9: 10 rewarded a UTC day): the share dialogs call
 * it after the link was copied, the image downloaded or a site's share page opened. Signed in only: a visitor's
 * share earns nothing and asks nothing. A toast says what it earned, or that today's rewards are all taken; a
 * reward that fails to arrive stays quiet, the share itself went fine.
 */
export function useShareReward(): (kind: ShareKind) => void {
  const status = useAtomValue(loginStatusAtom);
  const toast = useToast();
  const { mutate } = useSWRConfig();
  return useCallback(
    (kind: ShareKind) => {
      if (status !== "loggedIn") return;
      void http
        .post(pointsRoutes.pointsShare.path, {
          json: { type: typeOf[kind], requestId: requestId() },
          parse: (data) => shareDataSchema.parse(data),
        })
        .then((result) => {
          if (result.rewarded) {
            const points = formatPoints(result.awarded);
            toast.show(msg`+${points} points for sharing`, "success");
          } else {
            const limit = result.limit;
            toast.show(msg`Today's ${limit} share rewards are all collected. Share again tomorrow for more.`, "info");
          }
          void mutate((key) => Array.isArray(key) && changedPaths.includes(String(key[0])));
        })
        .catch((error: unknown) => console.warn("share reward not granted", error));
    },
    [status, toast, mutate],
  );
}
