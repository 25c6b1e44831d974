import type { HumanCheckChallenge } from "../../contract/auth.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "./clock.ts";
import { createAltchaCheck } from "./human-check/altcha.ts";
import { createTurnstileCheck } from "./human-check/turnstile.ts";

/** The human-check port: a self-hosted proof of work (ALTCHA) by default, Cloudflare Turnstile when configured. */
export interface HumanCheck {
  /** what the client's widget needs to run the check */
  challenge(): Promise<HumanCheckChallenge>;
  /** true once for a valid token: every token serves one request */
  verify(token: string, remoteIp: string): Promise<boolean>;
}

export function createHumanCheck(
  config: Pick<Config, "turnstile">,
  hmacKey: string,
  db: Database,
  clock: Clock,
): HumanCheck {
  return config.turnstile ? createTurnstileCheck(config.turnstile) : createAltchaCheck({ hmacKey, db, clock });
}
