import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hash as argon2Hash } from "@node-rs/argon2";
import { validate as libraryValidate, sign as signInitData } from "@telegram-apps/init-data-node";
import { eq } from "drizzle-orm";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletWelcomeText } from "../../src/contract/auth.ts";
import { users, walletNonces } from "../../src/server/db/schema.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";
import { callWithHost } from "./host-request.ts";

/** A bot token of the right shape (35 characters after the colon); no bot has it. */
const BOT_TOKEN = "123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw-";
const MAX_AGE_SECONDS = 3600;
const GOOGLE_CLIENT_ID = "1234567890-testclient.apps.googleusercontent.com";
/** The public Anvil #0 key (eip191_personal_sign.json): never holds funds. */
const ANVIL_0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
/** The vector of telegram_init_data.json (init-data-golang validate_test.go), for the Ed25519 server. */
const VECTOR_INIT_DATA =
  "query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2";

const clock = manualClock(new Date());
let db: TestDatabase;
let srv: TestServer;
let google: Server;
/** what the stand-in tokeninfo endpoint answers per access token */
const tokenInfo: Record<string, { status: number; body: unknown }> = {};

beforeAll(async () => {
  google = createServer((req, res) => {
    const token = new URL(req.url ?? "/", "http://x").searchParams.get("access_token") ?? "";
    const answer = tokenInfo[token] ?? { status: 400, body: { error: "invalid_token" } };
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => google.listen(0, "127.0.0.1", resolve));
  db = await createTestDatabase();
  srv = await startTestServer(
    {
      ...db.env,
      BOT_TOKEN,
      // the token only checks init data here: no bot runs (it would call Telegram)
      BOT_MODE: "off",
      TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
      GOOGLE_CLIENT_ID,
      GOOGLE_TOKENINFO_URL: `http://127.0.0.1:${(google.address() as AddressInfo).port}/tokeninfo`,
    },
    { clock },
  );
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  google?.closeAllConnections();
  await new Promise((resolve) => google?.close(resolve));
});

const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });

async function usersWhere(column: typeof users.telegramId | typeof users.walletAddress, value: string) {
  return srv.server.database.db.select().from(users).where(eq(column, value));
}

