import type { Context } from "hono";
import type { RequestConnection } from "../features/accounts/wallet-sites.ts";

interface SocketLike {
  localAddress?: unknown;
  localPort?: unknown;
}

/** The socket @hono/node-server hands over as `c.env.incoming.socket`; undefined elsewhere (app.request in tests). */
function socketOf(c: Context): SocketLike | undefined {
  const env: unknown = c.env;
  if (typeof env !== "object" || env === null || !("incoming" in env)) return undefined;
  const incoming: unknown = env.incoming;
  if (typeof incoming !== "object" || incoming === null || !("socket" in incoming)) return undefined;
  const socket: unknown = incoming.socket;
  return typeof socket === "object" && socket !== null ? (socket as SocketLike) : undefined;
}

/** The request's Host header and where the server accepted its connection (never a forwarded header). */
export function requestConnection(c: Context): RequestConnection {
  const socket = socketOf(c);
  return {
    host: c.req.header("host"),
    localAddress: typeof socket?.localAddress === "string" ? socket.localAddress : undefined,
    localPort: typeof socket?.localPort === "number" ? socket.localPort : undefined,
  };
}
