import { isIPv6 } from "node:net";

/**
 * RFC 3986 (URI generic syntax) as EIP-4361 uses it: a message's `URI` and resources are URIs, its domain an
 * authority. The regular expressions are the RFC's ABNF (section 3 and Appendix A) term for term; IP addresses
 * are checked by Node's own parser.
 */

const unreserved = "A-Za-z0-9\\-._~";
const subDelims = "!$&'()*+,;=";
const pct = "%[0-9A-Fa-f]{2}";
const pchar = `(?:[${unreserved}${subDelims}:@]|${pct})`;
const segment = `${pchar}*`;
const segmentNz = `${pchar}+`;
const userinfo = `(?:[${unreserved}${subDelims}:]|${pct})*`;
const regName = `(?:[${unreserved}${subDelims}]|${pct})*`;
/** IP-literal's contents are checked by isIPv6 / the IPvFuture rule after the match */
const ipLiteral = "\\[[0-9A-Za-z.:\\-_~!$&'()*+,;=]+\\]";
const host = `(?:${ipLiteral}|${regName})`;
const authority = `(?:(?<userinfo>${userinfo})@)?(?<host>${host})(?::(?<port>\\d*))?`;
const scheme = "[A-Za-z][A-Za-z0-9+\\-.]*";
const pathAbempty = `(?:/${segment})*`;
const pathAbsolute = `/(?:${segmentNz}(?:/${segment})*)?`;
const pathRootless = `${segmentNz}(?:/${segment})*`;
const query = `(?:${pchar}|[/?])*`;

const uriPattern = new RegExp(
  `^${scheme}:(?://${authority}${pathAbempty}|${pathAbsolute}|${pathRootless}|)(?:\\?${query})?(?:#${query})?$`,
);
const authorityPattern = new RegExp(`^${authority}$`);
const ipvFuture = /^v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;

export const schemePattern = new RegExp(`^${scheme}$`);
/** `*pchar`: EIP-4361's request-id */
export const pcharsPattern = new RegExp(`^${segment}$`);

export interface Authority {
  userinfo: string | undefined;
  /** as written; an IP literal keeps its brackets */
  host: string;
  port: number | undefined;
}

function hostIsValid(value: string): boolean {
  if (!value.startsWith("[")) return true; // IPv4address is a reg-name too
  const inner = value.slice(1, -1);
  return isIPv6(inner) || ipvFuture.test(inner);
}

/** An RFC 3986 authority with a non-empty host and a port that fits 16 bits, else undefined. */
export function parseAuthority(value: string): Authority | undefined {
  const groups = authorityPattern.exec(value)?.groups;
  const hostPart = groups?.host;
  if (!groups || !hostPart || !hostIsValid(hostPart)) return undefined;
  const port = groups.port === undefined || groups.port === "" ? undefined : Number(groups.port);
  if (port !== undefined && port > 65_535) return undefined;
  return { userinfo: groups.userinfo, host: hostPart, port };
}

/** An absolute RFC 3986 URI (scheme, then the hierarchical part, query and fragment). */
export function isUri(value: string): boolean {
  const match = uriPattern.exec(value);
  if (!match) return false;
  const hostPart = match.groups?.host;
  return hostPart === undefined || hostIsValid(hostPart);
}
