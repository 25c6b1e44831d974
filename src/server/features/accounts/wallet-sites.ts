import { ErrorCode } from "../../../contract/errors.ts";
import { isLoopbackAddress, isLoopbackHost } from "../../addresses.ts";
import { ApiError } from "../../api-error.ts";
import { parseAuthority } from "./rfc3986.ts";

/**
 * The sites wallet sign-in is bound to. A Sign-In with Ethereum message names its site (domain and URI), a TON
 * Connect proof names the manifest's host, and a wallet shows and signs that name: so the names this server
 * accepts are configuration, never the request's Host header, or a signature made for one site could be
 * relayed to another. Accepted:
 *
 * - `PUBLIC_URL` (scheme, host and port), when set;
 * - `http://localhost`, `http://127.0.0.1` and `http://[::1]` on the port the request came in on (and, in
 *   development, the Vite dev server's port), for requests that came in over loopback, when the server listens
 *   on loopback or runs in development: only this machine can make such a request.
 */

/** The Vite dev server's port (vite.config.ts `server.port`): in development the browser's page is there. */
export const DEV_CLIENT_PORT = 5173;

/** How a request reached the server: its Host header and the socket's local end. */
export interface RequestConnection {
  /** the Host header as sent */
  host: string | undefined;
  /** the socket's local address and port (where the server accepted it); undefined without a socket */
  localAddress: string | undefined;
  localPort: number | undefined;
}

export interface WalletSite {
  /** host[:port] as the site is named (lower case, without a default port) */
  authority: string;
  /** scheme://authority */
  origin: string;
}

export interface WalletSitesOptions {
  env: "development" | "production" | "test";
  /** the address the server listens on (HOST) */
  listenHost: string;
  publicUrl: string | undefined;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);
const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/** The authority without userinfo, in lower case, with `port` the port it names (the scheme's default when none). */
function normalise(authority: string, defaultPort: number): { name: string; host: string; port: number } | undefined {
  const parsed = parseAuthority(authority.trim());
  if (!parsed || parsed.userinfo !== undefined) return undefined;
  const host = parsed.host.toLowerCase();
  const port = parsed.port ?? defaultPort;
  return { name: `${host}:${port}`, host, port };
}

/** 1001 unknownHost naming the `host` field: wallet sign-in is bound to configured sites, not to any Host sent. */
export function unknownHost(host: string | undefined): ApiError {
  const shown = JSON.stringify((host ?? "").slice(0, 100));
  return new ApiError(
    ErrorCode.RequestFailed,
    "unknownHost",
    400,
    [{ field: "host", key: "unknownHost" }],
    `wallet sign-in is not served for the host ${shown}: PUBLIC_URL names the address users open`,
  );
}

export function createWalletSites(options: WalletSitesOptions) {
  const configured = options.publicUrl ? new URL(options.publicUrl) : undefined;
  const configuredSite: WalletSite | undefined = configured && {
    authority: configured.host.toLowerCase(),
    origin: configured.origin,
  };
  const configuredPort = configured ? Number(configured.port || DEFAULT_PORTS[configured.protocol]) : undefined;
  const configuredName = configured && `${configured.hostname.toLowerCase()}:${configuredPort}`;
  const loopbackAllowed = options.env === "development" || isLoopbackHost(options.listenHost);

  /** `authority` as a loopback site of this connection, else undefined. */
  function loopbackSite(authority: string, connection: RequestConnection): WalletSite | undefined {
    if (!loopbackAllowed) return undefined;
    if (connection.localAddress === undefined || !isLoopbackAddress(connection.localAddress)) return undefined;
    const named = normalise(authority, 80);
    if (!named || !LOOPBACK_NAMES.has(named.host)) return undefined;
    const ports = [connection.localPort, options.env === "development" ? DEV_CLIENT_PORT : undefined];
    if (!ports.includes(named.port)) return undefined;
    const written = named.port === 80 ? named.host : `${named.host}:${named.port}`;
    return { authority: written, origin: `http://${written}` };
  }

  /** `authority` as a site this server serves to this connection, else undefined. */
  function site(authority: string, connection: RequestConnection): WalletSite | undefined {
    if (configuredSite && normalise(authority, configuredPort ?? 443)?.name === configuredName) return configuredSite;
    return loopbackSite(authority, connection);
  }

  return {
    site,
    loopbackSite,
    /** The site the request's Host names, or 1001 unknownHost: nothing is handed out for a host not served. */
    requestSite(connection: RequestConnection): WalletSite {
      const named = connection.host === undefined ? undefined : site(connection.host, connection);
      if (!named) throw unknownHost(connection.host);
      return named;
    },
    /** The origin wallets are shown (TON Connect manifest): PUBLIC_URL's, else the request's own site. */
    publicOrigin(requestSite: WalletSite): string {
      return configuredSite?.origin ?? requestSite.origin;
    },
  };
}

export type WalletSites = ReturnType<typeof createWalletSites>;
