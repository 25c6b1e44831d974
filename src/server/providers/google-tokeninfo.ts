import type { Clock } from "./clock.ts";
import type { UpstreamError } from "./upstream/upstream.ts";
import { callUpstream, type UpstreamAnswer } from "./upstream/upstream-call.ts";

/**
 * Google sign-in: asks Google's tokeninfo endpoint about an OAuth access token from the redirect and accepts it
 * only when it was issued to our client, is unexpired and names a verified email address.
 */

export interface GoogleIdentity {
  /** Google's stable user id */
  sub: string;
  /** lower-case; verified by Google */
  email: string;
}

export type GoogleTokenFailure = "invalidToken" | "audience" | "expired" | "emailUnverified" | "malformed";

/** Google answered, and the token is not one we accept. */
export class GoogleTokenRejected extends Error {
  override name = "GoogleTokenRejected";
  constructor(
    readonly reason: GoogleTokenFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Google could not be asked (network, timeout, a 5xx answer). */
export class GoogleUnavailable extends Error {
  override name = "GoogleUnavailable";
}

export interface GoogleTokenInfoOptions {
  clientId: string;
  tokenInfoUrl: string;
  clock: Clock;
  timeoutMs?: number;
}

export interface GoogleTokenVerifier {
  verifyAccessToken(accessToken: string): Promise<GoogleIdentity>;
}

const DEFAULT_TIMEOUT_MS = 5_000;

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

export function createGoogleTokenInfo(options: GoogleTokenInfoOptions): GoogleTokenVerifier {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    async verifyAccessToken(accessToken) {
      const url = new URL(options.tokenInfoUrl);
      url.searchParams.set("access_token", accessToken);
      let response: UpstreamAnswer;
      try {
        response = await callUpstream("google tokeninfo", url, { headers: { accept: "application/json" }, timeoutMs });
      } catch (error) {
        // the error's detail would name the URL, which carries the token
        throw new GoogleUnavailable(`Google tokeninfo did not answer: ${(error as UpstreamError).kind}`);
      }
      const body = response.json();
      if (response.status >= 500) throw new GoogleUnavailable(`Google tokeninfo answered ${response.status}`);
      if (!response.ok) {
        // 400 {"error":"invalid_token","error_description":"Invalid Value"} for unknown, revoked or expired tokens
        const error = text((body as { error?: unknown } | undefined)?.error) ?? `HTTP ${response.status}`;
        throw new GoogleTokenRejected("invalidToken", `Google refused the token (${error})`);
      }
      if (typeof body !== "object" || body === null) {
        throw new GoogleTokenRejected("malformed", "Google tokeninfo answered no JSON object");
      }
      const info = body as Record<string, unknown>;
      const aud = text(info.aud);
      const azp = text(info.azp);
      // An access token issued to another app must not sign in here (the confused-deputy attack).
      if (aud !== options.clientId || (azp !== undefined && azp !== options.clientId)) {
        throw new GoogleTokenRejected("audience", "the token was issued to another client");
      }
      // tokeninfo sends exp as a string of Unix seconds
      const exp = Number(text(info.exp) ?? info.exp);
      if (!Number.isFinite(exp) || exp * 1000 <= options.clock.now().getTime()) {
        throw new GoogleTokenRejected("expired", "the token has expired");
      }
      const sub = text(info.sub);
      if (!sub || !/^[0-9A-Za-z_-]{1,255}$/.test(sub)) {
        throw new GoogleTokenRejected("malformed", "the token names no user");
      }
      const email = text(info.email)?.trim().toLowerCase();
      // tokeninfo sends email_verified as the string "true"
      const verified = info.email_verified === true || info.email_verified === "true";
      if (!email || email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email) || !verified) {
        throw new GoogleTokenRejected("emailUnverified", "the token carries no verified email (scope email needed)");
      }
      return { sub, email };
    },
  };
}
