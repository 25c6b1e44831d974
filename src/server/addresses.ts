import { BlockList, isIP } from "node:net";

/**
 * Network addresses as the server reasons about them: loopback listeners and peers, trusted reverse proxies, and
 * the address bucket a client is counted under. Uses Node's own address parsing (net.isIP, net.BlockList).
 */

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An address as written by a socket or a header, without brackets, zone or the IPv4-in-IPv6 wrapping. */
export function normalizeAddress(address: string): string {
  let value = address.trim();
  if (value.startsWith("[") && value.endsWith("]")) value = value.slice(1, -1);
  const zone = value.indexOf("%");
  if (zone >= 0) value = value.slice(0, zone);
  const mapped = MAPPED_V4.exec(value);
  return (mapped?.[1] ?? value).toLowerCase();
}

function family(address: string): "ipv4" | "ipv6" | undefined {
  const kind = isIP(address);
  return kind === 4 ? "ipv4" : kind === 6 ? "ipv6" : undefined;
}

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** 127.0.0.0/8 and ::1 (also in their IPv4-in-IPv6 form). */
export function isLoopbackAddress(address: string): boolean {
  const value = normalizeAddress(address);
  const kind = family(value);
  return kind !== undefined && loopback.check(value, kind);
}

/** A listen host that only this machine can reach: a loopback address or `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const value = host.trim().toLowerCase();
  return value === "localhost" || value.endsWith(".localhost") || isLoopbackAddress(value);
}

/**
 * Parses a comma-separated list of addresses and CIDR ranges (`127.0.0.1,10.0.0.0/8,fd00::/8`) into its
 * normalised entries, or says what is wrong with it.
 */
export function parseProxyList(value: string): string[] | string {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return "no address given";
  for (const entry of entries) {
    const [address = "", prefix, extra] = entry.split("/");
    const kind = family(normalizeAddress(address));
    if (!kind || extra !== undefined) return `not an address or CIDR range: ${entry}`;
    if (prefix !== undefined) {
      const bits = Number(prefix);
      const max = kind === "ipv4" ? 32 : 128;
      if (!/^\d{1,3}$/.test(prefix) || bits > max) return `not an address or CIDR range: ${entry}`;
    }
  }
  return entries;
}

/** Who among the hops of a request is a trusted reverse proxy. */
export interface ProxyTrust {
  trusts(address: string): boolean;
  /**
   * The client's address: the socket's peer, unless that peer is a trusted proxy; then the X-Forwarded-For hops
   * are walked from the nearest back, and the first one that is not a trusted proxy is the client.
   */
  clientAddress(peer: string, forwardedFor: string | undefined): string;
}

export function createProxyTrust(entries: readonly string[]): ProxyTrust {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const value = normalizeAddress(address);
    const kind = family(value);
    if (!kind) continue;
    if (prefix === undefined) list.addAddress(value, kind);
    else list.addSubnet(value, Number(prefix), kind);
  }
  const trusts = (address: string) => {
    if (entries.length === 0) return false;
    const value = normalizeAddress(address);
    const kind = family(value);
    return kind !== undefined && list.check(value, kind);
  };
  return {
    trusts,
    clientAddress(peer, forwardedFor) {
      let client = normalizeAddress(peer);
      if (!trusts(client) || !forwardedFor) return client;
      const hops = forwardedFor
        .split(",")
        .map((hop) => normalizeAddress(hop))
        .filter(Boolean);
      for (let index = hops.length - 1; index >= 0; index--) {
        const hop = hops[index] as string;
        // a hop that is not an address ends the walk: nothing a client wrote can be believed past it
        if (!family(hop)) return client;
        client = hop;
        if (!trusts(hop)) return hop;
      }
      return client;
    },
  };
}

/**
 * The bucket a client address is counted under for per-address limits: the address itself for IPv4, its /64
 * network for IPv6 (one subscriber usually holds a whole /64).
 */
export function addressBucket(address: string): string {
  const value = normalizeAddress(address);
  if (family(value) !== "ipv6") return value;
  const [head = "", tail = ""] = value.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // an embedded IPv4 tail (64:ff9b::192.0.2.1) takes the room of two groups
  if (right.at(-1)?.includes(".")) right.push("0");
  const groups = value.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}
