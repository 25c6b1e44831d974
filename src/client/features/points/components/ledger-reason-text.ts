import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type LedgerReason, ledgerReasons } from "../../../../contract/points.ts";

const reasonText: Readonly<Record<LedgerReason, MessageDescriptor>> = {
  checkIn: msg`Daily check-in`,
  redeem: msg`Redeemed`,
  invite: msg`Invitation reward`,
  share: msg`Share reward`,
  twitterTask: msg`Twitter task reward`,
  purchase: msg`Purchase`,
  refund: msg`Refund`,
};

function isLedgerReason(reason: string): reason is LedgerReason {
  return (ledgerReasons as readonly string[]).includes(reason);
}

/** Why an entry was made, in words; a reason a newer server adds reads as "Other" rather than a raw code. */
export function ledgerReasonText(reason: string): MessageDescriptor {
  return isLedgerReason(reason) ? reasonText[reason] : msg`Other`;
}
