import type { Context } from "hono";
import type { Envelope, ErrorData } from "../../contract/envelope.ts";
import { ErrorCode } from "../../contract/errors.ts";
import type { ApiError } from "../api-error.ts";

export function ok<T>(c: Context, data: T) {
  const body: Envelope<T> = { code: ErrorCode.Success, msg: "success", data };
  return c.json(body, 200);
}

/**
 * For answers that never change while the server runs: the envelope is serialised once and each request
 * sends the same text.
 */
export function staticOk<T>(data: T) {
  const body = JSON.stringify({ code: ErrorCode.Success, msg: "success", data } satisfies Envelope<T>);
  return (c: Context) => c.body(body, 200, { "content-type": "application/json; charset=UTF-8" });
}

export function fail(c: Context, error: ApiError) {
  const first = error.issues[0];
  const data: ErrorData = { key: error.key, ...error.extra };
  if (first) {
    data.field = first.field;
    data.issues = error.issues;
  }
  const body: Envelope<ErrorData> = { code: error.code, msg: error.message, data };
  return c.json(body, error.status);
}
