import type { Context } from "hono";
import type { z } from "zod";
import type { FieldIssue } from "../../contract/envelope.ts";
import { ErrorCode } from "../../contract/errors.ts";
import { isMessageKey } from "../../contract/message-keys.ts";
import { ApiError } from "../api-error.ts";
import { firstUnstorableText } from "./text-input.ts";

function toIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join(".") : "body",
    key: isMessageKey(issue.message) ? issue.message : "invalidValue",
  }));
}

/**
 * Validates a request's input (body, query, parameters) with its schema. Every string in it, keys included, must
 * first be storable text (no NUL, no lone surrogate): otherwise 1001 invalidValue naming the field, never a
 * database error.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const unstorable = firstUnstorableText(value);
  if (unstorable) {
    const field = unstorable.length > 0 ? unstorable.join(".") : "body";
    throw ApiError.invalid([{ field, key: "invalidValue" }], `invalid request: ${field}: not valid text`);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = toIssues(result.error);
    const summary = issues.map((issue) => `${issue.field}: ${issue.key}`).join("; ");
    throw ApiError.invalid(issues, `invalid request: ${summary}`);
  }
  return result.data;
}

/** Reads a JSON body and validates it; a body that is not JSON is 1001 malformedBody. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new ApiError(ErrorCode.RequestFailed, "malformedBody", 415, [], "expected an application/json body");
  }
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(ErrorCode.RequestFailed, "malformedBody", 400, [], "the body is not valid JSON");
  }
  return parseWith(schema, raw);
}

export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}
