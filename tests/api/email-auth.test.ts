import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { solveChallenge } from "altcha-lib/v1";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captchas, users } from "../../src/server/db/schema.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import {
  challengeOf,
  codeIn,
  humanToken,
  lastMail,
  outboxCode,
  type SmtpCatcher,
  startSmtpCatcher,
  tokenOf,
} from "./account-proofs.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

const MINUTE = 60_000;
const PASSWORD = "Secret-pass1";
const NEW_PASSWORD = "Other-pass22";

let emailCounter = 0;
const newEmail = (label: string) => `${label}${++emailCounter}.${Date.now()}@example.com`;

/** What the ALTCHA widget does, with altcha-lib's own solver. */
async function humanTokenByAltchaLib(srv: TestServer): Promise<string> {
  const challenge = await challengeOf(srv);
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error("unsolved");
  return tokenOf(challenge, solution.number);
}

/** Tests cannot read the picture: they own the database, so they give the captcha a known answer. */
async function solvedCaptcha(srv: TestServer, answer = "HJ4W") {
  const res = await call(srv.url, "/getCaptcha");
  expect(res.json?.code).toBe(200);
  const captchaId = String(res.json?.data.captchaId);
  const answerHash = createHash("sha256").update(answer).digest("hex");
  await srv.server.database.db.update(captchas).set({ answerHash }).where(eq(captchas.id, captchaId));
  return { captchaId, captchaCode: answer.toLowerCase() };
}

async function sendCode(
  srv: TestServer,
  email: string,
  options: { scene?: "REGISTER" | "FORGET_PASSWORD"; language?: "en" | "cn"; token?: string } = {},
) {
  const scene = options.scene ?? "REGISTER";
  const token = options.token ?? (await humanToken(srv));
  const captcha = scene === "REGISTER" ? await solvedCaptcha(srv) : {};
  return call(srv.url, "/sendEmailCode", {
    body: { email, token, language: options.language ?? "en", scene, ...captcha },
  });
}

const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

/** Signs up an account through the API, reading the code from the outbox. */
async function signUp(srv: TestServer, email: string, password = PASSWORD) {
  expect((await sendCode(srv, email)).json?.code).toBe(200);
  const res = await call(srv.url, "/register", {
    body: { email, verifyCode: await outboxCode(srv, email), password },
  });
  expect(res.json?.code).toBe(200);
  return String(res.json?.data.user_id);
}

describe("email accounts with mail delivered by SMTP", () => {
  let db: TestDatabase;
  let srv: TestServer;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    db = await createTestDatabase();
    srv = await startTestServer({ ...db.env, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await srv?.stop();
    await db?.drop();
    await smtp?.close();
  });

  it("signs up, signs in, resets the password and signs in with the new one", async () => {
    const email = newEmail("full");

    // sign-up: human check, image captcha, code by mail
    const captcha = await solvedCaptcha(srv);
    const sent = await call(srv.url, "/sendEmailCode", {
      body: { email, token: await humanTokenByAltchaLib(srv), language: "en", scene: "REGISTER", ...captcha },
    });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ code: 200, msg: "success", data: { resendAfterSeconds: 60 } });
    expect(smtp.received.at(-1)?.raw).toContain("Subject: Your MountainLion sign-up code");
    const registered = await call(srv.url, "/register", {
      body: { email, verifyCode: smtp.codeFor(email), password: PASSWORD, inviter: "FRIEND42" },
    });
    expect(registered.json).toMatchObject({ code: 200, data: { user_id: expect.any(String) } });
    const userId = Number(registered.json?.data.user_id);
    const [row] = await srv.server.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ email, username: email.split("@")[0], inviterCode: "FRIEND42" });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await lastMail(srv, email)).toMatchObject({ transport: "smtp", error: null, deliveredAt: expect.any(Date) });

    // sign-in, with the email typed with spaces and capitals
    const login = await call(srv.url, "/userLogin", {
      body: { email: ` ${email.toUpperCase()} `, password: PASSWORD },
    });
    expect(login.json).toMatchObject({
      code: 200,
      data: { user_token: expect.any(String), user_id: String(userId), account: email },
    });
    const oldToken = String(login.json?.data.user_token);
    const signedIn = await call(srv.url, "/checkLogin", { headers: { authorization: `Bearer ${oldToken}` } });
    expect(signedIn.json).toMatchObject({ code: 200, data: { account: email, user_id: String(userId) } });

    // reset: human check only, code by mail, new password
    const resetSent = await call(srv.url, "/sendEmailCode", {
      body: { email, token: await humanTokenByAltchaLib(srv), language: "en", scene: "FORGET_PASSWORD" },
    });
    expect(resetSent.json?.code).toBe(200);
    expect(smtp.received.at(-1)?.raw).toContain("Subject: Your MountainLion password reset code");
    const reset = await call(srv.url, "/modifyPassword", {
      body: { email, verifyCode: smtp.codeFor(email), password: NEW_PASSWORD },
    });
    expect(reset.json).toEqual({ code: 200, msg: "success", data: {} });

    // the reset signed the account out everywhere; only the new password works
    const revoked = await call(srv.url, "/checkLogin", { headers: { authorization: `Bearer ${oldToken}` } });
    expect(revoked.json).toMatchObject({ code: 4001 });
    const oldPassword = await call(srv.url, "/userLogin", { body: { email, password: PASSWORD } });
    expect(oldPassword.json).toMatchObject({ code: 2002, data: { key: "incorrectLogin" } });
    const newPassword = await call(srv.url, "/userLogin", { body: { email, password: NEW_PASSWORD } });
    expect(newPassword.json).toMatchObject({ code: 200, data: { user_id: String(userId) } });
  });
});

