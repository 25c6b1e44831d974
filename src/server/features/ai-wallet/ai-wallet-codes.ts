import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { Mailer } from "../../providers/mail/mailer.ts";
import type { MailLanguage } from "../../providers/mail/verification-mail.ts";
import { emailCodeErrors } from "../accounts/email-code-errors.ts";
import { CODE_TTL_MINUTES, createEmailCodes, createWrongCodeWindow } from "../accounts/email-codes.ts";
import { type AiWalletMail, aiWalletCodeMail } from "./ai-wallet-mail.ts";

/**
 * The emailed codes that confirm a withdrawal (AI_WITHDRAW) or a key export (AI_EXPORT): the account's email codes
 * with the same rules as sign-up's (one live code per scene, 60 s between mails, 3 wrong codes lock for 15 minutes),
 * and one more that asking for a new code does not reset: 10 wrong codes of an account within 24 hours (withdrawal and
 * export codes together) lock both scenes for 24 hours, the right code refused too.
 */

export type AiWalletScene = "AI_WITHDRAW" | "AI_EXPORT";

/** wrong codes of an account, across its codes, that lock its AI wallet codes */
export const AI_WRONG_CODES_MAX = 10;
const AI_WRONG_CODES_WINDOW_MS = 24 * 60 * 60_000;
const AI_WRONG_CODES_LOCK_MS = 24 * 60 * 60_000;

const errors = {
  ...emailCodeErrors,
  accountLocked: () =>
    new ApiError(
      ErrorCode.VerificationLocked,
      "verifyLimitError",
      429,
      [],
      `too many wrong codes today: the AI wallet's codes are locked for up to ${AI_WRONG_CODES_LOCK_MS / 3_600_000} hours`,
      { remaining: 0 },
    ),
  wrong: (remaining: number) => emailCodeErrors.wrong("codeError", remaining, [{ field: "code", key: "codeError" }]),
};

export interface IssuedCode {
  code: string;
  codeHash: string;
}

export function createAiWalletCodes(deps: { db: Database; clock: Clock; mailer: Mailer; logger: Logger }) {
  const codes = createEmailCodes(deps.db, deps.clock);
  const wrongCodes = createWrongCodeWindow(deps.db, deps.clock, {
    scene: "AI_WRONG_CODES",
    max: AI_WRONG_CODES_MAX,
    windowMs: AI_WRONG_CODES_WINDOW_MS,
    lockMs: AI_WRONG_CODES_LOCK_MS,
  });
  const refuseLockedAccount = async (email: string) => {
    if ((await wrongCodes.state(email)).status === "locked") throw errors.accountLocked();
  };
  return {
    /** a fresh code for the scene; 2015 while locked (the scene's or the account's), 4003 within 60 s of the last */
    async issue(email: string, scene: AiWalletScene): Promise<IssuedCode> {
      await refuseLockedAccount(email);
      const issued = await codes.issue(email, scene);
      if (issued.status === "locked") throw errors.locked();
      if (issued.status === "tooSoon") throw errors.tooSoon(issued.retryAfterSeconds);
      return { code: issued.code, codeHash: issued.codeHash };
    },

    /** mails the code; a mail that cannot be sent takes the code back (503) */
    async deliver(
      email: string,
      scene: AiWalletScene,
      issued: IssuedCode,
      mail: AiWalletMail,
      language: MailLanguage,
    ): Promise<void> {
      try {
        await deps.mailer.send(
          aiWalletCodeMail({ to: email, code: issued.code, mail, language, expiresInMinutes: CODE_TTL_MINUTES }),
        );
      } catch (error) {
        deps.logger.warn({ err: error, scene }, "AI wallet: the code mail could not be sent");
        await codes.discard(email, scene, issued.codeHash);
        throw errors.mailFailed();
      }
    },

    /** takes a code back (its withdrawal was not stored) */
    discard: (email: string, scene: AiWalletScene, issued: IssuedCode) => codes.discard(email, scene, issued.codeHash),

    /**
     * Spends the code, or throws 2006 codeError (with the tries left) or 2015 (the scene locked, or the account's
     * wrong codes across codes reached the day's most: then the right code is refused too).
     */
    async spend(email: string, scene: AiWalletScene, code: string): Promise<void> {
      await refuseLockedAccount(email);
      // a try while the scene is locked is refused unread: no guess, not counted
      if (await codes.locked(email, scene)) throw errors.locked();
      const result = await codes.check(email, scene, code);
      if (result.status === "ok") return;
      // a wrong code weighed against a live code counts toward the account's lock (the one that locked it too)
      const guessed = result.status === "locked" || result.remaining > 0;
      if (guessed && (await wrongCodes.countWrong(email)).status === "locked") throw errors.accountLocked();
      if (result.status === "locked") throw errors.locked();
      throw errors.wrong(result.remaining);
    },
  };
}

export type AiWalletCodes = ReturnType<typeof createAiWalletCodes>;
