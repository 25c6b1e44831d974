// SKELETON (helper A replaces): the human-check port (ALTCHA proof of work, or Turnstile).
import type { HumanCheckChallenge } from "../../contract/auth.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "./clock.ts";

export interface HumanCheck {
  challenge(): Promise<HumanCheckChallenge>;
  verify(token: string, remoteIp: string): Promise<boolean>;
}

export function createHumanCheck(
  _config: Pick<Config, "turnstile">,
  _hmacKey: string,
  _db: Database,
  _clock: Clock,
): HumanCheck {
  return {
    challenge: async () => {
      throw new Error("pending");
    },
    verify: async () => false,
  };
}
