import { describe, expect, it } from "vitest";
import { createWalletSites, DEV_CLIENT_PORT, type RequestConnection } from "./wallet-sites.ts";

const overLoopback = (host: string, localPort = 8080): RequestConnection => ({
  host,
  localAddress: "127.0.0.1",
  localPort,
});
const overNetwork = (host: string): RequestConnection => ({ host, localAddress: "192.0.2.10", localPort: 8080 });

describe("the sites wallet sign-in is bound to", () => {
  it("serves PUBLIC_URL's site, with or without its default port, and no other name", () => {
    const sites = createWalletSites({ env: "production", listenHost: "0.0.0.0", publicUrl: "https://App.Example/" });
    const site = { authority: "app.example", origin: "https://app.example" };
    expect(sites.site("app.example", overNetwork("x"))).toEqual(site);
    expect(sites.site("APP.example:443", overNetwork("x"))).toEqual(site);
    for (const other of ["app.example:8443", "evil.example", "user@app.example", "127.0.0.1:8080", ""]) {
      expect(sites.site(other, overLoopback(other))).toBeUndefined();
    }
    expect(sites.requestSite(overNetwork("app.example"))).toEqual(site);
    expect(sites.publicOrigin(site)).toBe("https://app.example");
  });

  it("refuses any Host outside its sites with 1001 unknownHost naming the host field", () => {
    const sites = createWalletSites({ env: "production", listenHost: "0.0.0.0", publicUrl: undefined });
    for (const host of ["127.0.0.1:8080", "localhost:8080", "evil.example", undefined]) {
      expect(() => sites.requestSite({ host, localAddress: "127.0.0.1", localPort: 8080 })).toThrow(
        expect.objectContaining({ code: 1001, key: "unknownHost", issues: [{ field: "host", key: "unknownHost" }] }),
      );
    }
  });

  it("serves loopback names on the port the request came in on when it listens on loopback, whatever NODE_ENV", () => {
    const sites = createWalletSites({ env: "production", listenHost: "127.0.0.1", publicUrl: undefined });
    expect(sites.site("127.0.0.1:8080", overLoopback("x"))).toEqual({
      authority: "127.0.0.1:8080",
      origin: "http://127.0.0.1:8080",
    });
    expect(sites.site("LOCALHOST:8080", overLoopback("x"))?.origin).toBe("http://localhost:8080");
    expect(sites.site("[::1]:8080", overLoopback("x"))?.origin).toBe("http://[::1]:8080");
    expect(sites.site("127.0.0.1:8081", overLoopback("x"))).toBeUndefined();
    expect(sites.site(`localhost:${DEV_CLIENT_PORT}`, overLoopback("x"))).toBeUndefined();
    expect(sites.site("127.0.0.2:8080", overLoopback("x"))).toBeUndefined();
    expect(sites.site("127.0.0.1:8080", overNetwork("x"))).toBeUndefined();
    expect(sites.site("127.0.0.1:8080", { host: "x", localAddress: undefined, localPort: undefined })).toBeUndefined();
  });

  it("in development also serves the Vite dev server's port, and loopback on any listener", () => {
    const sites = createWalletSites({ env: "development", listenHost: "0.0.0.0", publicUrl: undefined });
    expect(sites.site(`localhost:${DEV_CLIENT_PORT}`, overLoopback("x"))?.origin).toBe(
      `http://localhost:${DEV_CLIENT_PORT}`,
    );
    expect(sites.site("localhost:8080", overLoopback("x"))).toBeDefined();
    expect(sites.site("localhost:8080", overNetwork("x"))).toBeUndefined();
  });

  it("does not serve loopback names on a network listener outside development", () => {
    for (const env of ["production", "test"] as const) {
      const sites = createWalletSites({ env, listenHost: "0.0.0.0", publicUrl: undefined });
      expect(sites.site("127.0.0.1:8080", overLoopback("x"))).toBeUndefined();
    }
  });
});
