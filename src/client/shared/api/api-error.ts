import type { FieldIssue } from "../../../contract/envelope.ts";
import type { MessageKey } from "../../../contract/message-keys.ts";

export interface ApiErrorInit {
  code: number;
  key: MessageKey;
  msg: string;
  field?: string;
  issues?: FieldIssue[];
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

  constructor(init: ApiErrorInit) {
    super(`${init.code} ${init.key}: ${init.msg}`);
    this.name = "ApiError";
    this.code = init.code;
    this.key = init.key;
    this.msg = init.msg;
    this.field = init.field;
    this.issues = init.issues ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