describe("POST /v2/api/telegramLogin", () => {
  const telegramUser = { id: 777000111, first_name: "Satoshi", last_name: "Nakamoto", username: "satoshi" };
  const signed = (user: object, authDate = clock.now(), token = BOT_TOKEN, signature?: string) =>
    signInitData({ user, query_id: "AAHtest", ...(signature ? { signature } : {}) } as never, token, authDate);

  it("signs in with init data signed by the bot token, as one user however often it is sent", async () => {
    expect(BOT_TOKEN.split(":")[1]).toHaveLength(35);
    const initData = signed(telegramUser);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await call(srv.url, "/telegramLogin", { body: { initData } }));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        code: 200,
        data: { user_token: expect.any(String), user_id: answers[0]?.json?.data.user_id, account: "satoshi" },
      });
    }
    expect(new Set(answers.map((res) => res.json?.data.user_token)).size).toBe(3);
    const rows = await usersWhere(users.telegramId, String(telegramUser.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: "satoshi", email: null, walletAddress: null });

    const check = await call(srv.url, "/checkLogin", { headers: bearer(answers[2]?.json?.data.user_token) });
    expect(check.json).toMatchObject({ code: 200, data: { user_id: answers[0]?.json?.data.user_id } });
  });

  it("creates one user when the first sign-ins of a Telegram id race", async () => {
    const initData = signed({ id: 777000222, first_name: "Hal", last_name: "Finney" });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(srv.url, "/telegramLogin", { body: { initData } })),
    );
    expect(answers.map((res) => res.json?.code)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.json?.data.user_id)).size).toBe(1);
    const rows = await usersWhere(users.telegramId, "777000222");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.username).toBe("Hal Finney");
  });

  it("accepts modern init data whose signature pair is part of the HMAC data-check-string", async () => {
    const initData = signed({ id: 777000333, first_name: "Nick" }, clock.now(), BOT_TOKEN, "A".repeat(86));
    expect(new URLSearchParams(initData).get("signature")).toBe("A".repeat(86));
    const res = await call(srv.url, "/telegramLogin", { body: { initData } });
    expect(res.json?.code).toBe(200);
    // without the signature pair the hash no longer matches
    const params = new URLSearchParams(initData);
    params.delete("signature");
    const stripped = await call(srv.url, "/telegramLogin", { body: { initData: params.toString() } });
    expect(stripped.status).toBe(401);
  });

  const refusals: [string, () => string][] = [
    [
      "a tampered user",
      () => {
        const params = new URLSearchParams(signed(telegramUser));
        params.set("user", JSON.stringify({ ...telegramUser, id: 1 }));
        return params.toString();
      },
    ],
    [
      "a tampered auth_date",
      () => {
        const params = new URLSearchParams(signed(telegramUser, new Date(clock.now().getTime() - 7200_000)));
        params.set("auth_date", String(Math.floor(clock.now().getTime() / 1000)));
        return params.toString();
      },
    ],
    ["another bot's token", () => signed(telegramUser, clock.now(), "654321:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw-")],
    ["a stale auth_date", () => signed(telegramUser, new Date(clock.now().getTime() - (MAX_AGE_SECONDS + 60) * 1000))],
    ["no hash", () => signed(telegramUser).replace(/&hash=[0-9a-f]+/, "")],
    ["the old vector (another bot)", () => VECTOR_INIT_DATA],
  ];
  it.each(refusals)("refuses %s with 1001 loginFailed", async (_name, make) => {
    const before = (await srv.server.database.db.select().from(users)).length;
    const res = await call(srv.url, "/telegramLogin", { body: { initData: make() } });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "loginFailed" } });
    expect(res.json?.msg).toMatch(/^Telegram sign-in failed: /);
    expect((await srv.server.database.db.select().from(users)).length).toBe(before);
  });

  it("agrees with @telegram-apps/init-data-node on what it signs", () => {
    const initData = signed(telegramUser);
    expect(() => libraryValidate(initData, BOT_TOKEN, { expiresIn: 0 })).not.toThrow();
  });

  it("refuses a body without init data", async () => {
    const res = await call(srv.url, "/telegramLogin", { body: {} });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { field: "initData" } });
  });
});

