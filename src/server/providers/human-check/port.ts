import type { HumanCheckChallenge } from "../../../contract/auth.ts";

/** The human-check port: a self-hosted proof of work (ALTCHA) by default, Cloudflare Turnstile when configured. */
export interface HumanCheck {
  /** what the client's widget needs to run the check */
  challenge(): Promise<HumanCheckChallenge>;
  /** true once for a valid token: every token serves one request */
  verify(token: string, remoteIp: string): Promise<boolean>;
}
