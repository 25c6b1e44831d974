import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { hashPassword } from "../../src/server/features/accounts/email-passwords.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { humanToken, outboxCode } from "./account-proofs.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

const MINUTE = 60_000;
const PASSWORD = "Right-pass1";
const WRONG = "Wrong-pass1";

describe("password sign-in lockout (10 wrong passwords in 15 minutes lock the address for 15 minutes)", () => {
  let db: TestDatabase;
  let srv: TestServer;
  const clock = manualClock(new Date("2026-11-25T09:00:00Z"));
  let counter = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    srv = await startTestServer(db.env, { clock });
  });
  afterAll(async () => {
    await srv?.stop();
    await db?.drop();
  });

  /** An email account with a known password, written straight to the database (sign-up has its own tests). */
  async function account(): Promise<string> {
    counter += 1;
    const email = `locked${counter}.${Date.now()}@example.com`;
    await srv.server.database.db.insert(users).values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      username: `locked${counter}`,
      invitationCode: `LOCK${counter}${Date.now()}`,
    });
    return email;
  }

  const signIn = (email: string, password: string) => call(srv.url, "/userLogin", { body: { email, password } });

  async function failTimes(email: string, times: number, expected: 2001 | 2002) {
    for (let i = 0; i < times; i++) expect((await signIn(email, WRONG)).json?.code).toBe(expected);
  }

  it("refuses the right password after 10 wrong ones, from any device, until 15 minutes have passed", async () => {
    const email = await account();
    await failTimes(email, 10, 2002);

    const locked = await signIn(email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.json?.code).toBe(4003);
    expect(locked.json?.data.key).toBe("signInLocked");
    expect(locked.json?.data.user_token).toBeUndefined();
    // another device (each call has a new device number) and an upper-case spelling of the address: still locked
    expect((await signIn(email.toUpperCase(), PASSWORD)).json?.code).toBe(4003);

    clock.advance(15 * MINUTE - 1000);
    expect((await signIn(email, PASSWORD)).json?.code).toBe(4003);
    clock.advance(1000);
    const after = await signIn(email, PASSWORD);
    expect(after.json?.code).toBe(200);
    expect(after.json?.data.user_token).toEqual(expect.any(String));
  });

  it("forgets wrong passwords after a success, and those older than 15 minutes", async () => {
    const email = await account();
    await failTimes(email, 9, 2002);
    expect((await signIn(email, PASSWORD)).json?.code).toBe(200);
    await failTimes(email, 9, 2002);
    expect((await signIn(email, PASSWORD)).json?.code).toBe(200);

    await failTimes(email, 5, 2002);
    clock.advance(15 * MINUTE);
    await failTimes(email, 9, 2002);
    expect((await signIn(email, PASSWORD)).json?.code).toBe(200);
  });

  it("answers an unknown address the same way, so the lock does not tell which addresses have accounts", async () => {
    const unknown = `nobody${Date.now()}@example.com`;
    await failTimes(unknown, 10, 2001);
    const known = await account();
    await failTimes(known, 10, 2002);

    const forUnknown = await signIn(unknown, PASSWORD);
    const forKnown = await signIn(known, PASSWORD);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.json).toEqual(forKnown.json);
    expect(forKnown.json?.code).toBe(4003);
  });

  it("is lifted by a password reset, which proves the mailbox", async () => {
    const email = await account();
    await failTimes(email, 10, 2002);
    expect((await signIn(email, PASSWORD)).json?.code).toBe(4003);

    const sent = await call(srv.url, "/sendEmailCode", {
      body: { email, token: await humanToken(srv), language: "en", scene: "FORGET_PASSWORD" },
    });
    expect(sent.json?.code).toBe(200);
    const verifyCode = await outboxCode(srv, email);
    const reset = await call(srv.url, "/modifyPassword", { body: { email, verifyCode, password: "New-pass22" } });
    expect(reset.json?.code).toBe(200);
    expect((await signIn(email, "New-pass22")).json?.code).toBe(200);
  });

  it("lets only 10 of many parallel guesses be checked", async () => {
    const email = await account();
    const answers = await Promise.all(Array.from({ length: 30 }, () => signIn(email, WRONG)));
    const codes = answers.map((answer) => answer.json?.code);
    expect(codes.filter((code) => code === 2002).length).toBeLessThanOrEqual(10);
    expect(codes.filter((code) => code === 4003).length).toBeGreaterThanOrEqual(20);
    expect((await signIn(email, PASSWORD)).json?.code).toBe(4003);
  });
});
