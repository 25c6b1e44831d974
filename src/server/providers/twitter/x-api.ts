import type { TwitterTask } from "../../../contract/points.ts";
import type { UpstreamError } from "../upstream/upstream.ts";
import { callUpstream, type UpstreamAnswer } from "../upstream/upstream-call.ts";
import { type TwitterPort, TwitterRejected, TwitterUnavailable, type XAccount } from "./twitter.ts";

/**
 * The X API v2 adapter of the Twitter port:
 * - binding: OAuth 2.0 authorization code with PKCE (scopes tweet.read users.read), the code exchanged at
 *   /2/oauth2/token (HTTP Basic with the client secret for a confidential client), the account read from
 *   /2/users/me with the user's token, which is not kept;
 * - checks: with the app's bearer token, the account's following list (/2/users/:id/following) for the follow
 *   task and its recent posts' references (/2/users/:id/tweets) for the repost task, a few pages at most, so a
 *   check costs a bounded number of calls.
 */

export interface XApiSettings {
  clientId: string;
  /** set for a confidential client (sent as HTTP Basic to the token endpoint) */
  clientSecret: string | undefined;
  /** the app-only bearer token the task checks use */
  bearerToken: string;
  /** where X sends the user back (the points center), as registered with the X app */
  redirectUrl: string;
  /** the account the follow task asks to follow, without the @ */
  followUsername: string;
  /** the post the repost task asks to repost; no repost task without it */
  repostTweetId: string | undefined;
  /** https://api.x.com */
  apiUrl: string;
  /** https://x.com/i/oauth2/authorize */
  authorizeUrl: string;
  timeoutMs?: number;
}

const SCOPES = "tweet.read users.read";
/** pages of 1000 followed accounts read for the follow check */
const FOLLOWING_PAGES = 5;
/** pages of 100 recent posts read for the repost check */
const POST_PAGES = 2;

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

/** X's answer as JSON, or the failure it means: 401/403/404 refused, 429 and 5xx unavailable. */
function readAnswer(what: string, response: UpstreamAnswer): Record<string, unknown> {
  if (response.status === 429 || response.status >= 500) {
    throw new TwitterUnavailable(`X ${what} answered ${response.status}`);
  }
  const body = recordOf(response.json());
  if (!response.ok) {
    const detail = text(body.error_description) ?? text(body.detail) ?? text(body.error) ?? `HTTP ${response.status}`;
    throw new TwitterRejected(`X ${what} refused: ${detail}`);
  }
  return body;
}

export function createXApi(settings: XApiSettings): TwitterPort {
  const api = (path: string) => new URL(path, settings.apiUrl);
  const call = async (what: string, url: URL, init: Parameters<typeof callUpstream>[2]) => {
    try {
      return readAnswer(what, await callUpstream(`x ${what}`, url, { timeoutMs: settings.timeoutMs, ...init }));
    } catch (error) {
      if (error instanceof TwitterRejected || error instanceof TwitterUnavailable) throw error;
      throw new TwitterUnavailable(`X ${what} did not answer: ${(error as UpstreamError).kind ?? "error"}`);
    }
  };
  const appGet = (what: string, url: URL) =>
    call(what, url, { headers: { authorization: `Bearer ${settings.bearerToken}`, accept: "application/json" } });

  let followId: string | undefined;
  const followTargetId = async (): Promise<string> => {
    if (followId) return followId;
    const body = await appGet(
      "user lookup",
      api(`/2/users/by/username/${encodeURIComponent(settings.followUsername)}`),
    );
    const id = text(recordOf(body.data).id);
    if (!id) throw new TwitterUnavailable(`X knows no account @${settings.followUsername}`);
    followId = id;
    return id;
  };

  const follows = async (xUserId: string): Promise<boolean> => {
    const target = await followTargetId();
    let next: string | undefined;
    for (let page = 0; page < FOLLOWING_PAGES; page += 1) {
      const url = api(`/2/users/${encodeURIComponent(xUserId)}/following`);
      url.searchParams.set("max_results", "1000");
      if (next) url.searchParams.set("pagination_token", next);
      const body = await appGet("following", url);
      const data = Array.isArray(body.data) ? body.data : [];
      if (data.some((user) => text(recordOf(user).id) === target)) return true;
      next = text(recordOf(body.meta).next_token);
      if (!next) return false;
    }
    return false;
  };

  const reposted = async (xUserId: string): Promise<boolean> => {
    const tweetId = settings.repostTweetId;
    if (!tweetId) return false;
    let next: string | undefined;
    for (let page = 0; page < POST_PAGES; page += 1) {
      const url = api(`/2/users/${encodeURIComponent(xUserId)}/tweets`);
      url.searchParams.set("max_results", "100");
      url.searchParams.set("tweet.fields", "referenced_tweets");
      if (next) url.searchParams.set("pagination_token", next);
      const body = await appGet("posts", url);
      const data = Array.isArray(body.data) ? body.data : [];
      const found = data.some((post) => {
        const refs = recordOf(post).referenced_tweets;
        return (
          Array.isArray(refs) &&
          refs.some((ref) => text(recordOf(ref).type) === "retweeted" && text(recordOf(ref).id) === tweetId)
        );
      });
      if (found) return true;
      next = text(recordOf(body.meta).next_token);
      if (!next) return false;
    }
    return false;
  };

  return {
    tasks: settings.repostTweetId ? ["follow", "repost"] : ["follow"],

    authorizeUrl({ state, codeChallenge }) {
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", settings.clientId);
      url.searchParams.set("redirect_uri", settings.redirectUrl);
      url.searchParams.set("scope", SCOPES);
      url.searchParams.set("state", state);
      url.searchParams.set("code_challenge", codeChallenge);
      url.searchParams.set("code_challenge_method", "S256");
      return url.href;
    },

    async identify({ code, codeVerifier }): Promise<XAccount> {
      const form = new URLSearchParams({
        code,
        grant_type: "authorization_code",
        redirect_uri: settings.redirectUrl,
        code_verifier: codeVerifier,
        client_id: settings.clientId,
      });
      const headers: Record<string, string> = {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      };
      if (settings.clientSecret) {
        const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString("base64");
        headers.authorization = `Basic ${basic}`;
      }
      const token = await call("token", api("/2/oauth2/token"), { method: "POST", headers, body: form.toString() });
      const accessToken = text(token.access_token);
      if (!accessToken) throw new TwitterRejected("X token answer carries no access token");
      const me = await call("me", api("/2/users/me"), {
        headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      });
      const data = recordOf(me.data);
      const id = text(data.id);
      const username = text(data.username);
      if (!id || !/^\d{1,20}$/.test(id) || !username) throw new TwitterRejected("X names no account");
      return { id, username };
    },

    isDone(task, xUserId) {
      return task === "follow" ? follows(xUserId) : reposted(xUserId);
    },

    taskUrl(task: TwitterTask) {
      return task === "follow"
        ? `https://x.com/${encodeURIComponent(settings.followUsername)}`
        : `https://x.com/i/status/${encodeURIComponent(settings.repostTweetId ?? "")}`;
    },
  };
}
