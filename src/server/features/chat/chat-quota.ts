import { Quotas } from "../../../contract/constants.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import type { MessageKey } from "../../../contract/message-keys.ts";

/** Who asks: the owner of the chat and the quota subject (`u:<user id>` or `v:<visitor id>`). */
export interface ChatOwner {
  subject: string;
  /** the signed-in user; undefined for a visitor */
  userId: number | undefined;
  /**
   * a visitor's address bucket as a quota subject (`a:<IPv4>` or `a:<IPv6 /64>`): visitors are also counted
   * per address, so a client that makes up a new device number for every call still gets few chats
   */
  network?: string;
}

/** The daily counter of the accounts feature (its quota service, bound to the chat kind by the server). */
export interface ChatQuotaCounter {
  consume(subject: string, limit: number): Promise<{ allowed: boolean; remaining: number; day: string }>;
  release(subject: string, day: string): Promise<void>;
}

export type ChatQuotaGrant =
  | {
      allowed: true;
      /** chats left today after this one; null when unlimited */
      remaining: number | null;
      /** gives the chat back (the answer did not start); safe to call more than once */
      release(): Promise<void>;
    }
  | { allowed: false; code: 5004 | 20006; key: MessageKey };

export interface ChatQuotaDeps {
  counter: ChatQuotaCounter;
  /**
   * Chats a day the owner may start: visitors 1; users by card and edition (2, +20 with PLUS);
   * Infinity for trial and VIP cards, which are not counted.
   */
  dailyLimit(owner: ChatOwner): Promise<number>;
  /** visitors from one address share this many times the visitor's limit (config VISITORS_PER_ADDRESS) */
  visitorsPerAddress?: number;
  /**
   * Whether a signed-in user out of chats may still redeem one with points today (user info queryTimes.exchange):
   * 20006 when so, else 5004. Without it every signed-in user out of chats gets 20006.
   */
  mayRedeem?(owner: ChatOwner): Promise<boolean>;
}

/**
 * The chat quota (spec §6, §9): one use per answer that starts. The use is taken before the model is called,
 * atomically (concurrent sends never get more than the limit), and given back when the answer never started.
 * A visitor out of chats gets 5004 noFreeChat; a signed-in user 20006 (redeem with points) while they may still
 * redeem a chat today, else 5004 too. A visitor is counted twice, by device and by address (`visitorsPerAddress`
 * times the limit), and needs room in both.
 */
export function createChatQuota(deps: ChatQuotaDeps) {
  return {
    async take(owner: ChatOwner): Promise<ChatQuotaGrant> {
      const limit = await deps.dailyLimit(owner);
      if (limit === Number.POSITIVE_INFINITY) {
        return { allowed: true, remaining: null, release: async () => undefined };
      }
      const usedUp: ChatQuotaGrant = { allowed: false, code: ErrorCode.NoRemainingChats, key: "noFreeChat" };
      const refused = async (): Promise<ChatQuotaGrant> =>
        owner.userId !== undefined && (deps.mayRedeem ? await deps.mayRedeem(owner) : true)
          ? { allowed: false, code: ErrorCode.ChatQuotaRedeemWithPoints, key: "chatQuotaRedeem" }
          : usedUp;
      const used = await deps.counter.consume(owner.subject, limit);
      if (!used.allowed) return refused();
      const network = owner.userId === undefined ? owner.network : undefined;
      let remaining = used.remaining;
      if (network) {
        const shared = await deps.counter.consume(
          network,
          limit * (deps.visitorsPerAddress ?? Quotas.visitorsPerAddress),
        );
        if (!shared.allowed) {
          await deps.counter.release(owner.subject, used.day);
          return refused();
        }
        remaining = Math.min(remaining, shared.remaining);
      }
      let released = false;
      return {
        allowed: true,
        remaining,
        async release() {
          if (released) return;
          released = true;
          await deps.counter.release(owner.subject, used.day);
          if (network) await deps.counter.release(network, used.day);
        },
      };
    },
  };
}

export type ChatQuota = ReturnType<typeof createChatQuota>;
