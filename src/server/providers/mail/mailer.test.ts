import { Writable } from "node:stream";
import { desc } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpCatcher, startSmtpCatcher } from "../../../../tests/api/smtp-catcher.ts";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema.ts";
import { createMailer } from "./mailer.ts";
import { createMailOutbox } from "./outbox.ts";
import { verificationCodeMail } from "./verification-mail.ts";

let handle: DatabaseHandle;
let smtp: SmtpCatcher;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  smtp = await startSmtpCatcher({ refuses: (address) => address.endsWith("@refused.test") });
});
afterAll(async () => {
  await smtp?.close();
  await handle?.close();
});

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "info" }, sink), lines };
}

const latest = async () => (await handle.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0];

describe("mailer without SMTP (the embedded outbox)", () => {
  it("stores the mail and logs one line with the recipient and subject only", async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: "ML <no-reply@ml.test>" }, handle.db, logger);
    expect(mailer.transport).toBe("outbox");
    await mailer.send({ to: "a@ml.test", subject: "Hello", text: "secret 123456", html: "<p>secret 123456</p>" });
    expect(await latest()).toMatchObject({
      to: "a@ml.test",
      subject: "Hello",
      text: "secret 123456",
      html: "<p>secret 123456</p>",
      transport: "outbox",
      deliveredAt: null,
      error: null,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "mail queued in outbox", to: "a@ml.test", subject: "Hello" });
    expect(JSON.stringify(lines)).not.toContain("123456");
  });

  it("logs the code only when asked to (development without SMTP), so offline sign-up works from the log", async () => {
    const quiet = capturingLogger();
    await createMailer({ smtpUrl: undefined, from: "x@ml.test" }, handle.db, quiet.logger).send({
      to: "q@ml.test",
      subject: "Code",
      text: "code 246810",
      code: "246810",
    });
    expect(JSON.stringify(quiet.lines)).not.toContain("246810");
    const dev = capturingLogger();
    await createMailer({ smtpUrl: undefined, from: "x@ml.test", logCodes: true }, handle.db, dev.logger).send({
      to: "d@ml.test",
      subject: "Code",
      text: "code 135790",
      code: "135790",
    });
    expect(dev.lines).toEqual([expect.objectContaining({ msg: "mail queued in outbox", code: "135790", level: 30 })]);
  });

  it("reads the outbox newest first, by recipient", async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: "x@ml.test" }, handle.db, pino({ level: "silent" }));
    await mailer.send({ to: "reader@ml.test", subject: "first", text: "1" });
    await mailer.send({ to: "other@ml.test", subject: "other", text: "o" });
    await mailer.send({ to: "reader@ml.test", subject: "second", text: "2" });
    const outbox = createMailOutbox(handle.db);
    expect((await outbox.latest({ to: "reader@ml.test", limit: 10 })).map((mail) => mail.subject)).toEqual([
      "second",
      "first",
    ]);
    expect(await outbox.latest({ limit: 2 })).toHaveLength(2);
  });
});

describe("mailer with SMTP", () => {
  it("delivers through the SMTP server and records the delivery", async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: "ML <no-reply@ml.test>" }, handle.db, logger);
    expect(mailer.transport).toBe("smtp");
    await mailer.send(
      verificationCodeMail({
        to: "b@ml.test",
        code: "654321",
        scene: "REGISTER",
        language: "en",
        expiresInMinutes: 10,
      }),
    );
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(["b@ml.test"]);
    expect(mail?.raw).toContain("Subject: Your MountainLion sign-up code");
    expect(mail?.raw).toContain("654321");
    expect(mail?.raw).toMatch(/From: ML <no-reply@ml\.test>/);
    const row = await latest();
    expect(row).toMatchObject({ to: "b@ml.test", transport: "smtp", error: null });
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    expect(lines.map((line) => line.msg)).toEqual(["mail sent"]);
    expect(JSON.stringify(lines)).not.toContain("654321");
  });

  it("throws when the server refuses, keeping the mail with its error", async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: "no-reply@ml.test" }, handle.db, logger);
    await expect(mailer.send({ to: "c@refused.test", subject: "S", text: "code 111222" })).rejects.toThrow(
      /delivery failed/,
    );
    const row = await latest();
    expect(row).toMatchObject({ to: "c@refused.test", deliveredAt: null });
    expect(row?.error).toMatch(/mailbox unavailable|Recipient/i);
    expect(lines.map((line) => line.msg)).toEqual(["mail delivery failed"]);
    expect(JSON.stringify(lines)).not.toContain("111222");
  });

  it("throws when no SMTP server answers", async () => {
    const mailer = createMailer(
      { smtpUrl: "smtp://127.0.0.1:1", from: "x@ml.test" },
      handle.db,
      pino({ level: "silent" }),
    );
    await expect(mailer.send({ to: "d@ml.test", subject: "S", text: "t" })).rejects.toThrow();
    expect((await latest())?.error).toBeTruthy();
  });
});

describe("verification code mail", () => {
  it("has English and Chinese wording for sign-up and reset, with the code in text and html", () => {
    const subjects = new Set<string>();
    for (const language of ["en", "cn"] as const) {
      for (const scene of ["REGISTER", "FORGET_PASSWORD"] as const) {
        const mail = verificationCodeMail({ to: "e@ml.test", code: "012345", scene, language, expiresInMinutes: 10 });
        subjects.add(mail.subject);
        expect(mail.to).toBe("e@ml.test");
        expect(mail.text).toContain("012345");
        expect(mail.text).toContain("10");
        expect(mail.html).toContain("012345");
        if (language === "cn") expect(mail.subject).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    expect(subjects.size).toBe(4);
  });
});
