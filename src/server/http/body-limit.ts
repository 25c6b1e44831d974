import { IncomingMessage } from "node:http";
import type { Context } from "hono";
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

/** The body's declared length, when it has one and is not sent in chunks. */
function declaredLength(c: Context): number | undefined {
  const length = c.req.header("content-length");
  if (length === undefined || c.req.header("transfer-encoding") !== undefined) return undefined;
  const bytes = Number(length);
  return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : undefined;
}

/**
 * Refuses bodies over `maxSize` bytes with 1001 payloadTooLarge (HTTP 413). A body with a Content-Length is judged
 * by it and left unread for the route (see readBody); a chunked one is counted as it arrives (on Node read here,
 * up to the limit). Either way an oversized body (up to DRAIN_MAX_BYTES) is read and dropped before the envelope
 * goes, so the client has finished sending and reads the 413 instead of a reset connection.
 */
export function limitBody(maxSize: number) {
  const chunked = bodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge(maxSize);
    },
  });
  return createMiddleware(async (c, next) => {
    limits.set(c.req.raw, maxSize);
    const length = declaredLength(c);
    if (length === undefined) {
      const incoming = unreadNodeRequest(c);
      if (!incoming) return chunked(c, next);
      const body = await readChunked(incoming, maxSize);
      if (body === undefined) throw tooLarge(maxSize);
      c.req.raw = new Request(c.req.raw, { body });
      return next();
    }
    if (length > maxSize) {
      // a body of a size worth waiting for is read and dropped first, so the client has finished sending and
      // reads the answer instead of a connection reset; a larger one is answered at once
      if (length <= DRAIN_MAX_BYTES) await drain(c);
      throw tooLarge(maxSize);
    }
    await next();
  });
}

/** Oversized bodies up to this size are read and dropped before the 413 is sent. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;

/** Reads and drops the rest of an unread body (bounded in time), so the answer is not sent mid-upload. */
async function drain(c: Context): Promise<void> {
  const incoming = unreadNodeRequest(c);
  if (!incoming) return;
  const timer = setTimeout(() => incoming.destroy(), DRAIN_MAX_MS);
  try {
    for await (const _chunk of incoming) {
      // dropped
    }
  } catch {
    // a client that went away leaves nothing to answer
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a body sent in chunks (no Content-Length), at most `maxSize` bytes; undefined when it is over. The rest of
 * an oversized body is read and dropped (bounded like drain) so the client has finished sending when the 413 goes.
 */
async function readChunked(incoming: IncomingMessage, maxSize: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const kept: Buffer[] = [];
  let size = 0;
  const timer = setTimeout(() => incoming.destroy(), DRAIN_MAX_MS);
  try {
    for await (const chunk of incoming) {
      const bytes: Buffer = chunk;
      size += bytes.byteLength;
      if (size <= maxSize) kept.push(bytes);
      else if (size > DRAIN_MAX_BYTES) break; // not worth waiting for: answered at once
    }
  } catch {
    // a client that went away reads no answer
    return undefined;
  } finally {
    clearTimeout(timer);
  }
  if (size > maxSize) return undefined;
  const body = new Uint8Array(size);
  let at = 0;
  for (const bytes of kept) {
    body.set(bytes, at);
    at += bytes.byteLength;
  }
  return body;
}

/** The body limit of this request's route, or the default for JSON bodies. */
export function bodyLimitOf(request: Request): number {
  return limits.get(request) ?? DEFAULT_JSON_BODY_MAX_BYTES;
}

/** The Node request under a Hono context, when the app runs on @hono/node-server and its body is unread. */
function unreadNodeRequest(c: Context): IncomingMessage | undefined {
  const env: unknown = c.env;
  if (typeof env !== "object" || env === null || !("incoming" in env)) return undefined;
  const incoming = env.incoming;
  return incoming instanceof IncomingMessage && !incoming.readableDidRead ? incoming : undefined;
}

/**
 * The request's body as bytes, at most `maxBytes` (else 1001 payloadTooLarge). A body with a Content-Length is
 * read from the socket straight into one buffer of that size: the web-stream path would copy a 27 MB upload
 * twice in single blocks of the event loop (about 100 ms each on a loaded machine).
 */
export async function readBody(c: Context, maxBytes: number): Promise<Uint8Array> {
  const length = declaredLength(c);
  if (length !== undefined && length > maxBytes) throw tooLarge(maxBytes);
  const incoming = length === undefined ? undefined : unreadNodeRequest(c);
  if (length === undefined || !incoming) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
    return bytes;
  }
  const body = new Uint8Array(length);
  let received = 0;
  for await (const chunk of incoming) {
    const bytes: Uint8Array = chunk;
    // the HTTP parser never gives more than Content-Length; checked anyway so a mistake cannot overrun
    if (received + bytes.byteLength > length) throw tooLarge(maxBytes);
    body.set(bytes, received);
    received += bytes.byteLength;
  }
  return received === length ? body : body.subarray(0, received);
}