describe("wallet sign-in (Sign-In with Ethereum)", () => {
  const account = privateKeyToAccount(ANVIL_0);
  const stranger = privateKeyToAccount(`0x${"59".repeat(32)}`);
  const domain = () => new URL(srv.url).host;

  async function nonce() {
    const res = await call(srv.url, "/wallet/nonce");
    expect(res.json?.code).toBe(200);
    return res.json?.data as { nonce: string; issuedAt: string; expirationTime: string; statement: string };
  }

  async function signedLogin(
    options: {
      signer?: typeof account;
      address?: string;
      expires?: boolean;
      domain?: string;
      uri?: string;
      scheme?: string;
      chainId?: number;
    } = {},
  ) {
    const given = await nonce();
    const signer = options.signer ?? account;
    const message = createSiweMessage({
      address: account.address,
      domain: options.domain ?? domain(),
      uri: options.uri ?? srv.url,
      ...(options.scheme ? { scheme: options.scheme } : {}),
      version: "1",
      chainId: options.chainId ?? 1,
      nonce: given.nonce,
      issuedAt: new Date(given.issuedAt),
      ...(options.expires === false ? {} : { expirationTime: new Date(given.expirationTime) }),
      statement: given.statement,
    });
    const signature = await signer.signMessage({ message });
    const body = { type: 1, wallet_address: options.address ?? account.address, message, signature };
    return { body, given };
  }

  const login = (body: unknown) => call(srv.url, "/userLogin", { body });

  it("hands out a fresh nonce with the welcome text and a ten-minute window", async () => {
    const first = await nonce();
    const second = await nonce();
    expect(first.nonce).toMatch(/^[a-zA-Z0-9]{32,}$/);
    expect(second.nonce).not.toBe(first.nonce);
    expect(first.statement).toBe(walletWelcomeText(Math.floor(new Date(first.issuedAt).getTime() / 1000)));
    expect(new Date(first.expirationTime).getTime() - new Date(first.issuedAt).getTime()).toBe(600_000);
    expect(new Date(first.issuedAt).getTime()).toBe(clock.now().getTime());
  });

  let walletUserId: string;
  let walletToken: string;

  it("signs in with a signed message, and the token opens checkLogin", async () => {
    const { body } = await signedLogin();
    const res = await login(body);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      code: 200,
      data: { user_token: expect.any(String), user_id: expect.any(String), account: account.address.toLowerCase() },
    });
    walletUserId = res.json?.data.user_id as string;
    walletToken = res.json?.data.user_token as string;
    const check = await call(srv.url, "/checkLogin", { headers: bearer(walletToken) });
    expect(check.json).toMatchObject({
      code: 200,
      data: { user_id: walletUserId, account: account.address.toLowerCase() },
    });
    const rows = await usersWhere(users.walletAddress, account.address.toLowerCase());
    expect(rows).toHaveLength(1);
    expect(rows[0]?.username).toBe("0xf39f...2266");
  });

  it("signs the same wallet in to the same user again, with the address in any case", async () => {
    const { body } = await signedLogin({ address: account.address.toLowerCase() });
    const res = await login(body);
    expect(res.json?.data.user_id).toBe(walletUserId);
  });

  it("refuses the same nonce twice", async () => {
    const { body } = await signedLogin();
    expect((await login(body)).json?.code).toBe(200);
    const again = await login(body);
    expect(again.status).toBe(401);
    expect(again.json).toMatchObject({ code: 1001, data: { key: "loginFailed" } });
    expect(again.json?.msg).toContain("nonce");
  });

  it("lets only one of two concurrent uses of a nonce through", async () => {
    const { body } = await signedLogin();
    const answers = await Promise.all([login(body), login(body), login(body)]);
    expect(answers.map((res) => res.json?.code).sort()).toEqual([1001, 1001, 200]);
  });

  it("refuses a nonce the server never handed out", async () => {
    const message = createSiweMessage({
      address: account.address,
      domain: domain(),
      uri: srv.url,
      version: "1",
      chainId: 1,
      nonce: "madeup0123456789",
      issuedAt: clock.now(),
      statement: walletWelcomeText(Math.floor(clock.now().getTime() / 1000)),
    });
    const res = await login({
      type: 1,
      wallet_address: account.address,
      message,
      signature: await account.signMessage({ message }),
    });
    expect(res.status).toBe(401);
    expect(res.json?.msg).toContain("nonce");
  });

  it("refuses a signature by another key, and never echoes it", async () => {
    const { body } = await signedLogin({ signer: stranger });
    const res = await login(body);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "loginFailed" } });
    expect(res.text).not.toContain(body.signature.slice(2, 30));
  });

  it("refuses a message for another domain, or claimed for another address", async () => {
    const other = await login((await signedLogin({ domain: "evil.example" })).body);
    expect(other.status).toBe(401);
    expect(other.json?.msg).toContain("evil.example");
    const claimed = await login((await signedLogin({ address: stranger.address })).body);
    expect(claimed.status).toBe(401);
    expect(claimed.json?.msg).toContain("address");
  });

  it("answers 1001 unknownHost naming the host for a nonce or a sign-in sent with another Host", async () => {
    const port = new URL(srv.url).port;
    for (const host of ["evil.example", `evil.example:${port}`, "127.0.0.1:1", `192.0.2.1:${port}`]) {
      const res = await callWithHost(srv.url, "/v2/api/wallet/nonce", host);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 1001, data: { field: "host", key: "unknownHost" } });
      expect(res.text).not.toContain('nonce":');
    }
    const { body, given } = await signedLogin();
    const relayed = await callWithHost(srv.url, "/v2/api/userLogin", "evil.example", body);
    expect(relayed.json).toMatchObject({ code: 1001, data: { field: "host", key: "unknownHost" } });
    const [row] = await srv.server.database.db.select().from(walletNonces).where(eq(walletNonces.nonce, given.nonce));
    expect(row?.usedAt).toBeNull();
  });

  it("takes the loopback names of the port it serves, as the Host and in the message", async () => {
    const port = new URL(srv.url).port;
    for (const name of [`localhost:${port}`, `[::1]:${port}`]) {
      expect((await callWithHost(srv.url, "/v2/api/wallet/nonce", name)).json?.code).toBe(200);
    }
    const { body } = await signedLogin({ domain: `localhost:${port}`, uri: `http://localhost:${port}/` });
    expect((await login(body)).json).toMatchObject({ code: 200, data: { user_id: walletUserId } });
    // viem's createSiweMessage takes no IPv6 domain (EIP-4361 does): the same message for [::1], signed anew
    const ipv6 = (await signedLogin({ domain: `localhost:${port}`, uri: `http://localhost:${port}/` })).body;
    const message = ipv6.message.replaceAll(`localhost:${port}`, `[::1]:${port}`);
    const signed = { ...ipv6, message, signature: await account.signMessage({ message }) };
    expect((await login(signed)).json).toMatchObject({ code: 200, data: { user_id: walletUserId } });
    const otherPort = await login((await signedLogin({ domain: "127.0.0.1:1", uri: "http://127.0.0.1:1" })).body);
    expect(otherPort.json).toMatchObject({ code: 1001, data: { field: "message", key: "loginFailed" } });
  });

  it("refuses a message whose URI is not on the site's origin, or whose scheme is not the site's", async () => {
    const elsewhere = await login((await signedLogin({ uri: "https://evil.example/login" })).body);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.json).toMatchObject({ code: 1001, data: { field: "message", key: "loginFailed" } });
    expect(elsewhere.json?.msg).toContain("URI");
    const https = await login((await signedLogin({ scheme: "https" })).body);
    expect(https.status).toBe(401);
    expect(https.json?.msg).toContain("https");
    expect((await login((await signedLogin({ scheme: "http" })).body)).json?.code).toBe(200);
  });

  it("refuses a chain sign-in is not offered on with noUseNetwork, and takes the offered ones", async () => {
    const goerli = await login((await signedLogin({ chainId: 5 })).body);
    expect(goerli.status).toBe(400);
    expect(goerli.json).toMatchObject({ code: 1001, data: { field: "message", key: "noUseNetwork" } });
    expect((await login((await signedLogin({ chainId: 56 })).body)).json?.code).toBe(200);
  });

  it("does not spend the nonce of a refused message", async () => {
    const { body, given } = await signedLogin({ signer: stranger });
    expect((await login(body)).status).toBe(401);
    const [row] = await srv.server.database.db.select().from(walletNonces).where(eq(walletNonces.nonce, given.nonce));
    expect(row?.usedAt).toBeNull();
  });

  it("refuses a malformed body with 1001 naming the field", async () => {
    const res = await login({ type: 1, wallet_address: "0x123", message: "hi", signature: "0x00" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { field: "wallet_address", key: "invalidAddress" } });
  });

  describe("userLoginOther: linking the wallet to an email account", () => {
    const email = "holder@example.com";
    const password = "correct-horse";
    let emailUserId: number;

    beforeAll(async () => {
      const repo = createUsersRepository(srv.server.database.db, clock);
      const created = await repo.create({ email, passwordHash: await argon2Hash(password), username: "holder" });
      if (!created) throw new Error("email account not created");
      emailUserId = created.id;
    });

    const link = (body: Record<string, unknown>, token: string | undefined = walletToken) =>
      call(srv.url, "/userLoginOther", {
        body: { email, password, wallet_address: account.address, source: "web", ...body },
        headers: token ? bearer(token) : {},
      });

    it("needs a session", async () => {
      const res = await link({}, "");
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });
    });

    it("refuses another wallet's address, an unknown email and a wrong password", async () => {
      expect((await link({ wallet_address: stranger.address })).json).toMatchObject({
        code: 1001,
        data: { key: "invalidAddress" },
      });
      expect((await link({ email: "nobody@example.com" })).json).toMatchObject({
        code: 2001,
        data: { key: "accountError" },
      });
      expect((await link({ password: "wrong-horse" })).json).toMatchObject({
        code: 2002,
        data: { key: "incorrectLogin" },
      });
      const rows = await usersWhere(users.walletAddress, account.address.toLowerCase());
      expect(rows.map((row) => row.id)).toEqual([Number(walletUserId)]);
    });

    it("moves the wallet onto the email account and signs in to it", async () => {
      const res = await link({});
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ code: 200, data: { user_id: String(emailUserId), account: email } });
      const rows = await usersWhere(users.walletAddress, account.address.toLowerCase());
      expect(rows.map((row) => row.id)).toEqual([emailUserId]);
      const check = await call(srv.url, "/checkLogin", { headers: bearer(res.json?.data.user_token) });
      expect(check.json).toMatchObject({ code: 200, data: { user_id: String(emailUserId), account: email } });
      // the wallet-only session it replaced is over
      const old = await call(srv.url, "/checkLogin", { headers: bearer(walletToken) });
      expect(old.json?.code).toBe(4001);
    });

    it("then signs the wallet in to the email account", async () => {
      const { body } = await signedLogin();
      const res = await login(body);
      expect(res.json).toMatchObject({ code: 200, data: { user_id: String(emailUserId), account: email } });
      const signedIn = await link({}, res.json?.data.user_token as string);
      expect(signedIn.json).toMatchObject({ code: 200, data: { user_id: String(emailUserId) } });
    });
  });

  it("refuses an expired message (and its expired nonce) once the clock has moved past it", async () => {
    const withExpiry = await signedLogin();
    const withoutExpiry = await signedLogin({ expires: false });
    clock.advance(11 * 60_000);
    const expired = await login(withExpiry.body);
    expect(expired.status).toBe(401);
    expect(expired.json?.msg).toContain("expired");
    const staleNonce = await login(withoutExpiry.body);
    expect(staleNonce.status).toBe(401);
    expect(staleNonce.json?.msg).toContain("nonce");
    // a fresh nonce still works
    const fresh = await login((await signedLogin()).body);
    expect(fresh.json?.code).toBe(200);
    expect(fresh.json?.data.account).toBe("holder@example.com"); // the wallet now opens the email account
  });
});

