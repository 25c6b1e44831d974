import type { SessionUser } from "../features/accounts/sessions.service.ts";
import type { Logger } from "../logger.ts";

/** Per-request values the middleware puts on the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    deviceNo: string;
    /** the bearer token as sent; accounts validate it */
    token: string | undefined;
    clientIp: string;
    /** the live session of the bearer token; undefined for visitors */
    session: SessionUser | undefined;
  };
}
