import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** the one-time code the mail carries, if any: logged by an outbox mailer in development (`logCodes`) */
  code?: string;
  /**
   * What the outbox keeps when SMTP delivers the mail, in place of `text`/`html`: the mail with its live secret (a
   * code that moves coins) left out. Without SMTP the outbox is where the mail is read, so it keeps the whole mail.
   */
  storedWhenDelivered?: { text: string; html?: string };
}

/** The mail port: every message lands in `mail_outbox`; with SMTP configured it is also delivered. */
export interface Mailer {
  /** where messages go: stored only ("outbox") or stored and delivered by SMTP */
  readonly transport: "outbox" | "smtp";
  /** stores the message and, with SMTP, delivers it; throws when delivery fails (the row keeps the error) */
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** log each mail's code when mail only reaches the outbox (development); never with SMTP */
  logCodes?: boolean;
}

/** SMTP waits: a code mail is sent while the user waits for the answer, so a dead server must fail fast. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Log lines name the recipient and subject only: bodies carry codes, which must never reach a production log.
 * Only an outbox mailer asked to (`logCodes`, development without SMTP) logs the code, for offline sign-up.
 */
export function createMailer(options: MailerOptions, db: Database, logger: Logger): Mailer {
  const smtp = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }, { from: options.from })
    : undefined;
  const transport = smtp ? "smtp" : "outbox";

  const store = async (message: MailMessage) => {
    const kept = smtp && message.storedWhenDelivered ? message.storedWhenDelivered : message;
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to: message.to,
        subject: message.subject,
        text: kept.text,
        html: kept.html ?? null,
        transport,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error("the mail could not be stored");
    return row.id;
  };

  return {
    transport,
    async send(message) {
      const id = await store(message);
      if (!smtp) {
        if (options.logCodes && message.code) {
          logger.info({ to: message.to, subject: message.subject, code: message.code }, "mail queued in outbox");
        } else {
          logger.info({ to: message.to, subject: message.subject }, "mail queued in outbox");
        }
        return;
      }
      try {
        await smtp.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .update(mailOutbox)
          .set({ error: reason.slice(0, 1000) })
          .where(eq(mailOutbox.id, id));
        logger.warn({ to: message.to, subject: message.subject, reason }, "mail delivery failed");
        throw new Error(`mail delivery failed: ${reason}`);
      }
      await db.update(mailOutbox).set({ deliveredAt: new Date() }).where(eq(mailOutbox.id, id));
      logger.info({ to: message.to, subject: message.subject }, "mail sent");
    },
  };
}
