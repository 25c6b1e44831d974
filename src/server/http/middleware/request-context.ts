import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";
import { createProxyTrust } from "../../addresses.ts";
import type { Logger } from "../../logger.ts";
import type { AppEnv } from "../app-env.ts";

const INCOMING_ID = /^[A-Za-z0-9_-]{8,64}$/;
const SLOW_MS = 1000;
/** A path that carries a secret (the Telegram webhook's) is logged without it. */
const SECRET_PATH = /^(\/telegram\/webhook\/)[^/]*/;

/**
 * Gives every request an id (echoed in x-request-id), a child logger and the client address, and logs it.
 * `trustedProxies` (TRUST_PROXY) are the reverse proxies whose X-Forwarded-For is believed; from anyone else the
 * header is ignored, so a client cannot choose its own address.
 */
export function requestContext(logger: Logger, trustedProxies: readonly string[]) {
  const trust = createProxyTrust(trustedProxies);
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    const peer = peerAddress(c);
    c.set("peerIp", peer);
    c.set("viaTrustedProxy", trust.trusts(peer));
    c.set("clientIp", trust.clientAddress(peer, c.req.header("x-forwarded-for")));
    c.header("x-request-id", requestId);
    const started = performance.now();
    await next();
    // Failures and slow answers are logged at info; every other request only at debug, so a busy server
    // spends its time answering rather than logging.
    const ms = Math.round(performance.now() - started);
    const status = c.res.status;
    const level = status >= 400 || ms >= SLOW_MS ? "info" : "debug";
    if (log.isLevelEnabled(level))
      log[level]({ method: c.req.method, path: c.req.path.replace(SECRET_PATH, "$1[secret]"), status, ms }, "request");
  });
}

/** The address of the socket's other end (never a header). */
function peerAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
