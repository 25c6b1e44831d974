import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "./clock.ts";
import { createAltchaCheck } from "./human-check/altcha.ts";
import type { HumanCheck } from "./human-check/port.ts";
import { createTurnstileCheck } from "./human-check/turnstile.ts";

export type { HumanCheck } from "./human-check/port.ts";

export function createHumanCheck(
  config: Pick<Config, "turnstile">,
  hmacKey: string,
  db: Database,
  clock: Clock,
): HumanCheck {
  return config.turnstile ? createTurnstileCheck(config.turnstile) : createAltchaCheck({ hmacKey, db, clock });
}