describe("POST /v2/api/socialLogin (Google)", () => {
  const expSoon = () => String(Math.floor(clock.now().getTime() / 1000) + 3000);
  const info = (sub: string, email: string, extra: Record<string, unknown> = {}) => ({
    status: 200,
    body: {
      azp: GOOGLE_CLIENT_ID,
      aud: GOOGLE_CLIENT_ID,
      sub,
      exp: expSoon(),
      email,
      email_verified: "true",
      ...extra,
    },
  });

  it("creates a user for a new Google account and finds it again", async () => {
    tokenInfo["token-new"] = info("200000000000000000001", "newcomer@gmail.com");
    const first = await call(srv.url, "/socialLogin", {
      body: { type: 2, access_token: "token-new", oauth: "google" },
    });
    expect(first.json).toMatchObject({ code: 200, data: { account: "newcomer@gmail.com" } });
    const second = await call(srv.url, "/socialLogin", { body: { type: 2, access_token: "token-new" } });
    expect(second.json?.data.user_id).toBe(first.json?.data.user_id);
  });

  it("links a Google account to the email account of its verified address", async () => {
    const repo = createUsersRepository(srv.server.database.db, clock);
    const existing = await repo.create({ email: "member@example.com", passwordHash: "x", username: "member" });
    tokenInfo["token-member"] = info("200000000000000000002", "Member@Example.com");
    const res = await call(srv.url, "/socialLogin", { body: { type: 2, access_token: "token-member" } });
    expect(res.json).toMatchObject({
      code: 200,
      data: { user_id: String(existing?.id), account: "member@example.com" },
    });
    expect((await repo.findById(existing?.id ?? 0))?.googleSub).toBe("200000000000000000002");
  });

  it("refuses a token of another client, an expired one and one Google does not know", async () => {
    tokenInfo["token-other"] = info("3", "x@gmail.com", { aud: "other.apps.googleusercontent.com" });
    tokenInfo["token-expired"] = info("4", "y@gmail.com", {
      exp: String(Math.floor(clock.now().getTime() / 1000) - 5),
    });
    for (const token of ["token-other", "token-expired", "token-unknown"]) {
      const res = await call(srv.url, "/socialLogin", { body: { type: 2, access_token: token } });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: 1001, data: { key: "loginFailed" } });
    }
  });
});

