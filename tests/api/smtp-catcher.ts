// A loopback SMTP server for tests: it keeps the mails the server's mailer delivers, and reads the code in one.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** The six-digit code of a code mail's text. */
export function codeIn(text: string | undefined): string {
  const code = text?.match(/(?:^|\n)(\d{6})\r?\n/)?.[1];
  if (!code) throw new Error("no code in the mail");
  return code;
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

/** `refuses`: the recipients it refuses ("mailbox unavailable"), as a mail server refuses an unknown mailbox. */
export async function startSmtpCatcher(options: { refuses?: (address: string) => boolean } = {}): Promise<SmtpCatcher> {
  const received: ReceivedMail[] = [];
  const { refuses } = options;
  const smtp = new SMTPServer({
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuses?.(address.address)) callback(new Error("mailbox unavailable"));
      else callback();
    },
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
