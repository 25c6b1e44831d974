// SKELETON (helper A replaces): email sign-up, sign-in and password reset.
import type { z } from "zod";
import type {
  emailLoginBodySchema,
  LoginData,
  modifyPasswordBodySchema,
  registerBodySchema,
  sendEmailCodeBodySchema,
} from "../../../contract/auth.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { HumanCheck } from "../../providers/human-check.ts";
import type { Mailer } from "../../providers/mail/mailer.ts";
import type { CaptchaService } from "./captcha.service.ts";
import type { SessionsService } from "./sessions.service.ts";
import type { UsersRepository } from "./users.repository.ts";

export interface EmailAuthDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  users: UsersRepository;
  sessions: SessionsService;
  mailer: Mailer;
  humanCheck: HumanCheck;
  captcha: CaptchaService;
}

export function createEmailAuthService(_deps: EmailAuthDeps) {
  const pending = async (): Promise<never> => {
    throw new Error("pending");
  };
  return {
    sendCode: (
      _body: z.output<typeof sendEmailCodeBodySchema>,
      _remoteIp: string,
    ): Promise<{ resendAfterSeconds: number }> => pending(),
    register: (_body: z.output<typeof registerBodySchema>): Promise<{ user_id: string }> => pending(),
    login: (_body: z.output<typeof emailLoginBodySchema>): Promise<LoginData> => pending(),
    modifyPassword: (_body: z.output<typeof modifyPasswordBodySchema>): Promise<void> => pending(),
  };
}

export type EmailAuthService = ReturnType<typeof createEmailAuthService>;
