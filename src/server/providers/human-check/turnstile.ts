import { z } from "zod";
import { callUpstream } from "../upstream/upstream-call.ts";
import type { HumanCheck } from "./port.ts";

export interface TurnstileOptions {
  siteKey: string;
  secretKey: string;
  verifyUrl: string;
  /** how long to wait for Cloudflare's answer; a late answer counts as a failed check */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/** siteverify's answer when the token passed */
const verdictSchema = z.object({ success: z.literal(true) });

/**
 * Cloudflare Turnstile: the widget gets the site key, the server asks siteverify about each token
 * (Cloudflare itself refuses a token used twice). Any failure to get a clear yes is a no.
 */
export function createTurnstileCheck(options: TurnstileOptions): HumanCheck {
  return {
    challenge: async () => ({ provider: "turnstile", siteKey: options.siteKey }),

    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret: options.secretKey, response: token });
      if (remoteIp && remoteIp !== "unknown") form.set("remoteip", remoteIp);
      try {
        const response = await callUpstream("turnstile", options.verifyUrl, {
          method: "POST",
          body: form,
          timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        });
        return response.ok && verdictSchema.safeParse(response.json()).success;
      } catch {
        return false;
      }
    },
  };
}
