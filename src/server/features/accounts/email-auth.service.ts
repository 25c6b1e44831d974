import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type {
  EmailScene,
  emailLoginBodySchema,
  LoginData,
  modifyPasswordBodySchema,
  registerBodySchema,
  sendEmailCodeBodySchema,
} from "../../../contract/auth.ts";
import { Limits } from "../../../contract/constants.ts";
import type { FieldIssue } from "../../../contract/envelope.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import { sessions as sessionsTable } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { HumanCheck } from "../../providers/human-check.ts";
import type { Mailer } from "../../providers/mail/mailer.ts";
import { verificationCodeMail } from "../../providers/mail/verification-mail.ts";
import type { AccountHooks } from "./account-hooks.ts";
import type { CaptchaService } from "./captcha.service.ts";
import { emailCodeErrors } from "./email-code-errors.ts";
import { CODE_TTL_MINUTES, createEmailCodes } from "./email-codes.ts";
import { hashPassword, passwordMatches, spendPasswordCheck, usernameFromEmail } from "./email-passwords.ts";
import { createPasswordLockout } from "./password-lockout.ts";
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
  /** the invitation rewards, told of each new account */
  accountHooks?: Pick<AccountHooks, "accountCreated">;
}

const errors = {
  humanCheckFailed: () =>
    new ApiError(
      ErrorCode.RequestFailed,
      "humanCheckFailed",
      400,
      [{ field: "token", key: "humanCheckFailed" }],
      "token: the human check failed, expired or was already used",
    ),
  captchaMissing: (issues: FieldIssue[]) =>
    ApiError.invalid(issues, `invalid request: ${issues.map((issue) => `${issue.field}: required`).join("; ")}`),
  captchaWrong: () =>
    new ApiError(
      ErrorCode.RequestFailed,
      "captchaError",
      400,
      [{ field: "captchaCode", key: "captchaError" }],
      "captchaCode: the image code is wrong, expired or was already used",
    ),
  accountNotFound: () => new ApiError(ErrorCode.AccountNotFound, "accountError", 404, [], "no account has this email"),
  incorrectLogin: () => new ApiError(ErrorCode.IncorrectLogin, "incorrectLogin", 401, [], "wrong email or password"),
  emailRegistered: () =>
    new ApiError(ErrorCode.EmailRegistered, "emailRegistered", 409, [], "this email is already registered"),
  locked: emailCodeErrors.locked,
  wrongCode: emailCodeErrors.wrong,
  signInLocked: () =>
    new ApiError(
      ErrorCode.TooManyRequests,
      "signInLocked",
      429,
      [],
      `too many failed sign-ins for this email: try again in up to ${Limits.wrongPasswordLockMinutes} minutes`,
    ),
  tooSoon: emailCodeErrors.tooSoon,
  mailFailed: emailCodeErrors.mailFailed,
};

/**
 * Email accounts: codes for sign-up and password reset, sign-up, sign-in by password, password reset.
 * Codes, passwords and tokens never reach a log.
 */
