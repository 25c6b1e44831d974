import { useEffect, useState } from "react";
import { Timing } from "../../../contract/constants.ts";
import type { DepositStatusData } from "../../../contract/deposits.ts";
import { checkHash } from "./api/deposit-calls.ts";
import { useRefreshAfterPayment } from "./api/pay-keys.ts";

/**
 * A reported deposit's status, checked again on chain (bscHashCheck) every 15 s while it is pending (spec §9:
 * a pending payment takes 1-3 minutes). When it settles, the card, points, balance and orders are read again.
 * The caller keys its view by the hash, so another deposit starts afresh. A failed check keeps the last status and tries at the next tick.
 */
export function useDepositStatus(initial: DepositStatusData): DepositStatusData {
  const refresh = useRefreshAfterPayment();
  const [status, setStatus] = useState(initial);
  const pending = status.status === "pending";
  const { txHash: hash, chain } = status;
  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    const timer = setInterval(() => {
      checkHash(hash, chain).then(
        (next) => {
          if (!stopped) setStatus(next);
        },
        () => undefined,
      );
    }, Timing.popupPollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pending, hash, chain]);

  const settled = !pending;
  useEffect(() => {
    if (settled) refresh();
  }, [settled, refresh]);

  return status;
}
