import { Limits } from "../../../contract/constants.ts";
import type { FieldIssue } from "../../../contract/envelope.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";

/** The errors of emailed codes, the same wherever a code is asked for or spent (sign-up, password reset, AI wallet). */
export const emailCodeErrors = {
  /** 2015: the scene's wrong codes locked it */
  locked: () =>
    new ApiError(
      ErrorCode.VerificationLocked,
      "verifyLimitError",
      429,
      [],
      `too many wrong codes: try again in up to ${Limits.wrongCodeLockMinutes} minutes`,
      { remaining: 0 },
    ),
  /** 2006 under the message key, with the tries left (0: no live code) */
  wrong: (key: "codeError" | "codeError2", remaining: number, fields: FieldIssue[] = []) =>
    new ApiError(
      ErrorCode.WrongVerificationCode,
      key,
      400,
      fields,
      remaining > 0
        ? `wrong verification code: ${remaining} ${remaining === 1 ? "try" : "tries"} left`
        : "no live verification code: ask for a new one",
      { remaining },
    ),
  /** 4003: within the wait between two codes */
  tooSoon: (seconds: number) =>
    new ApiError(ErrorCode.TooManyRequests, "tooFrequent", 429, [], `wait ${seconds} s before asking for another code`),
  /** 503: the code mail could not be sent */
  mailFailed: () => new ApiError(ErrorCode.RequestFailed, "Serverbusy", 503, [], "the code mail could not be sent"),
};