export function createEmailAuthService(deps: EmailAuthDeps) {
  const { db, clock, users, sessions, mailer, humanCheck, captcha } = deps;
  const codes = createEmailCodes(db, clock);
  const lockout = createPasswordLockout(db, clock);

  /** Spends the code or throws 2006 (with the tries left) or 2015 (locked). */
  const spendCode = async (email: string, scene: EmailScene, code: string, wrongKey: "codeError" | "codeError2") => {
    const result = await codes.check(email, scene, code);
    if (result.status === "locked") throw errors.locked();
    if (result.status === "wrong") throw errors.wrongCode(wrongKey, result.remaining);
  };

  return {
    /**
     * Human check first (and for sign-up the image captcha), then the account rule of the scene, then the
     * lock and the 60 s rule, then the mail. A mail that cannot be sent takes its code back.
     */
    async sendCode(
      body: z.output<typeof sendEmailCodeBodySchema>,
      remoteIp: string,
    ): Promise<{ resendAfterSeconds: number }> {
      const { email, scene } = body;
      const needsCaptcha = scene === "REGISTER";
      if (needsCaptcha) {
        const missing: FieldIssue[] = [];
        if (!body.captchaCode) missing.push({ field: "captchaCode", key: "required" });
        if (!body.captchaId) missing.push({ field: "captchaId", key: "required" });
        if (missing.length > 0) throw errors.captchaMissing(missing);
      }
      if (!(await humanCheck.verify(body.token, remoteIp))) throw errors.humanCheckFailed();
      if (needsCaptcha && !(await captcha.verify(body.captchaId ?? "", body.captchaCode ?? ""))) {
        throw errors.captchaWrong();
      }

      const user = await users.findByEmail(email);
      if (scene === "REGISTER" && user) throw errors.emailRegistered();
      if (scene === "FORGET_PASSWORD" && !user) throw errors.accountNotFound();

      const issued = await codes.issue(email, scene);
      if (issued.status === "locked") throw errors.locked();
      if (issued.status === "tooSoon") throw errors.tooSoon(issued.retryAfterSeconds);
      const mail = verificationCodeMail({
        to: email,
        code: issued.code,
        scene,
        language: body.language,
        expiresInMinutes: CODE_TTL_MINUTES,
      });
      try {
        await mailer.send(mail);
      } catch {
        await codes.discard(email, scene, issued.codeHash);
        throw errors.mailFailed();
      }
      return { resendAfterSeconds: Limits.resendSeconds };
    },

    /** Spends the sign-up code, then creates the account (argon2id password, name from the address). */
    async register(body: z.output<typeof registerBodySchema>): Promise<{ user_id: string }> {
      await spendCode(body.email, "REGISTER", body.verifyCode, "codeError");
      const user = await users.create({
        email: body.email,
        passwordHash: await hashPassword(body.password),
        username: usernameFromEmail(body.email),
        inviterCode: body.inviter ? body.inviter : undefined,
      });
      if (!user) throw errors.emailRegistered();
      deps.logger.info({ userId: user.id }, "email account created");
      await deps.accountHooks?.accountCreated(user);
      return { user_id: String(user.id) };
    },

    /**
     * 2001 for an unknown address, 2002 for a wrong password or an account without one; both take as long.
     * Either counts towards the address's lockout (4003 while locked, whatever the password, known or not).
     */
    async login(body: z.output<typeof emailLoginBodySchema>): Promise<LoginData> {
      const attempt = await lockout.begin(body.email);
      if (!attempt.allowed) throw errors.signInLocked();
      const user = await users.findByEmail(body.email);
      if (!user?.passwordHash) {
        await spendPasswordCheck(body.password);
        await lockout.failed(body.email);
        throw user ? errors.incorrectLogin() : errors.accountNotFound();
      }
      if (!(await passwordMatches(user.passwordHash, body.password))) {
        await lockout.failed(body.email);
        throw errors.incorrectLogin();
      }
      await lockout.succeeded(body.email);
      return sessions.signIn(user, "email");
    },

    /**
     * Spends the reset code, sets the new password and signs the account out everywhere: a reset is what
     * someone does when the old password may be known to others. Proof of the mailbox also lifts the
     * address's sign-in lockout.
     */
    async modifyPassword(body: z.output<typeof modifyPasswordBodySchema>): Promise<void> {
      await spendCode(body.email, "FORGET_PASSWORD", body.verifyCode, "codeError2");
      const user = await users.findByEmail(body.email);
      if (!user) throw errors.accountNotFound();
      await users.update(user.id, { passwordHash: await hashPassword(body.password) });
      await db
        .update(sessionsTable)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessionsTable.userId, user.id), isNull(sessionsTable.revokedAt)));
      await lockout.clear(body.email);
      deps.logger.info({ userId: user.id }, "password reset; sessions revoked");
    },
  };
}

export type EmailAuthService = ReturnType<typeof createEmailAuthService>;