describe("email accounts on the embedded outbox", () => {
  let db: TestDatabase;
  let srv: TestServer;
  const clock = manualClock();

  beforeAll(async () => {
    db = await createTestDatabase();
    srv = await startTestServer(db.env, { clock });
  });
  afterAll(async () => {
    await srv?.stop();
    await db?.drop();
  });

  it("serves a PNG captcha and an ALTCHA challenge, uncached", async () => {
    const captcha = await call(srv.url, "/getCaptcha");
    expect(captcha.json).toMatchObject({
      code: 200,
      data: { captchaId: expect.any(String), expiresInSeconds: 300 },
    });
    expect(String(captcha.json?.data.image)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(captcha.headers.get("cache-control")).toBe("no-store");
    const challenge = await call(srv.url, "/humanCheck/challenge");
    expect(challenge.json).toMatchObject({
      code: 200,
      data: { provider: "altcha", algorithm: "SHA-256", maxnumber: expect.any(Number) },
    });
    expect(Number(challenge.json?.data.maxnumber)).toBeLessThanOrEqual(100_000);
  });

  it("keeps the mail in the outbox in the asked language, and logs neither code nor password nor tokens", async () => {
    const email = newEmail("outbox");
    const token = await humanToken(srv);
    const sent = await sendCode(srv, email, { language: "cn", token });
    expect(sent.json?.code).toBe(200);
    const mail = await lastMail(srv, email);
    expect(mail).toMatchObject({ to: email, transport: "outbox", deliveredAt: null });
    expect(mail?.subject).toBe("您的 MountainLion 注册验证码");
    expect(mail?.html).toContain(codeIn(mail?.text));
    const code = codeIn(mail?.text);
    const registered = await call(srv.url, "/register", { body: { email, verifyCode: code, password: PASSWORD } });
    expect(registered.json?.code).toBe(200);
    const login = await call(srv.url, "/userLogin", { body: { email, password: PASSWORD } });
    const sessionToken = String(login.json?.data.user_token);

    const queued = srv.logs.filter((line) => line.msg === "mail queued in outbox" && line.to === email);
    expect(queued).toHaveLength(1);
    const logged = Object.keys(queued[0] ?? {}).filter((key) => !["level", "time", "pid", "hostname"].includes(key));
    expect(logged.sort()).toEqual(["msg", "subject", "to"]);
    expect(queued[0]?.subject).toBe(mail?.subject);
    const logText = JSON.stringify(srv.logs);
    for (const secret of [code, PASSWORD, token, sessionToken]) expect(logText).not.toContain(secret);
  });

  it("answers 2005 for a registered email, when asking for a code and when registering", async () => {
    const email = newEmail("taken");
    await signUp(srv, email);
    const again = await sendCode(srv, email);
    expect(again.json).toMatchObject({ code: 2005, data: { key: "emailRegistered" } });

    // the address gets registered (here: directly) between the code and the sign-up
    const racing = newEmail("race");
    expect((await sendCode(srv, racing)).json?.code).toBe(200);
    await srv.server.database.db.insert(users).values({ email: racing, username: "other", invitationCode: "RACE0001" });
    const res = await call(srv.url, "/register", {
      body: { email: racing, verifyCode: await outboxCode(srv, racing), password: PASSWORD },
    });
    expect(res.json).toMatchObject({ code: 2005, data: { key: "emailRegistered" } });
  });

  it("answers 2001 for an unknown email, when asking for a reset code and when signing in", async () => {
    const email = newEmail("unknown");
    const reset = await sendCode(srv, email, { scene: "FORGET_PASSWORD" });
    expect(reset.json).toMatchObject({ code: 2001, data: { key: "accountError" } });
    const login = await call(srv.url, "/userLogin", { body: { email, password: PASSWORD } });
    expect(login.json).toMatchObject({ code: 2001, data: { key: "accountError" } });
    expect(await lastMail(srv, email)).toBeUndefined();
  });

  it("answers 2002 for a wrong password and for an account without a password", async () => {
    const email = newEmail("wrongpw");
    await signUp(srv, email);
    const wrong = await call(srv.url, "/userLogin", { body: { email, password: `${PASSWORD}x` } });
    expect(wrong.json).toMatchObject({ code: 2002, data: { key: "incorrectLogin" } });

    const social = newEmail("social");
    await srv.server.database.db
      .insert(users)
      .values({ email: social, username: "social", invitationCode: "SOCL0001" });
    const none = await call(srv.url, "/userLogin", { body: { email: social, password: PASSWORD } });
    expect(none.json).toMatchObject({ code: 2002, data: { key: "incorrectLogin" } });
  });

  it("answers 2006 codeError for a wrong sign-up code, and a code works once", async () => {
    const email = newEmail("wrongcode");
    expect((await sendCode(srv, email)).json?.code).toBe(200);
    const code = await outboxCode(srv, email);
    const wrong = await call(srv.url, "/register", { body: { email, verifyCode: wrongFor(code), password: PASSWORD } });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: 2006, data: { key: "codeError", remaining: 2 } });
    expect(
      (await call(srv.url, "/register", { body: { email, verifyCode: code, password: PASSWORD } })).json?.code,
    ).toBe(200);
    const replay = await call(srv.url, "/register", { body: { email, verifyCode: code, password: PASSWORD } });
    expect(replay.json).toMatchObject({ code: 2006, data: { key: "codeError", remaining: 0 } });
  });

  it("answers 2006 codeError2 with the tries left in a reset, then 2015 on the 3rd wrong code", async () => {
    const email = newEmail("reset");
    await signUp(srv, email);
    expect((await sendCode(srv, email, { scene: "FORGET_PASSWORD" })).json?.code).toBe(200);
    const code = await outboxCode(srv, email);
    const attempt = (verifyCode: string) =>
      call(srv.url, "/modifyPassword", { body: { email, verifyCode, password: NEW_PASSWORD } });
    expect((await attempt(wrongFor(code))).json).toMatchObject({
      code: 2006,
      data: { key: "codeError2", remaining: 2 },
    });
    expect((await attempt(wrongFor(code))).json).toMatchObject({
      code: 2006,
      data: { key: "codeError2", remaining: 1 },
    });
    const locked = await attempt(wrongFor(code));
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ code: 2015, data: { key: "verifyLimitError", remaining: 0 } });
    // locked: even the right code is refused, and the password is unchanged
    expect((await attempt(code)).json).toMatchObject({ code: 2015, data: { remaining: 0 } });
    expect((await call(srv.url, "/userLogin", { body: { email, password: PASSWORD } })).json?.code).toBe(200);
  });

  it("locks sign-up for 15 minutes after the 3rd wrong code, then lets a new code through", async () => {
    const email = newEmail("lock");
    expect((await sendCode(srv, email)).json?.code).toBe(200);
    const code = await outboxCode(srv, email);
    const attempt = (verifyCode: string) =>
      call(srv.url, "/register", { body: { email, verifyCode, password: PASSWORD } });
    expect((await attempt(wrongFor(code))).json?.code).toBe(2006);
    expect((await attempt(wrongFor(code))).json?.code).toBe(2006);
    expect((await attempt(wrongFor(code))).json).toMatchObject({
      code: 2015,
      data: { key: "verifyLimitError", remaining: 0 },
    });
    expect((await attempt(code)).json).toMatchObject({ code: 2015, data: { remaining: 0 } });
    clock.advance(5 * MINUTE);
    expect((await sendCode(srv, email)).json).toMatchObject({ code: 2015, data: { remaining: 0 } });
    clock.advance(10 * MINUTE - 1000);
    expect((await attempt(code)).json?.code).toBe(2015);

    clock.advance(1000);
    // the lock has lifted: the burnt code stays refused, a new one works
    expect((await attempt(code)).json).toMatchObject({ code: 2006, data: { remaining: 0 } });
    expect((await sendCode(srv, email)).json?.code).toBe(200);
    expect((await attempt(await outboxCode(srv, email))).json?.code).toBe(200);
  });

  it("sends one code per address and scene each 60 s, and the newest code is the one that works", async () => {
    const email = newEmail("resend");
    expect((await sendCode(srv, email)).json?.code).toBe(200);
    const first = await outboxCode(srv, email);
    clock.advance(59_000);
    const tooSoon = await sendCode(srv, email);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json).toMatchObject({ code: 4003, data: { key: "tooFrequent" } });
    expect(tooSoon.json?.msg).toMatch(/\b1 s\b/);
    clock.advance(1000);
    expect((await sendCode(srv, email)).json?.code).toBe(200);
    const second = await outboxCode(srv, email);
    if (second !== first) {
      const old = await call(srv.url, "/register", { body: { email, verifyCode: first, password: PASSWORD } });
      expect(old.json?.code).toBe(2006);
    }
    const res = await call(srv.url, "/register", { body: { email, verifyCode: second, password: PASSWORD } });
    expect(res.json?.code).toBe(200);
  });

  it("expires a code after 10 minutes", async () => {
    const email = newEmail("expiry");
    expect((await sendCode(srv, email)).json?.code).toBe(200);
    const code = await outboxCode(srv, email);
    clock.advance(10 * MINUTE);
    const res = await call(srv.url, "/register", { body: { email, verifyCode: code, password: PASSWORD } });
    expect(res.json).toMatchObject({ code: 2006, data: { remaining: 0 } });
  });

  it("refuses a human-check token used twice, or made up", async () => {
    const token = await humanToken(srv);
    expect((await sendCode(srv, newEmail("token"), { token })).json?.code).toBe(200);
    const reused = await sendCode(srv, newEmail("token"), { token });
    expect(reused.status).toBe(400);
    expect(reused.json).toMatchObject({
      code: 1001,
      data: { key: "humanCheckFailed", field: "token", issues: [{ field: "token", key: "humanCheckFailed" }] },
    });
    const madeUp = await sendCode(srv, newEmail("token"), { token: Buffer.from("{}").toString("base64") });
    expect(madeUp.json).toMatchObject({ code: 1001, data: { key: "humanCheckFailed", field: "token" } });
  });

  it("refuses a wrong image captcha and spends it; asks for a missing one at sign-up only", async () => {
    const email = newEmail("captcha");
    const captcha = await solvedCaptcha(srv, "ACEF");
    const send = async (captchaCode: string) =>
      call(srv.url, "/sendEmailCode", {
        body: { email, token: await humanToken(srv), scene: "REGISTER", captchaId: captcha.captchaId, captchaCode },
      });
    const wrong = await send("ACEX");
    expect(wrong.json).toMatchObject({ code: 1001, data: { key: "captchaError", field: "captchaCode" } });
    const spent = await send("acef");
    expect(spent.json).toMatchObject({ code: 1001, data: { key: "captchaError", field: "captchaCode" } });

    const missing = await call(srv.url, "/sendEmailCode", { body: { email, token: await humanToken(srv) } });
    expect(missing.json).toMatchObject({ code: 1001, data: { key: "required", field: "captchaCode" } });
    expect(await lastMail(srv, email)).toBeUndefined();
  });

  const validationCases: [string, string, Record<string, unknown>, string, string][] = [
    ["sendEmailCode", "email missing", { email: undefined }, "email", "enterEmail"],
    ["sendEmailCode", "email invalid", { email: "not-an-email" }, "email", "sureEmail"],
    ["sendEmailCode", "token missing", { token: undefined }, "token", "required"],
    ["sendEmailCode", "unknown scene", { scene: "LOGIN" }, "scene", "invalidValue"],
    ["sendEmailCode", "unknown language", { language: "fr" }, "language", "invalidValue"],
    ["register", "email invalid", { email: "a@" }, "email", "sureEmail"],
    ["register", "password too short", { password: "12345" }, "password", "passwordLength"],
    ["register", "password too long", { password: "x".repeat(21) }, "password", "passwordLength"],
    ["register", "password missing", { password: undefined }, "password", "enterpassword"],
    ["register", "code missing", { verifyCode: undefined }, "verifyCode", "VerificationCode"],
    ["register", "code not six digits", { verifyCode: "12ab56" }, "verifyCode", "codeError"],
    ["register", "inviter lower-case", { inviter: "abc" }, "inviter", "invalidValue"],
    ["modifyPassword", "password too short", { password: "abc" }, "password", "passwordLength"],
    ["modifyPassword", "code five digits", { verifyCode: "12345" }, "verifyCode", "codeError"],
    ["userLogin", "email invalid", { email: "x@y" }, "email", "sureEmail"],
  ];

  it.each(validationCases)("%s: refuses %s with 1001 naming the field", async (route, _name, change, field, key) => {
    const base: Record<string, Record<string, unknown>> = {
      sendEmailCode: { email: "v@example.com", token: "t", language: "en", scene: "FORGET_PASSWORD" },
      register: { email: "v@example.com", verifyCode: "123456", password: PASSWORD, inviter: "ABC1" },
      modifyPassword: { email: "v@example.com", verifyCode: "123456", password: PASSWORD },
      userLogin: { email: "v@example.com", password: PASSWORD },
    };
    const res = await call(srv.url, `/${route}`, { body: { ...base[route], ...change } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { field, key } });
  });

  it("answers 2006 with no tries left for a reset nobody asked a code for", async () => {
    const email = newEmail("nocode");
    await signUp(srv, email);
    const res = await call(srv.url, "/modifyPassword", {
      body: { email, verifyCode: "123456", password: NEW_PASSWORD },
    });
    expect(res.json).toMatchObject({ code: 2006, data: { key: "codeError2", remaining: 0 } });
    const stored = await srv.server.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.email, email)));
    expect(stored[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await call(srv.url, "/userLogin", { body: { email, password: PASSWORD } })).json?.code).toBe(200);
  });
});

