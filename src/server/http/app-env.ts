import type { SessionUser } from "../features/accounts/sessions.service.ts";
import type { Logger } from "../logger.ts";

/** Per-request values the middleware puts on the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** the server's logger; requestLog(c) gives the request's own (with its id) */
    rootLog: Logger;
    /** the request's logger once requestLog made it */
    log: Logger | undefined;
    deviceNo: string;
    /** the bearer token as sent; accounts validate it */
    token: string | undefined;
    /** the client's address: the socket's peer, or what a trusted proxy forwarded */
    clientIp: string;
    /** the socket's peer itself */
    peerIp: string;
    /** the peer is one of TRUST_PROXY's proxies, so its x-forwarded-* headers may be believed */
    viaTrustedProxy: boolean;
    /** the live session of the bearer token; undefined for visitors */
    session: SessionUser | undefined;
  };
}
