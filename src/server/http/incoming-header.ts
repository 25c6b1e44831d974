import { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * A request header, read from Node's parsed request when the app is served over Node's HTTP server: asking Hono's
 * request for one header makes it build a full Headers object of them all, a cost every API call would pay in its
 * guards (device number, token, request id, forwarded address). Elsewhere (app.request in tests) Hono reads it.
 * Names are lower case; a repeated header comes back as Node joins it.
 */
export function incomingHeader(c: Context, name: string): string | undefined {
  const env: unknown = c.env;
  const incoming = typeof env === "object" && env !== null && "incoming" in env ? env.incoming : undefined;
  if (incoming instanceof IncomingMessage) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  }
  return c.req.header(name);
}