describe("email accounts with Turnstile configured", () => {
  let db: TestDatabase;
  let srv: TestServer;
  let siteverify: Server;
  const posted: URLSearchParams[] = [];

  beforeAll(async () => {
    siteverify = createServer((request, response) => {
      const parts: Buffer[] = [];
      request.on("data", (part: Buffer) => parts.push(part));
      request.on("end", () => {
        const form = new URLSearchParams(Buffer.concat(parts).toString("utf8"));
        posted.push(form);
        const success = form.get("secret") === "turnstile-secret" && form.get("response") === "passed";
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success }));
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, "127.0.0.1", resolve));
    const port = (siteverify.address() as AddressInfo).port;
    db = await createTestDatabase();
    srv = await startTestServer({
      ...db.env,
      TURNSTILE_SITE_KEY: "turnstile-site",
      TURNSTILE_SECRET_KEY: "turnstile-secret",
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
  });
  afterAll(async () => {
    await srv?.stop();
    await db?.drop();
    siteverify?.closeAllConnections();
    await new Promise((resolve) => siteverify?.close(resolve));
  });

  it("hands out the site key and checks tokens with siteverify", async () => {
    const challenge = await call(srv.url, "/humanCheck/challenge");
    expect(challenge.json).toEqual({
      code: 200,
      msg: "success",
      data: { provider: "turnstile", siteKey: "turnstile-site" },
    });
    const email = newEmail("turnstile");
    const refused = await sendCode(srv, email, { token: "failed" });
    expect(refused.json).toMatchObject({ code: 1001, data: { key: "humanCheckFailed", field: "token" } });
    const passed = await sendCode(srv, email, { token: "passed" });
    expect(passed.json?.code).toBe(200);
    expect(posted.at(-1)?.get("remoteip")).toBe("127.0.0.1");
    expect(await outboxCode(srv, email)).toMatch(/^\d{6}$/);
  });
});
