// What an email account's flows ask a visitor to prove: the human check's proof of work, and the code mailed to
// the address (read from the outbox, which the tests own).
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { expect } from "vitest";
import { mailOutbox } from "../../src/server/db/schema.ts";
import { call, type TestServer } from "./harness.ts";

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

export function codeIn(text: string | undefined): string {
  const code = text?.match(/(?:^|\n)(\d{6})\r?\n/)?.[1];
  if (!code) throw new Error("no code in the mail");
  return code;
}

/** The code in the latest mail to `to`. */
export async function outboxCode(srv: TestServer, to: string): Promise<string> {
  return codeIn((await lastMail(srv, to))?.text);
}

/** A mail received by the loopback SMTP server: its recipients and its raw text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A loopback SMTP server that keeps every mail it receives, as the server's mailer delivers them. */
export interface SmtpCatcher {
  /** the SMTP_URL that delivers to it */
  url: string;
  /** every mail received, oldest first */
  received: ReceivedMail[];
  /** the code in the latest mail received for `to` */
  codeFor(to: string): string;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const parts: Buffer[] = [];
      stream.on("data", (part: Buffer) => parts.push(part));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(parts).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    codeFor(to) {
      const mail = received.filter((item) => item.to.includes(to)).at(-1);
      return codeIn(mail?.raw.replace(/\r\n/g, "\n"));
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
