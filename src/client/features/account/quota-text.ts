import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { UserInfoData } from "../../../contract/user.ts";

/**
 * The card/quota summary (spec §3 user info, §6 roles): unlimited for VIP and trial cards with their end
 * date, else today's remaining chats.
 */
export function quotaText(info: UserInfoData, formatDate: (iso: string) => string): MessageDescriptor {
  const { today, isUnlimited } = info.queryTimes;
  if (isUnlimited) {
    const until = info.expiredTime ? formatDate(info.expiredTime) : "";
    if (!until) return msg`Unlimited chats`;
    return info.card === "1" ? msg`Unlimited (trial until ${until})` : msg`Unlimited (VIP until ${until})`;
  }
  const remain = today.remain;
  const total = today.total;
  return msg`Today: ${remain} of ${total} chats left`;
}
