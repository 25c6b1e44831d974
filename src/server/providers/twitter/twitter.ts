import type { TwitterTask } from "../../../contract/points.ts";

/**
 * The X (Twitter) port of the points system's Twitter tasks: binding an X account (OAuth 2.0 with PKCE) and checking
 * on X that a task is done. Without X API keys there is no adapter, and the tasks say they are not available.
 */

/** An X account as X names it. */
export interface XAccount {
  /** X's numeric user id, as a string */
  id: string;
  /** the @name, without the @ */
  username: string;
}

/** X answered, and refused (an expired or reused code, a revoked token, an unknown account). */
export class TwitterRejected extends Error {
  override name = "TwitterRejected";
}

/** X could not be asked (network, timeout, rate limit, a 5xx answer). */
export class TwitterUnavailable extends Error {
  override name = "TwitterUnavailable";
}

export interface TwitterPort {
  /** the tasks this deployment offers (repost only when a post to repost is configured) */
  readonly tasks: readonly TwitterTask[];
  /** X's authorization page for a PKCE sign-in (S256 challenge) that returns to the configured redirect address */
  authorizeUrl(input: { state: string; codeChallenge: string }): string;
  /** exchanges the code X sent back for the account that authorized it */
  identify(input: { code: string; codeVerifier: string }): Promise<XAccount>;
  /** whether X shows the task done by the account */
  isDone(task: TwitterTask, xUserId: string): Promise<boolean>;
  /** where on X the task is done (the account to follow, the post to repost) */
  taskUrl(task: TwitterTask): string;
}
