import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorData, FieldIssue } from "../contract/envelope.ts";
import { ErrorCode, type ErrorCodeValue } from "../contract/errors.ts";
import type { MessageKey } from "../contract/message-keys.ts";

/** A failure the client is told about: an envelope code, a message key, and the HTTP status it travels with. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly code: ErrorCodeValue,
    readonly key: MessageKey,
    readonly status: ContentfulStatusCode = 400,
    readonly issues: FieldIssue[] = [],
    message: string = key,
    /** extra fields of the error's data, e.g. `remaining` tries */
    readonly extra: Pick<ErrorData, "remaining" | "shortfall" | "price" | "balance"> = {},
  ) {
    super(message);
  }

  static invalid(issues: FieldIssue[], message: string): ApiError {
    const first = issues[0];
    return new ApiError(ErrorCode.RequestFailed, first?.key ?? "invalidValue", 400, issues, message);
  }
}
