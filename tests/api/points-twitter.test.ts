import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Points } from "../../src/contract/constants.ts";
import { ErrorCode } from "../../src/contract/errors.ts";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

const APP_BEARER = "app-bearer-token";
const CLIENT_ID = "x-client-id";
const FOLLOW = { id: "4242", username: "mountainlion_x" };
const REPOST_ID = "1777000000000000001";

/**
 * A loopback stand-in for the X API v2 calls the adapter makes, answering in X's documented shapes: the token
 * endpoint (PKCE), users/me, the user lookup, the following list and a user's posts.
 */
const x = {
  /** code -> the account it signs in and the verifier it was sent with */
  codes: new Map<string, { id: string; username: string; verifier?: string }>(),
  tokens: new Map<string, { id: string; username: string; verifier?: string }>(),
  following: new Map<string, string[]>(),
  reposts: new Map<string, string[]>(),
  down: false,
};
let xServer: Server;
let db: TestDatabase;
let srv: TestServer;
const clock = manualClock(new Date("2030-03-10T08:00:00Z"));

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  xServer = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (x.down) return send(503, { title: "Service Unavailable" });
    const bearer = req.headers.authorization?.replace(/^Bearer /, "");
    if (req.method === "POST" && url.pathname === "/2/oauth2/token") {
      const form = new URLSearchParams(await bodyOf(req));
      const signIn = x.codes.get(form.get("code") ?? "");
      if (!signIn || form.get("client_id") !== CLIENT_ID || !form.get("code_verifier")) {
        return send(400, { error: "invalid_request", error_description: "Value passed for the code was invalid." });
      }
      x.codes.delete(form.get("code") ?? "");
      signIn.verifier = form.get("code_verifier") ?? "";
      const token = `user-token-${signIn.id}`;
      x.tokens.set(token, signIn);
      return send(200, { token_type: "bearer", expires_in: 7200, access_token: token, scope: "tweet.read users.read" });
    }
    if (url.pathname === "/2/users/me") {
      const who = x.tokens.get(bearer ?? "");
      return who ? send(200, { data: { ...who, name: "Someone" } }) : send(401, { title: "Unauthorized" });
    }
    if (bearer !== APP_BEARER) return send(401, { title: "Unauthorized" });
    if (url.pathname === `/2/users/by/username/${FOLLOW.username}`) return send(200, { data: FOLLOW });
    const following = url.pathname.match(/^\/2\/users\/(\d+)\/following$/);
    if (following?.[1]) {
      const data = (x.following.get(following[1]) ?? []).map((id) => ({ id, name: "n", username: `u${id}` }));
      return send(200, { data, meta: { result_count: data.length } });
    }
    const posts = url.pathname.match(/^\/2\/users\/(\d+)\/tweets$/);
    if (posts?.[1]) {
      const data = (x.reposts.get(posts[1]) ?? []).map((id, i) => ({
        id: `99${i}`,
        text: "RT",
        referenced_tweets: [{ type: "retweeted", id }],
      }));
      return send(200, { data, meta: { result_count: data.length } });
    }
    send(404, { title: "Not Found" });
  });
  await new Promise<void>((resolve) => xServer.listen(0, "127.0.0.1", resolve));
  const xUrl = `http://127.0.0.1:${(xServer.address() as AddressInfo).port}`;
  db = await createTestDatabase();
  srv = await startTestServer(
    {
      ...db.env,
      PUBLIC_URL: "https://app.example",
      X_CLIENT_ID: CLIENT_ID,
      X_BEARER_TOKEN: APP_BEARER,
      X_FOLLOW_USERNAME: `@${FOLLOW.username}`,
      X_REPOST_TWEET_ID: REPOST_ID,
      X_API_URL: xUrl,
      X_AUTHORIZE_URL: `${xUrl}/i/oauth2/authorize`,
    },
    { clock },
  );
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  xServer?.closeAllConnections();
  await new Promise((resolve) => xServer?.close(resolve));
});

let counter = 0;
async function signedIn() {
  counter += 1;
  const dbh = srv.server.database.db;
  const user = await createUsersRepository(dbh, clock).create({ email: `tw${counter}@example.com`, username: "tw" });
  if (!user) throw new Error("user not created");
  const login = await createSessionsService(dbh, clock).signIn(user, "email");
  return { authorization: `Bearer ${login.user_token}` };
}

/** Starts a sign-in to X: the state and challenge of the authorization address. */
async function startSignIn(headers: Record<string, string>) {
  const res = await call(srv.url, "/twitterSignin", { headers });
  expect(res.json?.code).toBe(200);
  const authorize = new URL(String(res.json?.data.authorizeUrl));
  return { authorize, state: authorize.searchParams.get("state") ?? "" };
}

const bind = (headers: Record<string, string>, code: string, state: string) =>
  call(srv.url, `/twitterBinding?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`, { headers });

