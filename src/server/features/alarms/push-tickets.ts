import { createHmac, timingSafeEqual } from "node:crypto";
import type { Clock } from "../../providers/clock.ts";

/** How long a ticket opens the push channel as its account. */
export const PUSH_TICKET_MS = 60_000;

export interface PushTickets {
  /** a ticket naming the account, good for PUSH_TICKET_MS */
  issue(userId: number): { ticket: string; expiresAt: number };
  /** the account a ticket names, or undefined when it is forged, malformed or expired */
  verify(ticket: string): number | undefined;
}

const FORMAT = /^v1\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * Tickets for the push channel (EventSource sends no header, so the session token cannot ride along): "v1.<user
 * id>.<expiry ms>.<HMAC-SHA256 of both>" under the app's own secret, which every node shares. The ticket holds no
 * session token; it names the account for one minute and only for the push stream.
 */
export function createPushTickets(secret: string, clock: Clock): PushTickets {
  const sign = (userId: number, expiresAt: number) =>
    createHmac("sha256", secret).update(`push-ticket:${userId}:${expiresAt}`).digest("base64url");
  return {
    issue(userId) {
      const expiresAt = clock.now().getTime() + PUSH_TICKET_MS;
      return { ticket: `v1.${userId}.${expiresAt}.${sign(userId, expiresAt)}`, expiresAt };
    },
    verify(ticket) {
      const match = FORMAT.exec(ticket);
      if (!match) return undefined;
      const userId = Number(match[1]);
      const expiresAt = Number(match[2]);
      const given = Buffer.from(match[3] ?? "", "base64url");
      const expected = Buffer.from(sign(userId, expiresAt), "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (expiresAt <= clock.now().getTime()) return undefined;
      return userId;
    },
  };
}
