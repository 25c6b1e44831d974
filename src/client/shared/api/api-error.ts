import type { FieldIssue } from "../../../contract/envelope.ts";
import type { MessageKey } from "../../../contract/message-keys.ts";

export interface ApiErrorInit {
  code: number;
  key: MessageKey;
  msg: string;
  field?: string;
  issues?: FieldIssue[];
  /** tries left before a lock, when the server says (2006 in password reset, 2015) */
  remaining?: number;
}

/** A failed call: an envelope with code != 200, or a transport failure mapped to 1001 (Serverbusy). */
export class ApiError extends Error {
  readonly code: number;
  /** message key the UI translates */
  readonly key: MessageKey;
  /** the server's own text, for logs; never shown as is */
  readonly msg: string;
  readonly field: string | undefined;
  readonly issues: readonly FieldIssue[];
  readonly remaining: number | undefined;

  constructor(init: ApiErrorInit) {
    super(`${init.code} ${init.key}: ${init.msg}`);
    this.name = "ApiError";
    this.code = init.code;
    this.key = init.key;
    this.msg = init.msg;
    this.field = init.field;
    this.issues = init.issues ?? [];
    this.remaining = init.remaining;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
