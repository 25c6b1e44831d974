// SKELETON (helper A replaces): the mail port.
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(
  _options: { smtpUrl: string | undefined; from: string },
  _db: Database,
  _logger: Logger,
): Mailer {
  return {
    send: async () => {
      throw new Error("pending");
    },
  };
}
