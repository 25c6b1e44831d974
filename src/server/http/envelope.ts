import type { Context } from "hono";
import type { Envelope, ErrorData } from "../../contract/envelope.ts";
import { ErrorCode } from "../../contract/errors.ts";
import type { ApiError } from "../api-error.ts";

export function ok<T>(c: Context, data: T) {
  const body: Envelope<T> = { code: ErrorCode.Success, msg: "success", data };
  return c.json(body, 200);
}

export function fail(c: Context, error: ApiError) {
  const first = error.issues[0];
  const data: ErrorData = { key: error.key };
  if (first) {
    data.field = first.field;
    data.issues = error.issues;
  }
  const body: Envelope<ErrorData> = { code: error.code, msg: error.message, data };
  return c.json(body, error.status);
}
