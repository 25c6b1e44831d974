import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type LedgerReason, ledgerReasons, type ShareKind, twitterTasks } from "../../../../contract/points.ts";

const reasonText: Readonly<Record<LedgerReason, MessageDescriptor>> = {
  checkIn: msg`Daily check-in`,
  redeem: msg`Redeemed`,
  invite: msg`Invitation reward`,
  share: msg`Share reward`,
  twitterTask: msg`Twitter task reward`,
  purchase: msg`Purchase`,
  refund: msg`Refund`,
};

/** What a share entry's reference (its kind) says in the history. */
const shareDetail: Readonly<Record<ShareKind, MessageDescriptor>> = {
  downloadImage: msg`image downloaded`,
  copyLink: msg`link copied`,
  wechat: msg`WeChat`,
  twitter: msg`X (Twitter)`,
  facebook: msg`Facebook`,
  weibo: msg`Weibo`,
};

const twitterDetail = { follow: msg`follow`, repost: msg`repost` } as const;

function isLedgerReason(reason: string): reason is LedgerReason {
  return (ledgerReasons as readonly string[]).includes(reason);
}

/** Why an entry was made, in words; a reason a newer server adds reads as "Other" rather than a raw code. */
export function ledgerReasonText(reason: string): MessageDescriptor {
  return isLedgerReason(reason) ? reasonText[reason] : msg`Other`;
}

/** The detail shown after the reason, where the reference says something a person reads (a share's kind). */
export function ledgerDetailText(reason: string, reference: string): MessageDescriptor | undefined {
  if (reason === "share" && Object.hasOwn(shareDetail, reference)) return shareDetail[reference as ShareKind];
  if (reason === "twitterTask" && (twitterTasks as readonly string[]).includes(reference)) {
    return twitterDetail[reference as keyof typeof twitterDetail];
  }
  return undefined;
}
