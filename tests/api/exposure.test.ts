import { afterEach, describe, expect, it } from "vitest";
import { call, createTestDatabase, newDeviceNo, startTestServer, type TestServer } from "./harness.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function server(env: Record<string, string>): Promise<TestServer> {
  const db = await createTestDatabase();
  const srv = await startTestServer({ ...db.env, ...env });
  cleanups.push(db.drop, srv.stop);
  return srv;
}

/** Asks for a reset code, then reads both outbox paths: the status each answers and whether the code shows. */
async function outbox(srv: TestServer) {
  const page = await fetch(`${srv.url}/dev/outbox`);
  const api = await fetch(`${srv.url}/v2/api/dev/outbox`, { headers: { "x-device-no": newDeviceNo() } });
  return { page: page.status, api: api.status, apiBody: await api.text() };
}

describe("the development mail outbox", () => {
  it("is served on a loopback listener in development", async () => {
    const srv = await server({ NODE_ENV: "development", HOST: "127.0.0.1" });
    const result = await outbox(srv);
    expect(result).toMatchObject({ page: 200, api: 200 });
    expect(JSON.parse(result.apiBody)).toMatchObject({ code: 200, data: { list: [] } });
  });

  it("answers 404 on both paths when the server listens on every interface without DEV_OUTBOX", async () => {
    const srv = await server({ NODE_ENV: "development", HOST: "0.0.0.0" });
    const result = await outbox(srv);
    expect(result).toMatchObject({ page: 404, api: 404 });
    expect(JSON.parse(result.apiBody)).toMatchObject({ code: 1001, data: { key: "notFound" } });
  });

  it("is served to this machine only when DEV_OUTBOX=1 opens it on every interface", async () => {
    const srv = await server({ NODE_ENV: "development", HOST: "0.0.0.0", DEV_OUTBOX: "1" });
    expect(await outbox(srv)).toMatchObject({ page: 200, api: 200 });
  });

  it("is never served in production or with SMTP, whatever DEV_OUTBOX says", async () => {
    const production = await server({ NODE_ENV: "production", HOST: "127.0.0.1", DEV_OUTBOX: "1" });
    expect(await outbox(production)).toMatchObject({ page: 404, api: 404 });
    const smtp = await server({
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      DEV_OUTBOX: "1",
      SMTP_URL: "smtp://127.0.0.1:1",
    });
    expect(await outbox(smtp)).toMatchObject({ page: 404, api: 404 });
  });
});

describe("client addresses behind proxies", () => {
  /** 20 calls, each from a new device and naming a new forwarded address: which were let through. */
  async function rotating(srv: TestServer) {
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await call(srv.url, "/llm/model/list", {
        deviceNo: newDeviceNo(),
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      });
      codes.push(response.json?.code ?? response.status);
    }
    return codes;
  }

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy, so the address limit holds", async () => {
    // a device may make 3 calls a window, an address 15
    const limits = { RATE_LIMIT_POINTS: "3", RATE_LIMIT_WINDOW_SECONDS: "60" };
    const untrusted: Record<string, string>[] = [{}, { TRUST_PROXY: "10.0.0.0/8,fd00::/8" }];
    for (const env of untrusted) {
      const srv = await server({ ...limits, ...env });
      const codes = await rotating(srv);
      expect(codes.slice(0, 15).every((code) => code === 200)).toBe(true);
      expect(codes.slice(15)).toEqual([4003, 4003, 4003, 4003, 4003]);
    }
  });

  it("believes the hop a trusted proxy forwarded", async () => {
    const srv = await server({ RATE_LIMIT_POINTS: "3", RATE_LIMIT_WINDOW_SECONDS: "60", TRUST_PROXY: "127.0.0.1" });
    expect(new Set(await rotating(srv))).toEqual(new Set([200]));
  });
});

describe("other API versions", () => {
  async function get(srv: TestServer, path: string) {
    const response = await fetch(`${srv.url}${path}`, { headers: { "x-device-no": newDeviceNo() } });
    expect(response.headers.get("content-type")).toContain("application/json");
    return { status: response.status, body: (await response.json()) as { code: number; data: unknown } };
  }

  it("answers the spec's three v1 calls with JSON, and every other API path with a JSON 404", async () => {
    const srv = await server({});
    const search = await get(srv, "/v1/api/dashboard/token/search?keyword=BTC");
    expect(search).toMatchObject({ status: 200, body: { code: 200, data: { list: expect.any(Array) } } });
    const swap = await get(srv, "/v1/api/recommendSwapQuestion?language=en");
    expect(swap).toMatchObject({ status: 200, body: { code: 200, data: { content1: expect.any(Array) } } });
    const nft = await get(srv, "/v1/api/getNftAgentQuestion");
    expect(nft).toMatchObject({ status: 404, body: { code: 1001, data: { key: "Coming" } } });
    for (const path of ["/v1/api/unknown", "/v3/api/getCoinList", "/v2/api/nothing/here"]) {
      expect(await get(srv, path)).toMatchObject({ status: 404, body: { code: 1001, data: { key: "notFound" } } });
    }
  });
});
