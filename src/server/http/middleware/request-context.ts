import { ServerResponse } from "node:http";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { createProxyTrust } from "../../addresses.ts";
import type { Logger } from "../../logger.ts";
import type { AppEnv } from "../app-env.ts";
import { incomingHeader } from "../incoming-header.ts";

const INCOMING_ID = /^[A-Za-z0-9_-]{8,64}$/;
const SLOW_MS = 1000;
/** A path that carries a secret (the Telegram webhook's) is logged without it. */
const SECRET_PATH = /^(\/telegram\/webhook\/)[^/]*/;

/**
 * Gives every request an id (echoed in x-request-id), a logger (requestLog) and the client address, and logs it.
 * `trustedProxies` (TRUST_PROXY) are the reverse proxies whose X-Forwarded-For is believed; from anyone else the
 * header is ignored, so a client cannot choose its own address.
 */
export function requestContext(logger: Logger, trustedProxies: readonly string[]) {
  const trust = createProxyTrust(trustedProxies);
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = incomingHeader(c, "x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("rootLog", logger);
    const peer = peerAddress(c);
    c.set("peerIp", peer);
    c.set("viaTrustedProxy", trust.trusts(peer));
    c.set("clientIp", trust.clientAddress(peer, incomingHeader(c, "x-forwarded-for")));
    echoRequestId(c, requestId);
    const started = performance.now();
    await next();
    // Failures and slow answers are logged at info; every other request only at debug, so a busy server
    // spends its time answering rather than logging.
    const ms = Math.round(performance.now() - started);
    const status = c.res.status;
    const level = status >= 400 || ms >= SLOW_MS ? "info" : "debug";
    if (logger.isLevelEnabled(level))
      requestLog(c)[level](
        { method: c.req.method, path: c.req.path.replace(SECRET_PATH, "$1[secret]"), status, ms },
        "request",
      );
  });
}

/**
 * The request's logger: its lines carry the request's id (reqId). It is made on first use, since most requests
 * log nothing (a child logger costs more than the rest of the request's bookkeeping); `fallback` serves when the
 * request context was never set (an error before it).
 */
export function requestLog(c: Context<AppEnv>, fallback?: Logger): Logger {
  const made = c.get("log");
  if (made) return made;
  const root = c.get("rootLog") ?? fallback;
  if (!root) throw new Error("requestLog: no request context and no fallback logger");
  const log = root.child({ reqId: c.get("requestId") });
  c.set("log", log);
  return log;
}

/**
 * Puts the id on the answer. Served over Node's HTTP server, it goes straight on the socket's response, which
 * merges it with the answer's own headers: set through Hono (c.header) before the answer exists, it would make
 * every answer build a full Headers object, a cost the JSON API pays on each request. Elsewhere (app.request in
 * tests) it goes through Hono.
 */
function echoRequestId(c: Context<AppEnv>, requestId: string): void {
  const env: unknown = c.env;
  const outgoing = typeof env === "object" && env !== null && "outgoing" in env ? env.outgoing : undefined;
  if (outgoing instanceof ServerResponse && !outgoing.headersSent) outgoing.setHeader("x-request-id", requestId);
  else c.header("x-request-id", requestId);
}

/** The address of the socket's other end (never a header). */
function peerAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