describe("Twitter tasks with an X app configured", () => {
  it("binds an X account by PKCE, refuses a second binding (20010) and a used state, and unbinds", async () => {
    const headers = await signedIn();
    const { authorize, state } = await startSignIn(headers);
    expect(authorize.pathname).toBe("/i/oauth2/authorize");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: "https://app.example/pointsCenter/",
      scope: "tweet.read users.read",
      code_challenge_method: "S256",
    });
    const before = await call(srv.url, "/getUserVerifiedTask", { headers });
    expect(before.json?.data).toEqual({
      username: null,
      tasks: [
        { task: "follow", points: 300, verified: false, url: `https://x.com/${FOLLOW.username}` },
        { task: "repost", points: 300, verified: false, url: `https://x.com/i/status/${REPOST_ID}` },
      ],
    });
    const notBound = await call(srv.url, "/verifyUserOperation?task=follow", { headers });
    expect(notBound.json).toMatchObject({ code: ErrorCode.RequestFailed, data: { key: "twitterNotBound" } });

    x.codes.set("code-a", { id: "1001", username: "alice_x" });
    const bound = await bind(headers, "code-a", state);
    expect(bound.json).toMatchObject({ code: 200, data: { username: "alice_x" } });
    // the verifier X got is the one the challenge was made of
    const verifier = x.tokens.get("user-token-1001")?.verifier ?? "";
    expect(createHash("sha256").update(verifier).digest("base64url")).toBe(
      authorize.searchParams.get("code_challenge"),
    );
    expect((await call(srv.url, "/getUserVerifiedTask", { headers })).json?.data.username).toBe("alice_x");

    // a used state, a second binding, and the same X account for another user
    expect((await bind(headers, "code-a", state)).json?.data).toMatchObject({ key: "invalidValue", field: "state" });
    const again = await call(srv.url, "/twitterSignin", { headers });
    expect(again.json).toMatchObject({ code: ErrorCode.TwitterAlreadyBound, data: { key: "twitterBound" } });
    const other = await signedIn();
    const otherStart = await startSignIn(other);
    x.codes.set("code-a2", { id: "1001", username: "alice_x" });
    const taken = await bind(other, "code-a2", otherStart.state);
    expect(taken.json).toMatchObject({ code: ErrorCode.TwitterAlreadyBound, data: { key: "twitterBound" } });
    // a code X refuses
    const third = await startSignIn(other);
    expect((await bind(other, "no-such-code", third.state)).json?.data).toMatchObject({ key: "loginFailed" });

    expect((await call(srv.url, "/twitterUnBinding", { headers })).json?.data).toEqual({ unbound: true });
    expect((await call(srv.url, "/getUserVerifiedTask", { headers })).json?.data.username).toBeNull();
    expect((await call(srv.url, "/twitterUnBinding", { headers })).json?.data).toEqual({ unbound: false });
  });

  it("credits a task once X shows it done, once per account and per X account", async () => {
    const headers = await signedIn();
    const { state } = await startSignIn(headers);
    x.codes.set("code-b", { id: "2002", username: "bob_x" });
    expect((await bind(headers, "code-b", state)).json?.code).toBe(200);

    const undone = await call(srv.url, "/verifyUserOperation?task=follow", { headers });
    expect(undone.json?.data).toEqual({ task: "follow", verified: false, awarded: 0, points: 0 });
    x.following.set("2002", ["17", FOLLOW.id]);
    const done = await call(srv.url, "/verifyUserOperation?task=follow", { headers });
    expect(done.json?.data).toEqual({ task: "follow", verified: true, awarded: 300, points: 300 });
    const twice = await call(srv.url, "/verifyUserOperation?task=follow", { headers });
    expect(twice.json?.data).toEqual({ task: "follow", verified: true, awarded: 0, points: 300 });
    x.reposts.set("2002", [REPOST_ID]);
    const reposted = await call(srv.url, "/verifyUserOperation?task=repost", { headers });
    expect(reposted.json?.data).toMatchObject({
      verified: true,
      awarded: Points.twitterTaskRewards.repost,
      points: 600,
    });
    const history = await call(srv.url, "/getUserActList", { headers });
    expect(history.json?.data.list).toEqual([
      expect.objectContaining({ reason: "twitterTask", reference: "repost", amount: 300 }),
      expect.objectContaining({ reason: "twitterTask", reference: "follow", amount: 300 }),
    ]);
    expect((await call(srv.url, "/verifyUserOperation?task=like", { headers })).json?.data).toMatchObject({
      field: "task",
    });

    // the X account moves to another app account: its tasks earn nothing there
    await call(srv.url, "/twitterUnBinding", { headers });
    const other = await signedIn();
    const otherStart = await startSignIn(other);
    x.codes.set("code-b2", { id: "2002", username: "bob_x" });
    expect((await bind(other, "code-b2", otherStart.state)).json?.code).toBe(200);
    const moved = await call(srv.url, "/verifyUserOperation?task=follow", { headers: other });
    expect(moved.json?.data).toMatchObject({ verified: true, awarded: 0, points: 0 });
  });

  it("says X could not be reached when it is down", async () => {
    const headers = await signedIn();
    const { state } = await startSignIn(headers);
    x.codes.set("code-c", { id: "3003", username: "carol_x" });
    x.down = true;
    try {
      const res = await bind(headers, "code-c", state);
      expect(res.status).toBe(502);
      expect(res.json?.data).toMatchObject({ key: "Serverbusy" });
    } finally {
      x.down = false;
    }
  });
});
