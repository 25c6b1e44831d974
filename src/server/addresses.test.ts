import { describe, expect, it } from "vitest";
import {
  addressBucket,
  createProxyTrust,
  isLoopbackAddress,
  isLoopbackHost,
  normalizeAddress,
  parseProxyList,
} from "./addresses.ts";

describe("addresses", () => {
  it("normalises brackets, zones and IPv4-in-IPv6", () => {
    expect(normalizeAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeAddress("[::1]")).toBe("::1");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
  });

  it("knows loopback peers and listen hosts", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
    for (const address of ["10.0.0.1", "192.168.1.2", "::", "0.0.0.0", "fe80::1", "unknown"]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
    expect(isLoopbackHost("localhost")).toBe(true);
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
    expect(isLoopbackHost("::")).toBe(false);
    expect(isLoopbackHost("example.org")).toBe(false);
  });

  it("parses proxy lists and says what is wrong with a bad one", () => {
    expect(parseProxyList("127.0.0.1, 10.0.0.0/8,fd00::/8")).toEqual(["127.0.0.1", "10.0.0.0/8", "fd00::/8"]);
    expect(parseProxyList("10.0.0.0/33")).toMatch(/not an address/);
    expect(parseProxyList("proxy.internal")).toMatch(/not an address/);
    expect(parseProxyList(" , ")).toBe("no address given");
  });

  it("believes forwarded hops only from trusted proxies", () => {
    const trust = createProxyTrust(["127.0.0.1", "10.0.0.0/8"]);
    // a client talking directly cannot choose its address
    expect(trust.clientAddress("203.0.113.9", "1.2.3.4")).toBe("203.0.113.9");
    // through one trusted proxy: the hop it saw
    expect(trust.clientAddress("127.0.0.1", "198.51.100.7")).toBe("198.51.100.7");
    // a client-written hop left of the real one is ignored
    expect(trust.clientAddress("127.0.0.1", "1.2.3.4, 198.51.100.7")).toBe("198.51.100.7");
    // through two trusted proxies
    expect(trust.clientAddress("::ffff:127.0.0.1", "198.51.100.7, 10.1.2.3")).toBe("198.51.100.7");
    // garbage in the header ends the walk at the last believed hop
    expect(trust.clientAddress("127.0.0.1", "1.2.3.4, not-an-ip")).toBe("127.0.0.1");
    expect(createProxyTrust([]).clientAddress("127.0.0.1", "1.2.3.4")).toBe("127.0.0.1");
  });

  it("counts IPv6 clients by their /64 and IPv4 clients by address", () => {
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressBucket("192.0.2.1")).toBe("192.0.2.1");
  });
});
