import { useOpenPurchase } from "../../features/pay/use-open-purchase.ts";
import { type UnlockFlow, useUnlockFlow } from "../../features/unlocks/use-unlock-flow.tsx";

/** The unlock flow with the purchase dialog behind its no-points dialog (recharge points, or buy a package). */
export function useUnlock(): UnlockFlow {
  const openPurchase = useOpenPurchase();
  return useUnlockFlow({ openPurchase: (tab) => openPurchase({ tab }) });
}
