import { type HumanCheckChallenge, humanCheckChallengeSchema } from "../../../../contract/auth.ts";
import { routes } from "../../../../contract/routes.ts";
import { http } from "../../../shared/api/http.ts";

export const humanCheckChallengeKey = routes.humanCheckChallenge.path;

/**
 * GET /v2/api/humanCheck/challenge: a fresh proof-of-work challenge (ALTCHA) or Turnstile's site key.
 * Not cached: every check needs its own challenge.
 */
export function getHumanCheckChallenge(): Promise<HumanCheckChallenge> {
  return http.get(routes.humanCheckChallenge.path, { parse: (data) => humanCheckChallengeSchema.parse(data) });
}
