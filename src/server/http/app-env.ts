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
  };
}
