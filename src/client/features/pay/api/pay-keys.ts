import { useAtomValue } from "jotai";
import { useCallback } from "react";
import { useSWRConfig } from "swr";
import { depositRoutes } from "../../../../contract/deposits.ts";
import { payRoutes } from "../../../../contract/pay.ts";
import { routes } from "../../../../contract/routes.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";

/**
 * The pay reads belong to one user: their keys name the user, so a sign-in, a sign-out or another account
 * reads afresh, and nothing is read for a visitor (who would only get loginFirst).
 */
export function usePayUserId(): string | null {
  const status = useAtomValue(loginStatusAtom);
  const userId = useAtomValue(userIdAtom);
  return status === "loggedIn" ? userId : null;
}

/**
 * What a paid order changes: the membership card (user info), points, the USDT account and the order list.
 * Each key starts with its route's path; these are read again after a purchase or a payment outcome.
 */
export function afterPaymentPaths(): readonly string[] {
  return [
    routes.userInfo.path,
    routes.getUserPointsInfo.path,
    routes.getUserActList.path,
    payRoutes.payAccount.path,
    payRoutes.payGetBoughtList.path,
  ];
}

export function isAfterPaymentKey(key: unknown): boolean {
  return Array.isArray(key) && typeof key[0] === "string" && afterPaymentPaths().includes(key[0]);
}

/**
 * Reads again what a settled payment changed, and forgets the deposits asked for (their orders are settled, so
 * a later top-up asks for a fresh one).
 */
export function useRefreshAfterPayment(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(isAfterPaymentKey);
    void mutate(isDepositQrKey, undefined, { revalidate: false });
  }, [mutate]);
}

function isDepositQrKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === depositRoutes.getDepositQrCode.path;
}