describe("a server that holds only the bot id (Ed25519) and no Google client", () => {
  let db2: TestDatabase;
  let srv2: TestServer;
  beforeAll(async () => {
    db2 = await createTestDatabase();
    srv2 = await startTestServer({
      ...db2.env,
      TELEGRAM_BOT_ID: "5768337691",
      TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: "0",
    });
  });
  afterAll(async () => {
    await srv2?.stop();
    await db2?.drop();
  });

  it("checks init data against Telegram's public key: HMAC-only init data and a forged signature fail", async () => {
    // valid by HMAC for its bot, but the Ed25519 path needs Telegram's signature
    const hmacOnly = await call(srv2.url, "/telegramLogin", { body: { initData: VECTOR_INIT_DATA } });
    expect(hmacOnly.status).toBe(401);
    expect(hmacOnly.json?.msg).toContain("signature");
    const forged = await call(srv2.url, "/telegramLogin", {
      body: { initData: `${VECTOR_INIT_DATA}&signature=${"A".repeat(86)}` },
    });
    expect(forged.status).toBe(401);
    expect(forged.json?.msg).toContain("Telegram's key");
  });

  it("answers that Google sign-in is not configured", async () => {
    const res = await call(srv2.url, "/socialLogin", { body: { type: 2, access_token: "anything" } });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({
      code: 1001,
      msg: "Google sign-in is not configured",
      data: { key: "notConfigured" },
    });
  });
});

