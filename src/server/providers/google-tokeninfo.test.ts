import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "./clock.ts";
import { createGoogleTokenInfo, GoogleTokenRejected, GoogleUnavailable } from "./google-tokeninfo.ts";

const CLIENT_ID = "1234567890-abcdefghijklmnop.apps.googleusercontent.com";
const NOW = new Date("2026-03-01T12:00:00Z");
const exp = String(Math.floor(NOW.getTime() / 1000) + 3000);

/**
 * Answers in the shape of https://oauth2.googleapis.com/tokeninfo?access_token=... (every value a string,
 * email_verified "true"); an unknown or expired token gets 400 invalid_token.
 */
const answers: Record<string, { status: number; body: unknown; delayMs?: number }> = {
  valid: {
    status: 200,
    body: {
      azp: CLIENT_ID,
      aud: CLIENT_ID,
      sub: "110169484474386276334",
      scope: "https://www.googleapis.com/auth/userinfo.email openid",
      exp,
      expires_in: "3000",
      email: "Investor@Example.com",
      email_verified: "true",
      access_type: "online",
    },
  },
  otherAudience: {
    status: 200,
    body: {
      azp: "999-other.apps.googleusercontent.com",
      aud: "999-other.apps.googleusercontent.com",
      sub: "110169484474386276334",
      exp,
      email: "investor@example.com",
      email_verified: "true",
    },
  },
  otherPresenter: {
    status: 200,
    body: {
      azp: "999-other.apps.googleusercontent.com",
      aud: CLIENT_ID,
      sub: "1",
      exp,
      email: "a@b.c",
      email_verified: "true",
    },
  },
  expired: {
    status: 200,
    body: {
      azp: CLIENT_ID,
      aud: CLIENT_ID,
      sub: "1",
      exp: String(Math.floor(NOW.getTime() / 1000) - 1),
      email: "a@b.c",
      email_verified: "true",
    },
  },
  unverified: {
    status: 200,
    body: { azp: CLIENT_ID, aud: CLIENT_ID, sub: "1", exp, email: "a@b.c", email_verified: "false" },
  },
  noEmail: {
    status: 200,
    body: { azp: CLIENT_ID, aud: CLIENT_ID, sub: "1", exp, scope: "openid" },
  },
  revoked: { status: 400, body: { error: "invalid_token", error_description: "Invalid Value" } },
  broken: { status: 503, body: { error: "backend" } },
  slow: { status: 200, body: {}, delayMs: 2_000 },
};

let server: Server;
let url: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const token = new URL(req.url ?? "/", "http://x").searchParams.get("access_token") ?? "";
    seen.push(token);
    const answer = answers[token] ?? answers.revoked;
    if (!answer) throw new Error("no answer");
    setTimeout(() => {
      res.writeHead(answer.status, { "content-type": "application/json; charset=UTF-8" });
      res.end(JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tokeninfo`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const verifier = () =>
  createGoogleTokenInfo({ clientId: CLIENT_ID, tokenInfoUrl: url, clock: manualClock(NOW), timeoutMs: 500 });

async function rejection(token: string) {
  const error = await verifier()
    .verifyAccessToken(token)
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  return error;
}

describe("Google tokeninfo adapter", () => {
  it("accepts a token of our client and answers its user id and lower-case email", async () => {
    await expect(verifier().verifyAccessToken("valid")).resolves.toEqual({
      sub: "110169484474386276334",
      email: "investor@example.com",
    });
    expect(seen).toContain("valid");
  });

  it.each([
    ["otherAudience", "audience"],
    ["otherPresenter", "audience"],
    ["expired", "expired"],
    ["unverified", "emailUnverified"],
    ["noEmail", "emailUnverified"],
    ["revoked", "invalidToken"],
  ])("refuses the %s answer (%s)", async (token, reason) => {
    const error = await rejection(token);
    expect(error).toBeInstanceOf(GoogleTokenRejected);
    expect((error as GoogleTokenRejected).reason).toBe(reason);
  });

  it("sends the token URL-encoded", async () => {
    await rejection("a&b=c d");
    expect(seen).toContain("a&b=c d");
  });

  it("reports Google as unavailable on a 5xx, a timeout or no server", async () => {
    expect(await rejection("broken")).toBeInstanceOf(GoogleUnavailable);
    expect(await rejection("slow")).toBeInstanceOf(GoogleUnavailable);
    const nowhere = createGoogleTokenInfo({
      clientId: CLIENT_ID,
      tokenInfoUrl: "http://127.0.0.1:1/tokeninfo",
      clock: manualClock(NOW),
    });
    await expect(nowhere.verifyAccessToken("valid")).rejects.toBeInstanceOf(GoogleUnavailable);
  });
});
