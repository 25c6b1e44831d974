import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { ErrorCode } from "../../contract/errors.ts";
import { ApiError } from "../api-error.ts";

/** The largest JSON body of a route that names no limit of its own (routes that take uploads name theirs). */
export const DEFAULT_JSON_BODY_MAX_BYTES = 1024 * 1024;

/** The limit each request's route set, for readers of the body (jsonBody) that come after it. */
const limits = new WeakMap<Request, number>();

export function tooLarge(maxSize: number): ApiError {
  return new ApiError(ErrorCode.RequestFailed, "payloadTooLarge", 413, [], `the body is over ${maxSize} bytes`);
}

/**
 * Refuses bodies over `maxSize` bytes with 1001 payloadTooLarge (HTTP 413) before they are read whole. The
 * envelope is sent while the client may still be sending; the Node adapter then reads and discards the rest of
 * the body for a moment before closing, so the client reads the 413 instead of a reset connection.
 */
export function limitBody(maxSize: number) {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge(maxSize);
    },
  });
  return createMiddleware(async (c, next) => {
    limits.set(c.req.raw, maxSize);
    return limit(c, next);
  });
}

/** The body limit of this request's route, or the default for JSON bodies. */
export function bodyLimitOf(request: Request): number {
  return limits.get(request) ?? DEFAULT_JSON_BODY_MAX_BYTES;
}
