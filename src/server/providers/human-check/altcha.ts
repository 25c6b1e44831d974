import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import type { HumanCheckChallenge } from "../../../contract/auth.ts";
import type { Database } from "../../db/client.ts";
import { humanChecksUsed } from "../../db/schema.ts";
import { createSingleUseTokens } from "../../db/single-use-tokens.ts";
import type { Clock } from "../clock.ts";
import type { HumanCheck } from "./port.ts";

/** A browser solves this in well under a second (on average it hashes half of it). */
export const ALTCHA_MAX_NUMBER = 50_000;
export const ALTCHA_EXPIRES_MS = 10 * 60_000;
const ALGORITHM = "SHA-256";

interface AltchaPayload {
  algorithm: "SHA-256";
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** Reads the base64 JSON the ALTCHA widget submits; anything else is undefined. */
function decodePayload(token: string): AltchaPayload | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { algorithm, challenge, number, salt, signature } = value as Record<string, unknown>;
  if (algorithm !== ALGORITHM) return undefined;
  if (typeof challenge !== "string" || typeof salt !== "string" || typeof signature !== "string") return undefined;
  if (typeof number !== "number" || !Number.isSafeInteger(number) || number < 0) return undefined;
  return { algorithm, challenge, number, salt, signature };
}

/**
 * The embedded human check: ALTCHA proof of work signed with a key the server keeps in the database, so any
 * API node checks what another issued. Expiry follows the server's clock; each solution is spent once.
 */
export function createAltchaCheck(deps: { hmacKey: string; db: Database; clock: Clock }): HumanCheck {
  const { hmacKey, db, clock } = deps;
  const spent = createSingleUseTokens(db, clock, {
    table: humanChecksUsed,
    token: humanChecksUsed.signature,
    expiresAt: humanChecksUsed.expiresAt,
    sweepEveryMs: 60_000,
  });

  return {
    async challenge() {
      const created = await createChallenge({
        algorithm: ALGORITHM,
        hmacKey,
        maxnumber: ALTCHA_MAX_NUMBER,
        expires: new Date(clock.now().getTime() + ALTCHA_EXPIRES_MS),
      });
      const challenge: HumanCheckChallenge = {
        provider: "altcha",
        algorithm: created.algorithm,
        challenge: created.challenge,
        maxnumber: created.maxnumber,
        salt: created.salt,
        signature: created.signature,
      };
      return challenge;
    },

    async verify(token) {
      const payload = decodePayload(token);
      if (!payload) return false;
      const expires = Number(extractParams(payload).expires);
      const now = clock.now();
      // Only challenges this server issued carry an expiry; one without is not ours.
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
      if (!(await verifySolution(payload, hmacKey, false))) return false;
      // each solution serves once: its signature is remembered until the challenge expires
      return spent.spend({ signature: payload.signature, expiresAt: new Date(expires * 1000) });
    },
  };
}