describe("wallet sign-in on a server that listens on every interface", () => {
  const account = privateKeyToAccount(ANVIL_0);
  let db3: TestDatabase;
  let open: TestServer;
  let bare: TestServer;
  beforeAll(async () => {
    db3 = await createTestDatabase();
    open = await startTestServer({ ...db3.env, HOST: "0.0.0.0", PUBLIC_URL: "https://app.example" }, { clock });
    bare = await startTestServer({ ...db3.env, HOST: "0.0.0.0" }, { clock });
  });
  afterAll(async () => {
    await open?.stop();
    await bare?.stop();
    await db3?.drop();
  });

  async function signInAs(server: TestServer, host: string, site: { domain: string; uri: string }) {
    const given = await callWithHost(server.url, "/v2/api/wallet/nonce", host);
    expect(given.json?.code).toBe(200);
    const data = given.json?.data as { nonce: string; issuedAt: string; statement: string };
    const message = createSiweMessage({
      address: account.address,
      ...site,
      version: "1",
      chainId: 1,
      nonce: data.nonce,
      issuedAt: new Date(data.issuedAt),
      statement: data.statement,
    });
    const body = {
      type: 1,
      wallet_address: account.address,
      message,
      signature: await account.signMessage({ message }),
    };
    return callWithHost(server.url, "/v2/api/userLogin", host, body);
  }

  it("serves PUBLIC_URL's site only: a loopback Host or message is refused outside development", async () => {
    const loopback = `127.0.0.1:${new URL(open.url).port}`;
    const refused = await callWithHost(open.url, "/v2/api/wallet/nonce", loopback);
    expect(refused.json).toMatchObject({ code: 1001, data: { field: "host", key: "unknownHost" } });
    const ok = await signInAs(open, "app.example", { domain: "app.example", uri: "https://app.example/" });
    expect(ok.json).toMatchObject({ code: 200, data: { account: account.address.toLowerCase() } });
    const notOurs = await signInAs(open, "app.example", { domain: loopback, uri: `http://${loopback}` });
    expect(notOurs.json).toMatchObject({ code: 1001, data: { field: "message", key: "loginFailed" } });
  });

  it("without PUBLIC_URL hands out no nonce for any Host", async () => {
    const port = new URL(bare.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, "app.example"]) {
      const res = await callWithHost(bare.url, "/v2/api/wallet/nonce", host);
      expect(res.json).toMatchObject({ code: 1001, data: { field: "host", key: "unknownHost" } });
    }
  });
});
