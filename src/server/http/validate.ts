import type { Context } from "hono";
import type { z } from "zod";
import type { FieldIssue } from "../../contract/envelope.ts";
import { ErrorCode } from "../../contract/errors.ts";
import { isMessageKey } from "../../contract/message-keys.ts";
import { ApiError } from "../api-error.ts";
import { JSON_MAX_DEPTH, readJson } from "../json-text.ts";
import { bodyLimitOf, readBody } from "./body-limit.ts";
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

/**
 * The raw bytes of a JSON body, for a route that reads it elsewhere (uploads are read in worker threads): the
 * content type must be JSON and the body within the route's limit (DEFAULT_JSON_BODY_MAX_BYTES where the route
 * sets none), else 1001 malformedBody (415) or payloadTooLarge (413).
 */
export async function jsonBytes(c: Context): Promise<Uint8Array> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new ApiError(ErrorCode.RequestFailed, "malformedBody", 415, [], "expected an application/json body");
  }
  return readBody(c, bodyLimitOf(c.req.raw));
}

/**
 * Reads a JSON body and validates it: a body that is not JSON, or nests deeper than JSON_MAX_DEPTH levels, is
 * 1001 malformedBody (the depth is checked on the raw text before it is parsed, so a body of a million brackets
 * costs a scan, not a parse).
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const read = readJson(await jsonBytes(c), JSON_MAX_DEPTH);
  if (!read.ok) {
    const message =
      read.reason === "tooDeep" ? `the body nests deeper than ${JSON_MAX_DEPTH} levels` : "the body is not valid JSON";
    throw new ApiError(
      ErrorCode.RequestFailed,
      "malformedBody",
      400,
      [{ field: "body", key: "malformedBody" }],
      message,
    );
  }
  return parseWith(schema, read.value);
}

export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

/** The path parameters of a public file (image) route: a name its schema refuses is no such file, 404. */
export function fileParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const params: unknown = c.req.param();
  const result = firstUnstorableText(params) ? undefined : schema.safeParse(params);
  if (!result?.success) throw new ApiError(ErrorCode.RequestFailed, "notFound", 404, [], "no such file");
  return result.data;
}
