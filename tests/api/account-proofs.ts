// What an email account's flows ask a visitor to prove: the human check's proof of work, and the code mailed to
// the address (read from the outbox, which the tests own).
import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { mailOutbox } from "../../src/server/db/schema.ts";
import { call, type TestServer } from "./harness.ts";
import { codeIn } from "./smtp-catcher.ts";

export interface AltchaChallenge {
  provider: "altcha";
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export async function challengeOf(srv: TestServer): Promise<AltchaChallenge> {
  const res = await call(srv.url, "/humanCheck/challenge");
  expect(res.json?.code).toBe(200);
  return res.json?.data as unknown as AltchaChallenge;
}

/** The token the ALTCHA widget sends for a challenge it solved with `number`. */
export const tokenOf = (challenge: AltchaChallenge, number: number) => {
  const { provider: _provider, maxnumber: _maxnumber, ...fields } = challenge;
  return Buffer.from(JSON.stringify({ ...fields, number, took: 1 })).toString("base64");
};

/** The human check's proof of work, solved with node:crypto, which is many times faster than the web-crypto solver. */
export async function humanToken(srv: TestServer): Promise<string> {
  const challenge = await challengeOf(srv);
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (createHash("sha256").update(`${challenge.salt}${number}`).digest("hex") === challenge.challenge) {
      return tokenOf(challenge, number);
    }
  }
  throw new Error("unsolved");
}

/** The latest mail to `to` in the outbox. */
export async function lastMail(srv: TestServer, to: string) {
  const [mail] = await srv.server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** The code in the latest mail to `to`. */
export async function outboxCode(srv: TestServer, to: string): Promise<string> {
  return codeIn((await lastMail(srv, to))?.text);
}

export { codeIn, type ReceivedMail, type SmtpCatcher, startSmtpCatcher } from "./smtp-catcher.ts";
