import { afterEach, describe, expect, it } from "vitest";
import { call, createTestDatabase, newDeviceNo, startTestServer, TEST_REDIS_URL, type TestServer } from "./harness.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function server(env: Record<string, string>): Promise<TestServer> {
  const db = await createTestDatabase();
  const srv = await startTestServer({ ...db.env, RATE_LIMIT_POINTS: "3", RATE_LIMIT_WINDOW_SECONDS: "60", ...env });
  cleanups.push(db.drop, srv.stop);
  return srv;
}

describe("the rate limiter", () => {
  it("answers 4003 once a device has used its allowance, in memory", async () => {
    const srv = await server({});
    const deviceNo = newDeviceNo();
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await call(srv.url, "/llm/model/list", { deviceNo })).json?.code);
    expect(codes).toEqual([200, 200, 200, 4003, 4003]);
    const limited = await call(srv.url, "/llm/model/list", { deviceNo });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: 4003, data: { key: "tooFrequent" } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // another device still gets through
    expect((await call(srv.url, "/llm/model/list")).json?.code).toBe(200);
  });

  it("shares the allowance across two API nodes through Redis", async () => {
    const prefix = `t${Date.now()}:`;
    const a = await server({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
    const b = await server({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
    const deviceNo = newDeviceNo();
    const codes = [];
    for (const node of [a, b, a, b, a]) codes.push((await call(node.url, "/llm/model/list", { deviceNo })).json?.code);
    expect(codes).toEqual([200, 200, 200, 4003, 4003]);
  });
});
